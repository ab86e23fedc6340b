package io.github.fabrictck.sample;

import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;

/**
 * {@code broken-cq-1}: the BeeGFS client before "fix(client): Avoid missing final send CQE"
 * (ThinkParQ/beegfs PR #133). The handler counts the event, then re-arms; the waiter polls and
 * waits for the counter to change, with BeeGFS's own 5-minute timeout.
 *
 * <pre>
 * __IBVSocket_sendCompletionHandler:
 *     atomic_inc(cnt)          &lt;- 1. bump
 *     ib_req_notify_cq()       &lt;- 5. re-arm: too late for a completion queued at 4.
 * </pre>
 */
final class BeeGfsEndpoint extends Endpoint {

    /** BeeGFS waits this long for send completions, whatever the caller asked. */
    static final Duration SEND_COMPLETION_TIMEOUT = Duration.ofMinutes(5);

    BeeGfsEndpoint(QueuePair queuePair) {
        super(queuePair);
    }

    @Override
    protected void handle(CompletionQueue queue) {
        progress.incrementAndGet();
        queue.requestNotify(false);
        wakeWaiters();
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        return super.awaitSendsComplete(SEND_COMPLETION_TIMEOUT);
    }
}
