package io.github.fabrictck.report;

/** The verdict of one window variant. */
public enum Outcome {
    /** The window was forced (there is evidence it opened) and every invariant held. */
    PASS,
    /** An invariant was broken; the reason names it and the trace shows the interleaving. */
    FAIL,
    /** The kit could not judge: the window could not be forced, the agent was missing, a class failed to transform. */
    ERROR,
    /** The driver does not implement the window's family. */
    NOT_APPLICABLE
}
