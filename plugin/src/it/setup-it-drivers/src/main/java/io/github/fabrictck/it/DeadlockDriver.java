package io.github.fabrictck.it;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.concurrent.CountDownLatch;

/**
 * Driver {@code it-deadlock}: the completion handler and a thread the driver starts take two
 * monitors in opposite orders, each holding its first while they meet on a latch: a certain deadlock
 * at the first completion event.
 */
public final class DeadlockDriver extends HostileDriver {

    public DeadlockDriver() {
        super("it-deadlock");
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return new Endpoint(context, queuePair);
    }

    private static final class Endpoint extends HostileEndpoint {

        private final Object first = new Object();
        private final Object second = new Object();
        private final CountDownLatch meet = new CountDownLatch(2);

        Endpoint(DriverContext context, QueuePair queuePair) {
            super(queuePair);
            context.threadFactory().newThread(() -> lockBoth(second, first)).start();
        }

        @Override
        public void onCompletionEvent(CompletionQueue queue) {
            lockBoth(first, second);
        }

        private void lockBoth(Object mine, Object theirs) {
            synchronized (mine) {
                meet.countDown();
                try {
                    meet.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                synchronized (theirs) {
                    // never reached: the other thread holds it and waits for mine
                    Thread.onSpinWait();
                }
            }
        }
    }
}
