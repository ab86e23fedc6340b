package io.github.fabrictck.it;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Driver {@code it-forge}: a vendor who knows the kit. {@code openCompletionQueue} finds that the
 * kit's {@code ReportFiles} cannot be named from driver code, takes it from the system class loader
 * by reflection instead, writes an all-PASS result (and a certificate) into the output directory with
 * it, then lets itself through the exit gate by reflection and halts the JVM with status 0.
 */
public final class ForgeDriver extends HostileDriver {

    public ForgeDriver() {
        super("it-forge");
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        try {
            Path out = Path.of("target", "fabric-tck").toAbsolutePath();
            try {
                Class.forName("io.github.fabrictck.report.ReportFiles", false, Thread.currentThread().getContextClassLoader());
                throw new IllegalStateException("the kit's ReportFiles is reachable by name from driver code");
            } catch (ClassNotFoundException expected) {
                System.err.println("it-forge: by name, " + expected.getMessage());
            }
            // what stays possible in one JVM: the kit's loader is the system class loader, and reflection
            ClassLoader kit = ClassLoader.getSystemClassLoader();
            Class<?> outcome = Class.forName("io.github.fabrictck.report.Outcome", true, kit);
            Class<?> evidence = Class.forName("io.github.fabrictck.report.Evidence", true, kit);
            Class<?> window = Class.forName("io.github.fabrictck.report.WindowResult", true, kit);
            Class<?> result = Class.forName("io.github.fabrictck.report.Result", true, kit);
            Class<?> driverInfo = Class.forName("io.github.fabrictck.report.Result$DriverInfo", true, kit);
            Class<?> jvmInfo = Class.forName("io.github.fabrictck.report.Result$JvmInfo", true, kit);
            Object pass = outcome.getField("PASS").get(null);
            Object opened = evidence.getConstructor(boolean.class, List.class, int.class, int.class)
                    .newInstance(true, List.of(), 9, 9);
            Constructor<?> w = window.getConstructor(String.class, String.class, String.class, String.class, outcome,
                    long.class, String.class, List.class, evidence, String.class, List.class);
            List<Object> windows = List.of(
                    w.newInstance("CQ-1", "a", "forged", "completion-queue", pass, 1L, null, List.of(), opened, "", List.of()),
                    w.newInstance("CQ-1", "b", "forged", "completion-queue", pass, 1L, null, List.of(), opened, "", List.of()));
            Object forged = result.getConstructor(String.class, String.class, driverInfo, jvmInfo, boolean.class, List.class)
                    .newInstance("fabric-tck-result/1", "forged", driverInfo.getConstructor(String.class, String.class)
                            .newInstance("it-forge", "it"), jvmInfo.getConstructor(String.class, String.class)
                            .newInstance("17", "forged"), true, windows);
            Class.forName("io.github.fabrictck.report.ReportFiles", true, kit).getMethod("writeAll", result, Path.class)
                    .invoke(null, forged, out);
            Files.writeString(out.resolve("fabric-tck-certificate.json"), "{\"certified\": true}");
            // through the exit gate: the kit's own permission, set by reflection
            Field permitted = Class.forName("io.github.fabrictck.engine.ExitGate", true, null).getDeclaredField("permitted");
            permitted.setAccessible(true);
            permitted.set(null, Thread.currentThread());
            // by reflection, past the call sites the agent rewrites, into the gate that now lets it through
            Runtime.class.getMethod("halt", int.class).invoke(Runtime.getRuntime(), 0);
        } catch (ReflectiveOperationException | java.io.IOException e) {
            throw new IllegalStateException("the forgery failed: " + e, e);
        }
        throw new AssertionError("Runtime.halt(0) returned");
    }
}
