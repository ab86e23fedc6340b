package io.github.fabrictck.report;

import java.util.List;

/**
 * What shows that a window was really forced.
 *
 * @param windowOpened        every hold of the script happened and the injected event fell inside it
 * @param holds               the holds the script made, in order
 * @param pointsHit           how many times driver threads passed an instrumented point in this window
 * @param instrumentedClasses how many driver classes the agent had rewritten when the window ended
 */
public record Evidence(boolean windowOpened, List<Hold> holds, int pointsHit, int instrumentedClasses) {

    public Evidence {
        holds = List.copyOf(holds);
    }

    /** No evidence at all (the window did not start). */
    public static Evidence none() {
        return new Evidence(false, List.of(), 0, 0);
    }

    /**
     * One hold: a driver thread stopped at a point.
     *
     * @param thread the thread's name
     * @param point  what the point is, for example {@code call CompletionQueue.requestNotify}
     * @param at     the driver source location, {@code Class.method(File.java:LINE)}
     */
    public record Hold(String thread, String point, String at) {
    }
}
