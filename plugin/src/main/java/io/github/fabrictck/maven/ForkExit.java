package io.github.fabrictck.maven;

/**
 * How a fork ended, and what the {@code run} goal makes of it. The launcher's exit codes: 0, the
 * catalog ran and the results are written; 2, a configuration error it explained in one line on
 * standard error; anything else, the JVM did not end as the launcher meant it to.
 *
 * @param exitCode           the process's exit code
 * @param timedOut           whether it overran its time limit and was killed
 * @param explanation the last line the launcher wrote on standard error with its {@code fabric-tck: }
 *                    prefix, without the prefix; {@code null} if none
 */
record ForkExit(int exitCode, boolean timedOut, String explanation) {

    static final int CONFIGURATION_ERROR = 2;

    /** The sentence the build fails with, or {@code null} when the exit is no configuration error. */
    String failure() {
        if (timedOut || exitCode != CONFIGURATION_ERROR) {
            return null;
        }
        return explanation != null ? explanation
                : "The Fabric TCK fork reported a configuration error (exit code 2) without explaining it; see its output above.";
    }

    /**
     * What went wrong, for an error in the log without failing the build (verify judges the result
     * left behind), or {@code null} when the fork ended normally or with a configuration error.
     */
    String problem(long timeoutSeconds) {
        if (timedOut) {
            return "The Fabric TCK fork ran longer than its time limit (fabric-tck.forkTimeout = " + timeoutSeconds
                   + " s) and was killed with its child processes.";
        }
        if (exitCode == 0 || exitCode == CONFIGURATION_ERROR) {
            return null;
        }
        return "The Fabric TCK fork exited with code " + exitCode
               + (explanation != null ? ": " + explanation
                                      : " before the launcher finished (the JVM crashed or the driver exited it)")
               + ".";
    }
}
