package io.github.fabrictck.maven;

import java.util.List;

/**
 * How a fork's process ended. What the {@code run} goal makes of it, together with what the fork
 * said over its channel, is {@link ForkAftermath}'s: an exit code alone, 0 included, proves nothing.
 *
 * @param exitCode    the process's exit code
 * @param timedOut    whether it overran its time limit and was killed
 * @param explanation the last line the launcher wrote on standard error with its {@code fabric-tck: }
 *                    prefix, without the prefix; {@code null} if none
 * @param errorTail   the last lines of its standard error (a JVM that would not start says why there)
 * @param lingered    when the fork sent its end but did not exit within its grace and was killed, the
 *                    sentence that says so; else {@code null}. Not a time-out: the run is complete.
 * @param leftovers   each process the driver left running at the fork's end, named in a sentence
 *                    ({@code the driver left process 1234 `sleep 150` running: ended}); a correct run
 *                    with one is still judged as usual
 * @param output      how much output the log does not show and where it is, or {@code null}
 */
record ForkExit(int exitCode, boolean timedOut, String explanation, List<String> errorTail, String lingered,
                List<String> leftovers, String output) {

    /** How many of the last lines of standard error are kept. */
    static final int TAIL_LINES = 5;

    ForkExit {
        errorTail = List.copyOf(errorTail);
        leftovers = List.copyOf(leftovers);
    }

    ForkExit(int exitCode, boolean timedOut, String explanation, List<String> errorTail) {
        this(exitCode, timedOut, explanation, errorTail, null, List.of(), null);
    }

    ForkExit(int exitCode, boolean timedOut, String explanation) {
        this(exitCode, timedOut, explanation, List.of());
    }

    /** Every sentence about the fork's end that the log shows as a warning: lingering, leftovers, output not shown. */
    List<String> warnings() {
        List<String> all = new java.util.ArrayList<>();
        if (lingered != null) {
            all.add(lingered);
        }
        all.addAll(leftovers);
        if (output != null) {
            all.add(output);
        }
        return all;
    }

    /** What happened to a fork that did not end through the launcher's end, as a sentence. */
    String whatHappened(long timeoutSeconds) {
        if (timedOut) {
            return "The Fabric TCK fork ran longer than its time limit (fabric-tck.forkTimeout = " + timeoutSeconds
                   + " s) and was killed with its child processes.";
        }
        String tail = errorTail.isEmpty() ? "" : "; the last lines on its standard error: " + String.join(" | ", errorTail);
        String exhausted = exhausted();
        return "The Fabric TCK fork ended with exit code " + exitCode + " without the launcher's end"
               + (exhausted != null ? ": its JVM failed with " + exhausted + " (the driver's threads share its heap and "
                                      + "stacks: raise -Xmx or -Xss in fabric-tck.argLine, or look for what in the driver "
                                      + "holds so much)"
                  : exitCode == 0 ? " (a JVM ended by halt or exit, whatever its status, does not complete a run)"
                  : " (the JVM crashed, was killed, or the driver ended it)")
               + tail + ".";
    }

    /**
     * The {@code OutOfMemoryError} or {@code StackOverflowError} the launcher's last words or the
     * last lines of standard error name, from its class name on; {@code null} when none does. A JVM
     * whose heap a driver filled has not crashed, and the kit did not fail.
     */
    String exhausted() {
        List<String> said = new java.util.ArrayList<>(errorTail);
        if (explanation != null) {
            said.add(0, explanation);
        }
        for (String line : said) {
            for (String error : List.of("java.lang.OutOfMemoryError", "java.lang.StackOverflowError")) {
                int at = line.indexOf(error);
                if (at >= 0) {
                    int end = line.indexOf(" (", at);
                    return line.substring(at, end < 0 ? line.length() : end).strip();
                }
            }
        }
        return null;
    }
}
