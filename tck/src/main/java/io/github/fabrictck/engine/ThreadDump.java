package io.github.fabrictck.engine;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A thread dump of the fork, for a window that timed out: every application thread with its whole stack,
 * bounded so that a driver with thousands of threads still gets its verdict written.
 */
public final class ThreadDump {

    /** The most threads a dump lists; a driver with more gets "and N more threads". */
    public static final int MAX_THREADS = 500;

    /** The most threads a listing in a reason names. */
    public static final int MAX_LISTED = 10;

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
        int dumped = 0;
        int left = 0;
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            if (JVM_THREADS.contains(t.getName())) {
                continue;
            }
            if (dumped++ >= MAX_THREADS) {
                left++;
                continue;
            }
            out.append('"').append(t.getName()).append('"').append(t.isDaemon() ? " daemon" : "").append(' ')
                    .append(t.getState()).append('\n');
            for (StackTraceElement frame : e.getValue()) {
                out.append("\tat ").append(frame).append('\n');
            }
            out.append('\n');
        }
        if (left > 0) {
            out.append("… and ").append(left).append(" more threads\n");
        }
        return out.toString();
    }

    /**
     * The first {@code threads} threads of {@code dump} (after its deadlock line, if any), with
     * "… and N more threads; the whole dump is in FILE" when it had more; else the dump as it is.
     */
    public static String excerpt(String dump, int threads, String file) {
        String[] blocks = dump.split("\n\n");
        StringBuilder out = new StringBuilder();
        int kept = 0;
        int more = 0;
        for (String block : blocks) {
            boolean thread = block.startsWith("\"");
            if (thread && kept >= threads) {
                more++;
                continue;
            }
            kept += thread ? 1 : 0;
            out.append(block).append("\n\n");
        }
        if (more == 0) {
            return dump;
        }
        return out.append("… and ").append(more).append(" more threads; the whole dump is in ").append(file).append('\n')
                .toString();
    }

    /**
     * The items of a listing joined with {@code separator}, at most {@value #MAX_LISTED} of them,
     * then "… and N more": a reason stays readable however many threads a driver has.
     */
    public static String listing(List<String> items, String separator) {
        if (items.size() <= MAX_LISTED) {
            return String.join(separator, items);
        }
        return String.join(separator, items.subList(0, MAX_LISTED)) + separator + "… and " + (items.size() - MAX_LISTED)
                + " more";
    }

    /**
     * "deadlock: a waits for x held by b; ..." when the JVM finds deadlocked threads among these,
     * else {@code null}. (Threads left deadlocked by an earlier window do not count.)
     */
    public static String deadlock(java.util.Collection<Thread> among) {
        if (!mayDeadlock(among)) {
            return null;
        }
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

    /**
     * Whether one of the threads waits to take a monitor or a lock: without one there is no lock
     * cycle among them, and the JVM's search for one (which stops every thread) is spared.
     */
    private static boolean mayDeadlock(java.util.Collection<Thread> threads) {
        for (Thread t : threads) {
            Thread.State s = t.getState();
            if (s == Thread.State.BLOCKED || s != Thread.State.TERMINATED && s != Thread.State.RUNNABLE
                    && java.util.concurrent.locks.LockSupport.getBlocker(t)
                            instanceof java.util.concurrent.locks.AbstractOwnableSynchronizer) {
                return true;
            }
        }
        return false;
    }
}
