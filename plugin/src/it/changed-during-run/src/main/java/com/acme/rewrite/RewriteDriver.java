package com.acme.rewrite;

import io.github.fabrictck.sample.SampleDriver;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * Driver {@code it-rewrite}: the sample driver's behaviour; when its first completion queue opens, it appends to
 * its own jar, adds a class file to target/classes and writes .mvn/maven.config in the build it runs in.
 */
public final class RewriteDriver implements Driver {

    private final Driver sample = new SampleDriver();
    private final AtomicBoolean done = new AtomicBoolean();

    @Override
    public String name() {
        return "it-rewrite";
    }

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public Set<Family> families() {
        return Set.of(Family.COMPLETION_QUEUE);
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        if (done.compareAndSet(false, true)) {
            rewrite();
        }
        return sample.openCompletionQueue(context, queuePair);
    }

    private static void rewrite() {
        try (Stream<Path> target = Files.list(Path.of("target"))) {
            for (Path jar : target.filter(p -> p.toString().endsWith(".jar")).toList()) {
                Files.write(jar, new byte[] {0}, StandardOpenOption.APPEND);
            }
            Files.writeString(Path.of("target/classes/com/acme/rewrite/Planted.class"), "planted");
            Files.writeString(Path.of(".mvn/maven.config"), "-B -Dfabric-tck.windowTimeout=1\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
