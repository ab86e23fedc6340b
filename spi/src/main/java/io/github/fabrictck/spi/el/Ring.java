package io.github.fabrictck.spi.el;

import io.github.fabrictck.spi.Environment;

/**
 * An io_uring instance of the kernel (environment side; the driver calls it): a submission ring, a
 * completion ring and the {@code io_uring_enter(2)} call, without SQPOLL, as Netty's
 * {@code IOUringSubmissionQueue} and {@code IOUringCompletionQueue} use them.
 *
 * <p>An entry goes through three states: <em>queued</em> (written into the submission ring, invisible
 * to the kernel), <em>published</em> (the ring's tail stored: the kernel may take it) and
 * <em>submitted</em> (taken by an {@code io_uring_enter} that asked to submit it). Only a submitted
 * entry completes. Thread safety: one thread, the loop's, queues, publishes, enters and polls;
 * eventfd writes may come from any thread.
 *
 * @since SPI 5
 */
@Environment
public interface Ring {

    /** {@code eventfd(0, 0)}: a new eventfd, for the loop's wakeups. */
    EventFd openEventFd();

    /**
     * Queues an eventfd READ (8 bytes) into the submission ring, without publishing it.
     *
     * @param eventFd  the eventfd to read
     * @param userData returned in its completion
     */
    void queueRead(EventFd eventFd, long userData);

    /**
     * Queues a TIMEOUT (no completion count) into the submission ring, without publishing it. Once
     * submitted it completes with {@code -ETIME} when its time has passed on the kit's clock.
     *
     * @param nanos    how long from its submission
     * @param userData returned in its completion
     */
    void queueTimeout(long nanos, long userData);

    /**
     * Queues a NOP into the submission ring, without publishing it; once submitted it completes at once.
     *
     * @param userData returned in its completion
     */
    void queueNop(long userData);

    /**
     * Publishes the queued entries: stores the ring's tail, so the kernel may take them; nothing is
     * submitted yet.
     *
     * @return how many published entries the kernel has not taken yet
     */
    int publish();

    /**
     * Publishes the queued entries and submits every published entry, as liburing's
     * {@code io_uring_submit} and Netty's {@code IOUringSubmissionQueue.submit()} do (the tail
     * stored, then {@code io_uring_enter(fd, n, 0, 0)}).
     *
     * @return how many entries were submitted
     */
    int submit();

    /**
     * {@code io_uring_enter(fd, toSubmit, minComplete, IORING_ENTER_GETEVENTS)}: submits at most
     * {@code toSubmit} of the <em>published</em> entries the kernel has not taken (with {@code
     * toSubmit} 0, none: a queued or published entry stays as it is), then waits until at least
     * {@code minComplete} completions are ready to {@link #poll()}.
     *
     * @param toSubmit    how many published entries to submit at most
     * @param minComplete how many ready completions to wait for; 0 waits for none
     * @return how many entries were submitted
     * @throws IllegalStateException once the ring is closed, or when the kit tears the ring down
     *         under a thread that waits (the window is over)
     */
    int enter(int toSubmit, int minComplete);

    /**
     * Takes the oldest ready completion, if any (the completion ring's head advanced).
     *
     * @return the completion, or {@code null} when none is ready
     */
    Cqe poll();

    /**
     * {@code io_uring_queue_exit}: unmaps the rings; submitted entries not completed are dropped.
     * Every later call is a use after close, which the kit reports.
     */
    void close();
}
