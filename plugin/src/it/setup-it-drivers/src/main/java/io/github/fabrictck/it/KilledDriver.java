package io.github.fabrictck.it;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Driver {@code it-killed}: its first window ends with an exception (a verdict the parent receives);
 * in the next one its JVM is killed with SIGKILL, as an operator or the OOM killer would.
 */
public final class KilledDriver extends HostileDriver {

    private static final AtomicInteger OPENED = new AtomicInteger();

    public KilledDriver() {
        super("it-killed");
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        if (OPENED.getAndIncrement() == 0) {
            throw new IllegalStateException("the first window's verdict, reached before the kill");
        }
        try {
            new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
            Thread.sleep(60_000);
        } catch (Exception e) {
            throw new IllegalStateException("kill -9 did not happen: " + e, e);
        }
        throw new AssertionError("still alive after kill -9");
    }
}
