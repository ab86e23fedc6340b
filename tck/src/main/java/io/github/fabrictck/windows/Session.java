package io.github.fabrictck.windows;

import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.TraceEvent;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.Family;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the launcher gives the catalog for one run: the driver, the bounds, and where each window
 * leaves its evidence and trace for the verdict.
 *
 * @param driver       the driver under test
 * @param families     the families it declares, asked once when the session starts: every window and the
 *                     run's record go by this answer, so a driver that answers differently later (to a
 *                     window it would rather skip) changes nothing
 * @param bound        how soon pending work must be taken up (and the stuck detector's horizon)
 * @param pointTimeout how long a script waits for a point or an idle thread before the window is ERROR
 */
public record Session(Driver driver, Set<Family> families, Duration bound, Duration pointTimeout,
                      Map<String, Record> records) {

    private static volatile Session current;

    /**
     * What one window variant left behind, keyed by the JUnit unique id.
     *
     * @param evidence   the evidence
     * @param trace      the trace
     * @param holds      the holds, in words
     * @param kitError   why the kit cannot accept this window's verdict (the driver tried to end the
     *                   JVM, left non-daemon threads, a class failed to transform), or {@code null}
     * @param where      where the driver threads were when the window ended
     * @param threadDump a thread dump taken when the window could not finish, or {@code null}
     */
    public record Record(Evidence evidence, List<TraceEvent> trace, List<String> holds, String kitError, String where,
                         String threadDump) {
    }

    /** Starts a session for one driver: asks it once for the families it implements. */
    public static Session start(Driver driver, Duration bound, Duration pointTimeout) {
        Set<Family> declared = driver.families();
        Set<Family> families = declared == null ? Set.of()
                : Set.copyOf(declared.stream().filter(java.util.Objects::nonNull).toList());
        Session s = new Session(driver, families, bound, pointTimeout, new ConcurrentHashMap<>());
        current = s;
        return s;
    }

    /** The session in progress, or {@code null} outside the launcher. */
    public static Session current() {
        return current;
    }
}
