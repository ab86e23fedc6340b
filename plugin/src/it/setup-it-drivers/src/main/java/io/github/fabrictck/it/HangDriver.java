package io.github.fabrictck.it;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CountDownLatch;

/**
 * Driver {@code it-hang}: {@code openCompletionQueue} writes the fork's process id to
 * {@code target/fork.pid} (so a test knows the fork runs and which process it is), then never returns.
 */
public final class HangDriver extends HostileDriver {

    public HangDriver() {
        super("it-hang");
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        try {
            Path written = Files.writeString(Path.of("target", "fork.pid.tmp"), Long.toString(ProcessHandle.current().pid()));
            Files.move(written, Path.of("target", "fork.pid"), StandardCopyOption.ATOMIC_MOVE);
            new CountDownLatch(1).await();
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("the hang ended: " + e, e);
        }
        throw new AssertionError("a latch nobody counts down was released");
    }
}
