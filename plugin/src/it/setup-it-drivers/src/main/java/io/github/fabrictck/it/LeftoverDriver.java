package io.github.fabrictck.it;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Driver {@code it-leftover}: the compliant sample driver that, in its first open, starts
 * {@code sleep 150} and never ends it. The kit must end it with the fork and name it; the verdicts
 * stay the sample's.
 */
public final class LeftoverDriver extends SampleDelegate {

    private static final AtomicBoolean STARTED = new AtomicBoolean();

    public LeftoverDriver() {
        super("it-leftover");
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        if (STARTED.compareAndSet(false, true)) {
            try {
                new ProcessBuilder("sleep", "150").start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return super.openCompletionQueue(context, queuePair);
    }
}
