package io.github.fabrictck.maven;

import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What is left of a fork that was killed or died: every verdict it already reached, and the window
 * that was running named as an ERROR with what happened to the fork.
 */
final class ForkAftermath {

    private ForkAftermath() {
    }

    /**
     * The result with the window in progress (if any) added as an ERROR, marked incomplete.
     *
     * @param result          the result the fork last wrote
     * @param what            what happened to the fork, for example {@code the fork was killed after 600 s}
     * @param reproducePrefix the command that reruns the kit, before {@code -Dfabric-tck.driver=...}
     */
    static Result interrupted(Result result, String what, String reproducePrefix) {
        List<WindowResult> windows = new ArrayList<>(result.windows());
        String running = result.running();
        if (running != null) {
            String label = running.contains(" (") ? running.substring(0, running.indexOf(" (")) : running;
            Optional<Catalog.Entry> entry = Catalog.discover().entries().stream().filter(e -> e.label().equals(label))
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
        return new Result(result.schema(), result.tckVersion(), result.driver(), result.jvm(), false, running, windows, result.run());
    }
}
