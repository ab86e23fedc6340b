package io.github.fabrictck.it;

import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The plain part of a hostile endpoint: arms both queues, posts sends, waits for completions that
 * its hostile completion handler never counts, and destroys the queue pair on close.
 */
abstract class HostileEndpoint implements CompletionQueueDriver {

    final QueuePair queuePair;
    private final CountDownLatch neverCompleted = new CountDownLatch(1);
    private long nextWorkRequestId;

    HostileEndpoint(QueuePair queuePair) {
        this.queuePair = queuePair;
        queuePair.sendCompletionQueue().requestNotify(false);
        queuePair.receiveCompletionQueue().requestNotify(false);
    }

    @Override
    public void send(byte[] payload) {
        queuePair.postSend(++nextWorkRequestId, payload);
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        return neverCompleted.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        neverCompleted.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        return null;
    }

    @Override
    public void close() {
        queuePair.destroy();
    }
}
