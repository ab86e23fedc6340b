package io.github.fabrictck.maven;

import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.launcher.RunRecord;
import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the {@code run} goal makes of a fork that ended: what it said over the channel, and how its
 * process ended. The run is complete only when the launcher's own end arrived; otherwise every
 * verdict received is kept, the window in progress becomes an ERROR that says what happened to the
 * fork, and the run is incomplete.
 */
final class ForkAftermath {

    private ForkAftermath() {
    }

    /**
     * The outcome of a fork.
     *
     * @param result  the result to write, or {@code null} when the fork sent none
     * @param failure the sentence the build fails with at once (a configuration error, a JVM that
     *                would not start), or {@code null}
     * @param problem what went wrong, for an error in the log (verify judges the result), or {@code null}
     */
    record Settlement(Result result, String failure, String problem) {
    }

    /**
     * @param record          what the fork said over its channel
     * @param connected       whether the fork ever connected with its token
     * @param exit            how its process ended
     * @param timeoutSeconds  fabric-tck.forkTimeout, for the sentence
     * @param reproducePrefix the command that reruns the kit, before {@code -Dfabric-tck.driver=...}
     */
    static Settlement settle(RunRecord record, boolean connected, ForkExit exit, long timeoutSeconds,
                             String reproducePrefix) {
        if (record.refusal() != null) {
            return new Settlement(null, record.refusal(), null);
        }
        if (!connected) {
            String said = exit.errorTail().isEmpty() ? "" : ": " + String.join(" | ", exit.errorTail()).replaceAll("\\.$", "");
            return new Settlement(null, (exit.timedOut()
                    ? "The Fabric TCK fork did not reach the launcher within fabric-tck.forkTimeout (" + timeoutSeconds + " s)"
                    : "The Fabric TCK fork's JVM did not start (exit code " + exit.exitCode() + ")")
                    + said + "; check fabric-tck.argLine and fabric-tck.jvm.", null);
        }
        Result result = record.snapshot();
        if (record.complete()) {
            return new Settlement(result, null, null);
        }
        String what = record.violation() != null
                ? "The channel from the Fabric TCK fork carried " + record.violation() + ", which the launcher does not "
                  + "send; nothing after it is believed."
                : record.kitFailure() != null && !exit.timedOut()
                ? "The Fabric TCK fork ended early: " + record.kitFailure() + "."
                : exit.whatHappened(timeoutSeconds);
        if (result == null) {
            return new Settlement(null, null, what + " It ended before the launcher sent the run's header: no result.");
        }
        // set only while nothing was out of order, and nothing is read after it
        String cut = record.cutOff() ? " Its last message was cut off as it ended, and is not read." : "";
        return new Settlement(interrupted(result, what.replaceAll("\\.$", ""), reproducePrefix), null, what + cut);
    }

    /**
     * The result with the window in progress (if any) added as an ERROR, marked incomplete.
     *
     * @param result          the result as far as the fork got
     * @param what            what happened to the fork, for example {@code the fork was killed after 600 s}
     * @param reproducePrefix the command that reruns the kit, before {@code -Dfabric-tck.driver=...}
     */
    static Result interrupted(Result result, String what, String reproducePrefix) {
        List<WindowResult> windows = new ArrayList<>(result.windows());
        String running = result.running();
        if (running != null) {
            String label = running.contains(" (") ? running.substring(0, running.indexOf(" (")) : running;
            Optional<Catalog.Entry> entry = Catalog.discover(true).entries().stream().filter(e -> e.label().equals(label))
                    .findFirst();
            String id = label.contains("/") ? label.substring(0, label.indexOf('/')) : label;
            String variant = label.contains("/") ? label.substring(label.indexOf('/') + 1) : null;
            String title = entry.map(e -> e.window().title() + (e.variant() == null ? "" : " (" + e.variant().title() + ")"))
                    .orElse(label);
            String family = entry.map(e -> e.window().family().id()).orElse(null);
            String driver = result.driver() == null ? "" : " -Dfabric-tck.driver=" + result.driver().name();
            windows.removeIf(w -> w.label().equals(label) && w.outcome() == Outcome.PASS);
            windows.add(new WindowResult(id, variant, title, family, Outcome.ERROR, 0,
                    what + " while this window ran" + (running.equals(label) ? "" : " (" + running.substring(label.length() + 2)),
                    List.of(), Evidence.none(), reproducePrefix + driver + " -Dfabric-tck.windows=" + label, List.of()));
        }
        return new Result(result.schema(), result.tckVersion(), result.driver(), result.jvm(), false, running, windows, result.run(),
                result.rewrittenCallSites(), result.adapters());
    }
}
