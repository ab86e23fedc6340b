package io.github.fabrictck.windows;

import io.github.fabrictck.explore.Controller;
import io.github.fabrictck.explore.Exploration;
import io.github.fabrictck.explore.Scheduler;
import io.github.fabrictck.explore.World;
import io.github.fabrictck.spi.Family;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * EL-X exploration of the event-loop family: no scripted hold; a scheduler decides every step.
 *
 * <p>Scenario (the workload of EL-1 and EL-2): the application opens the driver's event loop on a fresh ring, gives it
 * two tasks and calls {@code shutdownGracefully()}, one call after the other on its own thread. The loop's threads and
 * the application's stop at every point they pass; whenever every thread is stopped or idle the scheduler chooses
 * which stopped thread runs on, so the loop may sleep, or not, between any two calls, and a call may land anywhere on
 * the loop's way to its wait. The ring's one action is posting a completion: a write completes a submitted READ at
 * once, but while no thread waits in {@code enter} its completion is posted when the loop's thread next enters the
 * ring or when the scheduler chooses, as Linux posts it as the loop thread's task work ({@link
 * io.github.fabrictck.sim.SimulatedRing#deferPosting()}); the ring's TIMEOUTs complete when every thread is idle and
 * the device's time passes.
 *
 * <p>Oracles, those of EL-1 and EL-2 (the same code, {@link ElWindow}): the ring used by its rules in every state;
 * whenever every thread is idle, no loop thread waits in {@code enter} for a completion nothing can post; at the end,
 * the application's calls returned, the loop's thread ended and every task it accepted ran.
 *
 * <p>Runs only when asked: {@code -Dfabric-tck.explore=random|pct|pos} (or {@code -Dfabric-tck.replay=FILE}). A FAIL
 * names the schedule and the oracle; the failing schedule is the file {@code schedule-EL-X-explore.txt} next to the
 * result.
 */
@Tag("EL-X")
@RaceWindow(id = "EL-X", title = "exploration", family = Family.EVENT_LOOP,
        source = "https://github.com/cmu-pasta/fray",
        bug = "Schedules the catalog does not name: a controlled scheduler (random walk, PCT, POS) chooses every step "
                + "of the event loop's threads and of the application that gives it tasks and shuts it down.",
        interleaving = {
            "the application opens the loop, gives it two tasks and calls shutdownGracefully(), one after the other",
            "the scheduler chooses, at every point of every thread, which thread runs on: the loop may sleep or not "
                    + "between the calls, and each call may land anywhere on the loop's way to its wait",
            "it also chooses when the completion of a READ that a write completed is posted, up to the loop thread's "
                    + "next enter (Linux posts it as that thread's task work)"},
        invariants = {ElWindow.ENDS, ElWindow.TASKS_RUN, ElWindow.RULES},
        onFailure = "Replay the schedule file with -Dfabric-tck.replay=FILE and read its trace in report.html: the "
                + "decisions show which thread ran where when the oracle broke.")
class ELXExploration {

    static final String WINDOW = "EL-X/explore";

    @Test
    @Variant(id = "explore", title = "two tasks and a shutdown given to the loop under a scheduler")
    void explore(ElWindow w) {
        Exploration.Settings settings = ExplorationVerdict.settings(WINDOW);
        warmUp(w);
        Exploration.Report report = Exploration.explore(settings, (scheduler, seed) -> schedule(w, scheduler, seed));
        // the driver's name is asked only for a FAIL: a call into the driver on this thread would make it a driver thread
        ExplorationVerdict.judge(w.run(), () -> w.session().driver().name() + " " + w.session().driver().version(),
                WINDOW, settings, report, "");
    }

    /**
     * Runs the workload once, freely and unjudged, before the exploration's clock starts: the driver's classes are
     * loaded and rewritten then, not in its first schedule. What it would find, the schedules find.
     */
    private static void warmUp(ElWindow w) {
        ElWindow.Trial t = w.trial();
        try {
            t.call("the workload, unjudged", () -> workload(t));
            t.settle();
        } catch (RuntimeException e) {
            w.run().trace().add("kit", "the unjudged first run of the workload ended with " + e, null);
        }
    }

    /** The application's calls, on its thread: opens the loop, gives it two tasks and shuts it down. */
    private static Void workload(ElWindow.Trial t) {
        t.openHere();
        t.execute("task 1");
        t.execute("task 2");
        return t.shutdownGracefully();
    }

    /** One schedule on a fresh ring and loop. */
    private static Controller.Outcome schedule(ElWindow w, Scheduler scheduler, long seed) {
        ElWindow.Trial t = w.newTrial();
        w.run().trace().restart();
        w.run().trace().add("kit", "schedule with seed " + seed, null);
        return new Controller().run(w.run(), new El(t), scheduler, w.session().pointTimeout());
    }

    /** The EL scenario's oracles and the ring's one action: posting a READ's completion that a write made. */
    private static final class El implements World {
        static final String POST = Controller.ENV + "the kernel posts the completion of the READ a write completed";
        private final ElWindow.Trial t;
        private CompletableFuture<Void> app;

        El(ElWindow.Trial t) {
            this.t = t;
        }

        @Override
        public void start() {
            t.ring().deferPosting();
            app = t.start("scenario: open the loop, execute x2, shutdownGracefully", () -> workload(t));
        }

        @Override
        public List<String> actions() {
            return t.ring().hasUnposted() ? List.of(POST) : List.of();
        }

        @Override
        public void act(String action) {
            if (!action.equals(POST)) {
                throw new IllegalArgumentException(action);
            }
            t.ring().postDeferred();
        }

        @Override
        public boolean passTime() {
            return t.passTime();
        }

        @Override
        public Optional<Failure> judgeAnyState() {
            return HSXExploration.violation(t::judgeRules);
        }

        @Override
        public Optional<Failure> judgeIdle(Optional<String> stuck) {
            return HSXExploration.violation(t::judgeNotHung);
        }

        @Override
        public Optional<Failure> judgeEnd() {
            if (!app.isDone()) {
                return Optional.of(new Failure(ElWindow.ENDS, "the application's calls have not returned and every "
                        + "thread is idle: " + t.whereThreadsAre()));
            }
            return HSXExploration.violation(t::judge);
        }
    }
}
