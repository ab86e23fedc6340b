package io.github.fabrictck.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides whether a driver is stuck, and whether it has settled: plain Java over what the engine
 * recorded of each driver thread, so tests reach it without threads or an agent.
 *
 * <p>Idleness is exact, not read off {@code Thread.State} alone. A thread is idle only if it sits in
 * a blocking call that no wake has reached since it entered it (a signal, notify, unpark, release,
 * countDown, complete, queue offer, unlock or interrupt recorded by the engine <em>before</em> it was
 * made), or waits for the kit's next task while none is queued. A thread that was signalled but has
 * not run yet still shows WAITING: it is not idle. A thread BLOCKED on a monitor, or parked acquiring
 * a lock, is idle only if that lock's owner is idle; when the owner is held by the kit, the kit
 * itself caused the stall, and {@link #settle} says so.
 */
public final class StuckDetector {

    private static final Set<Thread.State> PARKED = EnumSet.of(Thread.State.WAITING, Thread.State.TIMED_WAITING);

    private StuckDetector() {
    }

    /**
     * What the engine knows of one driver thread at one moment.
     *
     * @param id             the thread's id
     * @param name           the thread's name
     * @param state          its JVM state
     * @param held           held by a script at a point
     * @param waitingForWork the kit's own wait for the next task or device event, with none queued
     * @param blockedIn      the blocking call it is in, {@code Object.wait at Class.method(File.java:LINE)}, or {@code null}
     * @param timeoutNanos   that call's timeout, {@link Blocking#FOREVER}, or {@link Blocking#NOT_BLOCKING}
     * @param woken          a wake that can reach it happened since it entered that call
     * @param acquiring      the call acquires a lock ({@code Lock.lock}): idle only if the owner is
     * @param lockOwners     the ids of the threads holding the monitor or lock it is blocked on (a
     *                       read-write lock's readers, a stamped lock's holders), empty when none is known
     * @param lock           that lock in words ({@code java.lang.Object@1b6d3586}), or {@code null}
     * @param heldAt         where it is held, when {@code held}
     */
    public record ThreadView(long id, String name, Thread.State state, boolean held, boolean waitingForWork,
                             String blockedIn, long timeoutNanos, boolean woken, boolean acquiring,
                             List<Long> lockOwners, String lock, String heldAt) {

        public ThreadView {
            lockOwners = List.copyOf(lockOwners);
        }

        /** A view of a thread with no lock involved: the shape most tests need. */
        public static ThreadView of(String name, Thread.State state, boolean held, boolean waitingForWork,
                                    String blockedIn, long timeoutNanos, boolean woken) {
            return new ThreadView(name.hashCode(), name, state, held, waitingForWork, blockedIn, timeoutNanos, woken,
                    false, List.of(), null, null);
        }

        /** Whether the thread is parked inside a blocking call the driver made, and nothing woke it since. */
        public boolean isBlockedInDriver() {
            return !held && !waitingForWork && PARKED.contains(state) && timeoutNanos != Blocking.NOT_BLOCKING
                    && !woken && !acquiring;
        }

        /** Whether it waits for a lock (a monitor, or a {@code Lock} it is acquiring) that another thread owns. */
        boolean waitsForLock() {
            return !held && !lockOwners.isEmpty() && (state == Thread.State.BLOCKED
                    || acquiring && PARKED.contains(state) && !woken);
        }

        String describe() {
            if (state == Thread.State.TERMINATED) {
                return name + " has ended";
            }
            if (held) {
                return name + " is held" + (heldAt == null ? "" : " at " + heldAt);
            }
            if (waitingForWork) {
                return name + " waits for work";
            }
            if (waitsForLock()) {
                return name + " waits for " + lock + (blockedIn == null ? "" : " in " + blockedIn);
            }
            return name + " waits in " + blockedIn + " (" + Blocking.describe(timeoutNanos) + ")";
        }
    }

    /**
     * Judges a snapshot.
     *
     * @param threads     every driver thread
     * @param unannounced pending work that no event will announce, in words; empty when there is none
     * @param bound       how soon a thread must wake by itself not to count as idle
     * @return the description of the stuck state, or empty when the driver is not stuck
     */
    public static Optional<String> judge(List<ThreadView> threads, List<String> unannounced, Duration bound) {
        if (unannounced.isEmpty() || threads.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> idle = allIdle(threads, bound);
        return idle.map(words -> "every driver thread is idle (" + words + ") while " + String.join("; ", unannounced));
    }

    /**
     * Whether every driver thread is idle beyond the bound: each ended, waiting for work that is not
     * there, or blocked in a call no wake reached whose timeout is longer than the bound, or waiting
     * for a lock whose owner is idle.
     *
     * @return the idle threads in words, or empty when one of them can still run
     */
    public static Optional<String> allIdle(List<ThreadView> threads, Duration bound) {
        Map<Long, ThreadView> byId = byId(threads);
        List<String> idle = new ArrayList<>();
        for (ThreadView t : threads) {
            if (!idle(t, byId, bound.toNanos(), new HashSet<>())) {
                return Optional.empty();
            }
            idle.add(t.describe());
        }
        return Optional.of(String.join("; ", idle));
    }

    /**
     * What a script waits for before it makes its move: every thread the kit does not hold has
     * settled (ended, waiting for work, blocked in a call no wake reached, whatever its timeout, or
     * waiting for a lock whose owner has settled or is held).
     *
     * @param threads every driver thread
     * @return whether they settled, and the threads that wait for a lock a held thread owns (the
     *         kit's own hold stalls them), in words
     */
    public static Settle settle(List<ThreadView> threads) {
        Map<Long, ThreadView> byId = byId(threads);
        List<String> stalled = new ArrayList<>();
        List<Long> stalledIds = new ArrayList<>();
        boolean settled = true;
        boolean contended = false;
        // idle() leaves it empty again each time
        Set<Long> visiting = new HashSet<>();
        for (ThreadView t : threads) {
            if (t.held) {
                continue;
            }
            contended |= t.state == Thread.State.BLOCKED || t.acquiring || !t.lockOwners.isEmpty();
            if (!idle(t, byId, 0, visiting)) {
                settled = false;
            }
            ThreadView owner = t.waitsForLock() ? heldOwner(t, byId, new HashSet<>()) : null;
            if (owner != null) {
                stalled.add(t.name + " waits for " + t.lock + (t.blockedIn == null ? "" : " in " + t.blockedIn)
                        + ", which " + owner.name + " owns while the kit holds it"
                        + (owner.heldAt == null ? "" : " at " + owner.heldAt));
                stalledIds.add(t.id);
            }
        }
        return new Settle(settled, List.copyOf(stalled), List.copyOf(stalledIds), contended);
    }

    /**
     * A settle test's answer.
     *
     * @param settled    every thread not held has settled
     * @param stalled    threads waiting for a lock that a held thread owns, in words
     * @param stalledIds their thread ids
     * @param contended  a thread not held waits to take a lock or monitor (its owner and its state are read at
     *                   different moments, so such an answer is worth confirming once the others ran)
     */
    public record Settle(boolean settled, List<String> stalled, List<Long> stalledIds, boolean contended) {

        /** An answer that does not say whether a thread waits to take a lock: it may. */
        public Settle(boolean settled, List<String> stalled, List<Long> stalledIds) {
            this(settled, stalled, stalledIds, true);
        }
    }

    /**
     * Whether one thread is idle. With {@code beyondNanos} 0 a blocked thread counts whatever its
     * timeout (settling); otherwise its timeout must be at least that long (stuck).
     */
    private static boolean idle(ThreadView t, Map<Long, ThreadView> byId, long beyondNanos, Set<Long> visiting) {
        if (t.state == Thread.State.TERMINATED) {
            return true;
        }
        if (t.held) {
            // held: idle for settling (the kit moves it), never for being stuck
            return beyondNanos == 0;
        }
        if (t.waitingForWork) {
            return PARKED.contains(t.state);
        }
        if (t.waitsForLock()) {
            if (!visiting.add(t.id)) {
                return true; // a cycle of lock waits: a deadlock, idle for good
            }
            try {
                // idle only if every holder is: a reader behind several readers waits for all of them
                for (long id : t.lockOwners) {
                    ThreadView owner = byId.get(id);
                    if (owner == null || !idle(owner, byId, beyondNanos, visiting)) {
                        return false;
                    }
                }
                return true;
            } finally {
                visiting.remove(t.id);
            }
        }
        if (!PARKED.contains(t.state) || t.woken || t.acquiring || t.timeoutNanos == Blocking.NOT_BLOCKING) {
            return false;
        }
        return beyondNanos == 0 || t.timeoutNanos == Blocking.FOREVER || t.timeoutNanos >= beyondNanos;
    }

    /**
     * A held thread among the holders of the lock {@code t} waits for, or among theirs when they wait
     * for a lock in turn, or {@code null} if t waits for no lock or none of them is held.
     */
    private static ThreadView heldOwner(ThreadView t, Map<Long, ThreadView> byId, Set<Long> seen) {
        if (!t.waitsForLock() || !seen.add(t.id)) {
            return null;
        }
        for (long id : t.lockOwners) {
            ThreadView owner = byId.get(id);
            if (owner == null) {
                continue;
            }
            if (owner.held) {
                return owner;
            }
            ThreadView further = heldOwner(owner, byId, seen);
            if (further != null) {
                return further;
            }
        }
        return null;
    }

    /**
     * The hint for driver threads found in classes the agent did not rewrite: the kit sees neither
     * their points nor what they wait for, so it names the packages to add.
     *
     * @param classNames the classes such threads are in (the top frame outside the JDK and the kit)
     * @param packages   the packages instrumented already ({@code fabric-tck.instrumentPackages}), which the
     *                   property must keep
     * @return {@code "; ... add its package with -Dfabric-tck.instrumentPackages=..."}, or {@code ""} when there is none:
     *         a class the agent never rewrites (the kit's own, the JDK's, the kit's libraries) or one in a package
     *         instrumented already is never named, since adding its package could change nothing
     */
    public static String outsideInstrumentedPackages(Collection<String> classNames, Collection<String> packages) {
        Set<String> classes = new TreeSet<>();
        classNames.stream().filter(c -> addable(c, packages)).forEach(classes::add);
        if (classes.isEmpty()) {
            return "";
        }
        Set<String> added = new TreeSet<>();
        classes.forEach(c -> added.add(c.lastIndexOf('.') < 0 ? c : c.substring(0, c.lastIndexOf('.'))));
        Set<String> property = new java.util.LinkedHashSet<>();
        packages.forEach(p -> property.add(p.endsWith(".") ? p.substring(0, p.length() - 1) : p));
        property.addAll(added);
        return "; " + String.join(", ", classes) + (classes.size() == 1 ? " is" : " are")
                + " outside the instrumented packages, so the kit cannot see what " + (classes.size() == 1 ? "it waits" : "they wait")
                + " for: add " + (added.size() == 1 ? "its package" : "their packages") + " with `-Dfabric-tck.instrumentPackages="
                + String.join(",", property) + "` (or in the plugin's `<instrumentPackages>`)";
    }

    /**
     * Whether adding the package of class {@code className} to {@code fabric-tck.instrumentPackages} can make the agent
     * rewrite it: not when the agent never rewrites it ({@link AgentConfig#neverRewritten}: the kit, the SPI, the JDK,
     * the kit's libraries), nor when it is the kit's exploration code, nor when a prefix of {@code packages} covers it.
     */
    static boolean addable(String className, Collection<String> packages) {
        if (className.lastIndexOf('.') < 0 || AgentConfig.neverRewritten(className)
                || className.startsWith("io.github.fabrictck.explore.") || className.startsWith("io.github.fabrictck.docs.")) {
            return false;
        }
        for (String p : packages) {
            String prefix = p.endsWith(".") ? p : p + ".";
            if (className.startsWith(prefix)) {
                return false;
            }
        }
        return true;
    }

    /** The threads by id, for following lock owners: empty when no thread waits for a lock (nearly every look). */
    private static Map<Long, ThreadView> byId(List<ThreadView> threads) {
        boolean locks = false;
        for (int i = 0; i < threads.size() && !locks; i++) {
            locks = threads.get(i).waitsForLock();
        }
        if (!locks) {
            return Map.of();
        }
        Map<Long, ThreadView> byId = new HashMap<>();
        for (ThreadView t : threads) {
            byId.put(t.id, t);
        }
        return byId;
    }
}
