/**
 * The event-loop family (since SPI 5): a loop thread over an io_uring-style ring, as Netty's
 * {@code IOUringEventLoop} runs it.
 *
 * <p>The environment is a {@link io.github.fabrictck.spi.el.Ring} (the kernel's side: a submission
 * ring, a completion ring and eventfds); the driver's side is an
 * {@link io.github.fabrictck.spi.el.EventLoop}, opened by
 * {@link io.github.fabrictck.spi.Driver#openEventLoop}.
 *
 * <p>The rules, as Linux's {@code io_uring_enter(2)} has them on a ring without SQPOLL:
 * <ul>
 *   <li>a queued submission entry is invisible to the kernel until the ring's tail is published
 *       ({@link io.github.fabrictck.spi.el.Ring#publish()}), and does nothing until it is submitted
 *       ({@link io.github.fabrictck.spi.el.Ring#submit()}, or
 *       {@link io.github.fabrictck.spi.el.Ring#enter} with a positive {@code toSubmit});</li>
 *   <li>{@link io.github.fabrictck.spi.el.Ring#enter enter(0, n)} submits nothing and waits: a
 *       loop that waits so for the completion of an entry it only queued waits forever;</li>
 *   <li>an eventfd READ completes once the eventfd was written, before or after the READ was
 *       submitted; a TIMEOUT completes when its time has passed (the kit's virtual time);</li>
 *   <li>a completion may be posted to the completion ring after the write that made it, at the
 *       latest when the loop's thread next enters the ring: a loop must not take the completion of
 *       one write for that of another.</li>
 * </ul>
 * The contract EL-1 checks: after {@link io.github.fabrictck.spi.el.EventLoop#shutdownGracefully()}
 * the loop runs every task it accepted and its thread ends, whenever the call lands. The contract EL-2
 * checks: a task given with {@link io.github.fabrictck.spi.el.EventLoop#execute} while the loop decides
 * to block runs without another wakeup (no other task, eventfd write, completion or timeout). The
 * contract EL-3 checks: no eventfd write comes after the loop closed the eventfd, however many
 * wakeups are in flight when it closes.
 */
package io.github.fabrictck.spi.el;
