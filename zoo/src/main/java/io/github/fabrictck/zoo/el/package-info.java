/**
 * Event-loop designs (SPI 5, family EVENT_LOOP): loops over an io_uring-style ring written the way different
 * vendors would, none of them a copy of the sample's Netty {@code IOUringEventLoop} shape, each correct design with
 * broken twins. Correct designs announce their sleep before they look at their task queue (or do both in one
 * critical section) and their wakers add the task before they wake, so a task added while the loop decides to block
 * is never left behind (EL-2's race); each submits its eventfd READ before any wait that depends on it, and makes
 * sure no eventfd write is still to come before it closes the eventfd (EL-1).
 *
 * <ul>
 *   <li>{@code zoo-el-wakenup}: Netty NioEventLoop's {@code wakenUp} flag ({@link io.github.fabrictck.zoo.el.WakenUpEventLoop});</li>
 *   <li>{@code zoo-el-locked}: one lock over the queue and a {@code sleeping} flag ({@link io.github.fabrictck.zoo.el.LockedEventLoop});</li>
 *   <li>{@code zoo-el-always-write}: every execute writes the eventfd ({@link io.github.fabrictck.zoo.el.AlwaysWriteEventLoop});</li>
 *   <li>{@code zoo-el-timed}: a TIMEOUT beside the READ in every wait ({@link io.github.fabrictck.zoo.el.TimedEventLoop});</li>
 *   <li>{@code zoo-el-token}: a wake token the one winning waker writes for ({@link io.github.fabrictck.zoo.el.TokenEventLoop});</li>
 *   <li>{@code zoo-el-deferred-wake}: wakeups coalesced on a one-shot timer of the context's scheduler
 *       and the token ({@link io.github.fabrictck.zoo.el.TokenEventLoop});</li>
 *   <li>{@code zoo-el-flag}: no atomic and no lock on the way to sleep, a {@code volatile} flag set before the look at
 *       a {@code ConcurrentLinkedQueue} ({@link io.github.fabrictck.zoo.el.FlagEventLoop});</li>
 *   <li>{@code zoo-el-monitor}: one plain monitor over the queue, a {@code sleeping} flag and the shutdown
 *       ({@link io.github.fabrictck.zoo.el.MonitorEventLoop});</li>
 *   <li>{@code zoo-el-varhandle}: Netty's {@code wakenUp} on a VarHandle over a plain field
 *       ({@link io.github.fabrictck.zoo.el.VarHandleEventLoop});</li>
 *   <li>{@code zoo-el-idle-set}: a group's idle set of loops, a {@code ConcurrentHashMap.newKeySet()}
 *       ({@link io.github.fabrictck.zoo.el.IdleSetEventLoop}).</li>
 * </ul>
 */
package io.github.fabrictck.zoo.el;
