package io.github.fabrictck.report;

/**
 * One event of a window's trace.
 *
 * @param t      milliseconds since the window started
 * @param thread the thread it happened on
 * @param event  what happened, for example {@code hold call CompletionQueue.requestNotify}
 * @param at     the driver source location {@code Class.method(File.java:LINE)}, or {@code null}
 *               for an event outside driver code (a device action, a script step)
 */
public record TraceEvent(double t, String thread, String event, String at) {
}
