package io.github.fabrictck.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether a driver is stuck: every driver thread is idle and will not wake within the
 * window's bound, while work is pending that nothing will announce (a completion queued that no
 * event will report). Plain Java over a snapshot, so tests reach it without threads or an agent.
 */
public final class StuckDetector {

    private static final Set<Thread.State> PARKED = EnumSet.of(Thread.State.WAITING, Thread.State.TIMED_WAITING);

    private StuckDetector() {
    }

    /**
     * What the engine knows of one driver thread at one moment.
     *
     * @param name           the thread's name
     * @param state          its JVM state
     * @param held           held by a script at a point
     * @param waitingForWork the kit's own wait for the next task or device event (idle by definition)
     * @param blockedIn      the blocking call it is in, {@code Object.wait at Class.method(File.java:LINE)}, or {@code null}
     * @param timeoutNanos   that call's timeout, {@link Blocking#FOREVER}, or {@link Blocking#NOT_BLOCKING}
     */
    public record ThreadView(String name, Thread.State state, boolean held, boolean waitingForWork, String blockedIn,
                             long timeoutNanos) {

        /** Whether the thread is parked inside a blocking call the driver made, for however long. */
        public boolean isBlockedInDriver() {
            return !held && !waitingForWork && PARKED.contains(state) && timeoutNanos != Blocking.NOT_BLOCKING;
        }

        /** Whether the thread is blocked and will not wake by itself within the bound. */
        public boolean isIdleBeyond(Duration bound) {
            if (state == Thread.State.TERMINATED) {
                return true;
            }
            if (!PARKED.contains(state) || held) {
                return false;
            }
            return waitingForWork || timeoutNanos == Blocking.FOREVER
                    || timeoutNanos != Blocking.NOT_BLOCKING && timeoutNanos >= bound.toNanos();
        }

        String describe() {
            if (state == Thread.State.TERMINATED) {
                return name + " has ended";
            }
            if (waitingForWork) {
                return name + " waits for work";
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
        List<String> idle = new ArrayList<>();
        for (ThreadView t : threads) {
            if (!t.isIdleBeyond(bound)) {
                return Optional.empty();
            }
            idle.add(t.describe());
        }
        return Optional.of("every driver thread is idle (" + String.join("; ", idle) + ") while "
                + String.join("; ", unannounced));
    }
}
