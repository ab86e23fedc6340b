package io.github.fabrictck.report;

import java.util.List;

/**
 * The verdict of one variant of one race window.
 *
 * @param id             the window id, for example {@code CQ-1}
 * @param variant        the variant id ({@code a}, {@code b}, ...), or {@code null} when the window has one
 * @param title          the window's title
 * @param family         the family id, for example {@code completion-queue}
 * @param outcome        the verdict
 * @param durationMillis wall time from the window's start to its verdict
 * @param reason         why: the violated invariant with details, the error, or why not applicable;
 *                       {@code null} for a PASS
 * @param violated       the names of the invariants broken (empty unless FAIL)
 * @param evidence       what shows the window was forced
 * @param reproduce      the command that runs this window again
 * @param threadDump     a thread dump of the fork taken when the window could not finish, or {@code null}
 * @param repeat         the flakiness report when the window ran several times, or {@code null}
 * @param trace          every event of the window, in order
 */
public record WindowResult(String id, String variant, String title, String family, Outcome outcome,
                           long durationMillis, String reason, List<String> violated, Evidence evidence,
                           String reproduce, String threadDump, RepeatStats repeat, List<TraceEvent> trace) {

    public WindowResult {
        violated = List.copyOf(violated);
        trace = List.copyOf(trace);
    }

    /** A verdict without a thread dump. */
    public WindowResult(String id, String variant, String title, String family, Outcome outcome, long durationMillis,
                        String reason, List<String> violated, Evidence evidence, String reproduce,
                        List<TraceEvent> trace) {
        this(id, variant, title, family, outcome, durationMillis, reason, violated, evidence, reproduce, null, null,
                trace);
    }

    /** A verdict of one run, with a thread dump or none. */
    public WindowResult(String id, String variant, String title, String family, Outcome outcome, long durationMillis,
                        String reason, List<String> violated, Evidence evidence, String reproduce, String threadDump,
                        List<TraceEvent> trace) {
        this(id, variant, title, family, outcome, durationMillis, reason, violated, evidence, reproduce, threadDump, null,
                trace);
    }

    /**
     * Whether window {@code id} explores ({@code CQ-X}, {@code HS-X}, {@code CS-X}): listed only when a run explores,
     * and each run of a repeated exploration explores its own block of seeds.
     */
    public static boolean explores(String id) {
        return id != null && id.endsWith("-X");
    }

    /** {@code id} or {@code id/variant}, as reports name a window variant. */
    public String label() {
        return variant == null ? id : id + "/" + variant;
    }
}
