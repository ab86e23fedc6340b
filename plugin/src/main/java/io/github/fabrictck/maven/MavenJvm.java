package io.github.fabrictck.maven;

import java.lang.management.ManagementFactory;

/**
 * Maven's own JVM, the process that receives the fork's verdicts and writes the certificate, as seen from inside it.
 * Driver code runs as the same user in the fork and can load an agent into any JVM of that user that accepts the JDK's
 * attach mechanism ({@code VirtualMachine.attach(pid).loadAgent(...)}, or the same protocol spoken by hand over its
 * socket): an agent in Maven's JVM could rewrite the judge itself. A JVM started with
 * {@code -XX:+DisableAttachMechanism} accepts none, and a JVM that accepted one runs an {@code Attach Listener}
 * thread from then on.
 */
final class MavenJvm {

    /** The JVM option that makes a JVM refuse the attach mechanism. */
    static final String DISABLE_ATTACH = "-XX:+DisableAttachMechanism";

    private MavenJvm() {
    }

    /** Whether this JVM accepts the attach mechanism: {@code true} unless it runs with {@link #DISABLE_ATTACH} (or cannot tell). */
    static boolean attachable() {
        try {
            return !"true".equals(ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .getVMOption("DisableAttachMechanism").getValue());
        } catch (RuntimeException | LinkageError notHotSpot) {
            return true;
        }
    }

    /** Whether something attached to this JVM (its {@code Attach Listener} thread runs). */
    static boolean attachedTo() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> "Attach Listener".equals(t.getName()));
    }

    /**
     * Why the run is no certification, in one sentence, or {@code null}: something attached to Maven's JVM while the
     * fork ran ({@code before}: whether something had attached before the fork started, when the kit cannot tell).
     */
    static String attachedDuringRun(boolean before, boolean after) {
        if (before || !after) {
            return null;
        }
        return "a process attached to Maven's JVM while the fork ran (its Attach Listener thread started): driver code "
               + "can load an agent into the process that judges it; run Maven with " + DISABLE_ATTACH
               + " (in .mvn/jvm.config or MAVEN_OPTS)";
    }

    /** The warning for a run in a Maven JVM that accepts the attach mechanism. */
    static String attachableWarning() {
        return "Fabric TCK: Maven's JVM accepts the attach mechanism, so the driver's code could load an agent into the "
               + "process that judges it; the certificate records it (fork.mavenAttachable). Add " + DISABLE_ATTACH
               + " to .mvn/jvm.config (or MAVEN_OPTS).";
    }
}
