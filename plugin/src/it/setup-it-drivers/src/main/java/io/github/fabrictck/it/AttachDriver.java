package io.github.fabrictck.it;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Driver {@code it-attach}: the compliant sample driver that, in its first open, attaches to its parent process,
 * Maven's JVM, with the JDK's attach API (by reflection: the driver's loader does not show {@code jdk.attach}) and
 * detaches at once. A real attacker would load an agent that rewrites the judge (#27, hostile review); attaching at
 * all is the step the kit must refuse or see. What happened is written to {@code attach-outcome.txt}.
 */
public final class AttachDriver extends SampleDelegate {

    private static final AtomicBoolean TRIED = new AtomicBoolean();

    public AttachDriver() {
        super("it-attach");
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        if (TRIED.compareAndSet(false, true)) {
            String outcome;
            try {
                long maven = ProcessHandle.current().parent().orElseThrow().pid();
                Class<?> vm = ClassLoader.getSystemClassLoader().loadClass("com.sun.tools.attach.VirtualMachine");
                Object attached = vm.getMethod("attach", String.class).invoke(null, Long.toString(maven));
                vm.getMethod("detach").invoke(attached);
                outcome = "attached to " + maven;
            } catch (ReflectiveOperationException | RuntimeException e) {
                Throwable cause = e instanceof java.lang.reflect.InvocationTargetException i ? i.getCause() : e;
                outcome = "refused: " + cause;
            }
            try {
                Files.writeString(Path.of("attach-outcome.txt"), outcome, StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return super.openCompletionQueue(context, queuePair);
    }
}
