package io.github.fabrictck.engine;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A thread dump of the fork, for a window that timed out: every application thread with its whole stack. */
public final class ThreadDump {

    private static final Set<String> JVM_THREADS = Set.of("Reference Handler", "Finalizer", "Signal Dispatcher",
            "Common-Cleaner", "Attach Listener", "Notification Thread");

    private ThreadDump() {
    }

    /** The dump, as text, with the deadlock among these threads first if there is one. */
    public static String take(java.util.Collection<Thread> among) {
        StringBuilder out = new StringBuilder();
        String deadlock = deadlock(among);
        if (deadlock != null) {
            out.append(deadlock).append("\n\n");
        }
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            if (JVM_THREADS.contains(t.getName())) {
                continue;
            }
            out.append('"').append(t.getName()).append('"').append(t.isDaemon() ? " daemon" : "").append(' ')
                    .append(t.getState()).append('\n');
            for (StackTraceElement frame : e.getValue()) {
                out.append("\tat ").append(frame).append('\n');
            }
            out.append('\n');
        }
        return out.toString();
    }

    /**
     * "deadlock: a waits for x held by b; ..." when the JVM finds deadlocked threads among these,
     * else {@code null}. (Threads left deadlocked by an earlier window do not count.)
     */
    public static String deadlock(java.util.Collection<Thread> among) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] found = mx.findDeadlockedThreads();
        if (found == null || found.length == 0) {
            return null;
        }
        java.util.Set<Long> ours = new java.util.HashSet<>();
        among.forEach(t -> ours.add(t.getId()));
        long[] ids = java.util.Arrays.stream(found).filter(ours::contains).toArray();
        if (ids.length == 0) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (ThreadInfo info : mx.getThreadInfo(ids, true, true)) {
            if (info != null) {
                parts.add(info.getThreadName() + " waits for " + info.getLockName() + " held by " + info.getLockOwnerName()
                        + (info.getStackTrace().length > 0 ? " at " + Site.format(info.getStackTrace()[0]) : ""));
            }
        }
        return "deadlock: " + String.join("; ", parts);
    }
}
