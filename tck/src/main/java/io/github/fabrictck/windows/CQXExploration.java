package io.github.fabrictck.windows;

import io.github.fabrictck.engine.RunSettings;
import io.github.fabrictck.explore.Controller;
import io.github.fabrictck.explore.Exploration;
import io.github.fabrictck.explore.Scheduler;
import io.github.fabrictck.explore.World;
import io.github.fabrictck.sim.SimulatedDevice;
import io.github.fabrictck.spi.Family;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CQ-X exploration of the completion-queue family: no scripted hold; a scheduler decides every step.
 *
 * <p>Scenario (the workload of the CQ windows): the application sends two messages, waits for their
 * completions, receives two incoming messages, then closes the endpoint while the device is live.
 * Every driver thread stops at every point the driver passes (device calls, JDK synchronisation,
 * SPI entry and exit); whenever every driver thread is stopped or idle the scheduler chooses which
 * stopped thread runs to its next point, or what the device does: complete a posted send, deliver
 * each incoming message, raise one spurious event on the send CQ; or that virtual time runs to the
 * next deadline of the timers the driver armed on the context's scheduler ({@link ExploredTimers}: a
 * timer firing is a decision, never a wall-clock moment). One thread runs at a time, so a schedule is
 * its list of decisions, and a seed makes the same schedule every time.
 *
 * <p>Oracles, those of the scripted CQ windows, judge every state: the device's rules (no handler
 * exception, no use after destroy, every delivered event acknowledged before destroy) after every
 * decision; the stuck detector (a completion no event will announce while every driver thread is
 * idle) whenever every thread is idle; at the end, every application call returned what it must
 * (both sends complete, each message received exactly once), close() returned (CQ-7's invariant) and
 * left nothing undestroyed (CQ-8's).
 *
 * <p>Variants: {@code callbacks} ({@link CallbackCq}: the application's callback of SPI 2, which
 * throws when the schedule decides; CQ-5's oracle) and {@code shared} ({@link SharedCqSchedule}: two
 * queue pairs on a shared CQ of SPI 3 and a disconnect's flush errors; CQ-6's oracle).
 *
 * <p>Runs only when asked: {@code -Dfabric-tck.explore=random|pct|pos} (or {@code
 * -Dfabric-tck.replay=FILE}). A FAIL names the schedule and the oracle; the failing schedule is a
 * file, {@code schedule-CQ-X-explore.txt} next to the result, that {@code -Dfabric-tck.replay}
 * reruns decision by decision.
 */
@Tag("CQ-X")
@RaceWindow(id = "CQ-X", title = "exploration", family = Family.COMPLETION_QUEUE,
        source = "https://github.com/cmu-pasta/fray",
        bug = "Schedules the catalog does not name: a controlled scheduler (random walk, PCT, POS) chooses every step "
                + "of the driver's threads and every device event; Fray found a use after destroy in the reference "
                + "driver this way before the device's teardown rule was written down.",
        interleaving = {
            "the application sends two messages, awaits their completions, receives two messages, then closes",
            "the scheduler chooses, at every point of every driver thread, which thread runs on",
            "it also chooses when each send completes, when each message arrives and when a spurious event comes",
            "and when the timers of the context's scheduler fire: virtual time runs to their deadline as a decision"},
        invariants = {CqWindow.RULES, CqWindow.NOT_STUCK, CQXExploration.CALLS_RETURN, CQ5ConsumerFailure.HANDED_OVER,
            CQ6ErrorCompletionRouting.OWNER, CQ7TeardownLiveness.RETURNS, CQ8TeardownOrder.IN_ORDER,
            CQ8TeardownOrder.NOTHING_LEFT},
        onFailure = "Replay the schedule file with -Dfabric-tck.replay=FILE and read its trace in report.html: the "
                + "decisions show which thread ran where when the oracle broke.")
class CQXExploration {

    static final String CALLS_RETURN = "every application call returns what it must (sends complete, each message "
            + "received exactly once, close() returns) without waiting for its own timeout";

    @Test
    @Variant(id = "explore", title = "sends, completions, two messages, a spurious event and close under a scheduler")
    void explore(CqWindow w) {
        explore(w, "explore", Cq::new);
    }

    @Test
    @Variant(id = "callbacks", title = "the same with the application's callback (SPI 2), which throws when the "
            + "schedule decides")
    void callbacks(CqWindow w) {
        CallbackCq.requireCallback(w);
        explore(w, "callbacks", CallbackCq::new);
    }

    @Test
    @Variant(id = "open-close", title = "the endpoint opened and closed at once, with a spurious event, under a "
            + "scheduler (a close racing the driver's threads as they start)")
    void openClose(CqWindow w) {
        explore(w, "open-close", OpenClose::new);
    }

    @Test
    @Variant(id = "shared", title = "two queue pairs on one shared CQ (SPI 3): sends, completions and a disconnect's "
            + "flush errors under a scheduler")
    void shared(SharedCqWindow w) {
        SharedCqSchedule.explore(w);
    }

    /** Explores one variant whose schedules each run a fresh endpoint under {@code world}. */
    private static void explore(CqWindow w, String variant, java.util.function.BiFunction<CqWindow, CqTrial, Cq> world) {
        Exploration.Settings settings = settings(variant);
        boolean teardownRule = !"false".equals(RunSettings.get("fabric-tck.exploreTeardownRule", "").strip());
        w.trial().close();
        Exploration.Report report;
        try (KeptThreads kept = new KeptThreads(w.run(), w.session().pointTimeout(), false)) {
            report = Exploration.explore(settings, (scheduler, seed) -> schedule(w, variant, kept, scheduler, seed,
                    teardownRule, world));
        }
        report(w.run(), w.session(), variant, settings, report, teardownRule ? "" : "; the device's teardown rule was off");
    }

    /** The exploration settings of a variant; a replay of another variant's schedule is not this one's to run. */
    static Exploration.Settings settings(String variant) {
        return ExplorationVerdict.settings("CQ-X/" + variant);
    }

    /** Turns an exploration's report into the variant's verdict: a FAIL with its schedule file, or the evidence. */
    static void report(io.github.fabrictck.engine.WindowRun run, Session session, String variant,
                       Exploration.Settings settings, Exploration.Report report, String note) {
        ExplorationVerdict.judge(run, () -> session.driver().name() + " " + session.driver().version(),
                "CQ-X/" + variant, settings, report, note);
    }

    /** One schedule on a fresh device and endpoint. */
    private static Controller.Outcome schedule(CqWindow w, String variant, KeptThreads kept, Scheduler scheduler, long seed,
                                               boolean teardownRule,
                                               java.util.function.BiFunction<CqWindow, CqTrial, Cq> make) {
        w.run().trace().restart();
        w.run().trace().add("kit", "schedule with seed " + seed, null);
        kept.take();
        Set<Thread> before = new HashSet<>(w.run().threads());
        // open-close opens the endpoint inside the schedule: the threads the driver starts then start under the scheduler
        CqTrial trial = new CqTrial(w.run(), w.session(), kept.app, kept.interrupt, !"open-close".equals(variant));
        if (!teardownRule) {
            trial.device().withoutTeardownRule();
        }
        Cq world = make.apply(w, trial);
        boolean closed = false;
        boolean clean = false;
        try {
            Controller.Outcome o = new Controller().run(w.run(), world, scheduler, w.session().pointTimeout());
            closed = world.app.isDone();
            clean = closed && o.failure() == null;
            return o;
        } finally {
            if (closed) {
                trial.closedByScript();
            } else {
                trial.close();
            }
            if (!clean) {
                // a thread may still be inside the driver: the next schedule starts on new ones
                kept.close();
            }
            List<Thread> mine = new ArrayList<>(w.run().threads());
            mine.removeAll(before);
            w.run().retire(mine);
        }
    }

    /** The CQ scenario's environment and oracles; {@link CallbackCq} adds the application's callback. */
    static class Cq implements World {
        /** Each completion is an action of its own (PCT gives each its own priority, so one can come late). */
        static final String COMPLETE = Controller.ENV + "send %d completes";
        static final String ARRIVE = Controller.ENV + "message %d arrives";
        static final int MESSAGES = 2;
        static final String SPURIOUS = Controller.ENV + "a spurious event on the send CQ";

        final CqWindow w;
        final CqTrial trial;
        final SimulatedDevice device;
        /** The completion channels that existed before this schedule's endpoint was opened: close() must destroy the rest. */
        private final List<io.github.fabrictck.sim.CompletionChannel<?>> channelsBefore;
        private int arrived;
        private int completed;
        int spurious;
        volatile String step = "not started";
        CompletableFuture<Object[]> app;

        Cq(CqWindow w, CqTrial trial) {
            this.w = w;
            this.trial = trial;
            this.device = trial.device();
            this.channelsBefore = trial.channelsBefore();
        }

        @Override
        public void start() {
            // a driver may leave receive completions in their CQ until receive() polls them: one that waits
            // there before the application asked to receive is nobody's lost wakeup yet
            w.run().unannouncedWork(() -> device.unannounced().stream()
                    .filter(work -> receiving() || !work.contains(" the receive CQ")).toList());
            app = trial.start("scenario: send x2, awaitSendsComplete, receive x2, close", () -> {
                step = "send";
                trial.driver().send("message 1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                trial.driver().send("message 2".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                step = "awaitSendsComplete";
                boolean sent = trial.driver().awaitSendsComplete(CqWindow.APPLICATION_TIMEOUT);
                step = "receive";
                byte[] first = trial.driver().receive(CqWindow.APPLICATION_TIMEOUT);
                byte[] second = trial.driver().receive(CqWindow.APPLICATION_TIMEOUT);
                step = "close";
                trial.driver().close();
                step = "done";
                return new Object[] {sent, first, second};
            });
        }

        private boolean receiving() {
            String now = step;
            return now.equals("receive") || now.equals("close") || now.equals("done");
        }

        @Override
        public List<String> actions() {
            List<String> a = new ArrayList<>(3);
            if (device.sendsWaiting() > 0) {
                a.add(String.format(COMPLETE, completed + 1));
            }
            // the messages come once the application receives: before, they would only lengthen every schedule
            // of the send phase (and a driver may leave them in their CQ until receive() polls them)
            if (arrived < MESSAGES && receiving()) {
                a.add(String.format(ARRIVE, arrived + 1));
            }
            if (spurious == 0) {
                a.add(SPURIOUS);
            }
            return a;
        }

        @Override
        public List<String> actions(List<String> stopped) {
            List<String> a = new ArrayList<>(actions());
            trial.timers().addAction(a, stopped);
            return a;
        }

        @Override
        public void act(String action) {
            if (trial.timers().act(action)) {
                return;
            }
            if (action.equals(String.format(COMPLETE, completed + 1))) {
                completed++;
                device.completeNextSend();
                return;
            }
            if (action.equals(String.format(ARRIVE, arrived + 1))) {
                arrived++;
                device.deliverIncoming(message(arrived));
                return;
            }
            switch (action) {
                case SPURIOUS -> {
                    spurious++;
                    device.deliverSpuriousEvent(device.sendCompletionQueue());
                }
                default -> throw new IllegalArgumentException(action);
            }
        }

        @Override
        public Optional<Failure> judgeAnyState() {
            List<String> broken = new ArrayList<>(device.handlerErrors());
            broken.addAll(device.misuse());
            return broken.isEmpty() ? Optional.empty() : Optional.of(new Failure(CqWindow.RULES, String.join("; ", broken)));
        }

        @Override
        public Optional<Failure> judgeIdle(Optional<String> stuck) {
            if (trial.timers().pending(!actions().isEmpty())) {
                return Optional.empty(); // a timer of the driver's will fire before the end: it may look then
            }
            return stuck.map(s -> new Failure(CqWindow.NOT_STUCK, s));
        }

        @Override
        public boolean passTime() {
            // a driver thread that waits for its next event with a timeout of the device's (DiSNI's getCqEvent)
            // sees it end once close() waits for it: the device's time passes at teardown, as in CQ-7
            return !app.isDone() && step.equals("close") && w.run().passDeviceTimeouts();
        }

        @Override
        public Optional<Failure> judgeEndless(String runner, int decisions) {
            if (app.isDone() || !step.equals("close")) {
                return Optional.empty(); // a call that waits for the device: the scheduler may have kept its action back
            }
            return Optional.of(new Failure(CQ7TeardownLiveness.RETURNS, "close() has not returned and cannot: for the "
                    + "last " + decisions + " decisions " + runner + " was the only driver thread given a turn and ran "
                    + "every one without ending or waiting for anything, so it never saw what close() did to stop it "
                    + "while close() waited: " + w.run().whereThreadsAre()));
        }

        @Override
        public Optional<Failure> judgeEnd() {
            if (!app.isDone() && step.equals("close")) {
                String destroy = device.destroyWaits();
                return Optional.of(new Failure(CQ7TeardownLiveness.RETURNS, "close() has not returned and cannot: every "
                        + "driver thread is idle and the device has nothing left to do: " + (destroy == null ? ""
                        : destroy + "; ") + w.run().whereThreadsAre()));
            }
            if (!app.isDone()) {
                String destroy = device.destroyWaits();
                return Optional.of(new Failure(CALLS_RETURN, "the application's " + step + "() has not returned although "
                        + "every driver thread is idle and the device has nothing left to do, so it can only return by "
                        + "its own timeout: " + (destroy == null ? "" : destroy + "; ") + w.run().whereThreadsAre()));
            }
            Object[] r;
            try {
                r = app.getNow(null);
            } catch (RuntimeException e) {
                return Optional.of(new Failure(CALLS_RETURN, "the application's " + step + "() threw " + e.getCause()));
            }
            if (!Boolean.TRUE.equals(r[0])) {
                return Optional.of(new Failure(CALLS_RETURN, "awaitSendsComplete returned " + r[0]));
            }
            // each message exactly once; the SPI does not promise their order (the reference driver's receive
            // can hand out a message the handler drained before the one the application polled itself)
            List<String> got = new ArrayList<>();
            List<String> sent = new ArrayList<>();
            for (int i = 1; i <= MESSAGES; i++) {
                byte[] m = (byte[]) r[i];
                got.add(m == null ? "null" : new String(m, java.nio.charset.StandardCharsets.US_ASCII));
                sent.add(new String(message(i), java.nio.charset.StandardCharsets.US_ASCII));
            }
            if (!new java.util.TreeSet<>(got).equals(new java.util.TreeSet<>(sent)) || got.size() != sent.size()) {
                return Optional.of(new Failure(CALLS_RETURN, "the receives returned " + got + " for the messages " + sent
                        + " (each message exactly once)"));
            }
            return teardown();
        }

        /** CQ-8's judgement of what close() destroyed: every channel this schedule's endpoint made, in order. */
        Optional<Failure> teardown() {
            List<io.github.fabrictck.sim.CompletionChannel<?>> channels = new ArrayList<>(
                    io.github.fabrictck.sim.CompletionChannel.createdIn(w.run()));
            channels.removeAll(channelsBefore);
            return CQ8TeardownOrder.judgeTeardown(channels, device);
        }

        private static byte[] message(int n) {
            return ("incoming " + n).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        }
    }

    /**
     * {@code open-close}: the application opens the endpoint and closes it at once, on the scheduler's turns from the
     * first point of {@code openCompletionQueue}, so a thread the driver starts there stops before its first
     * statement and {@code close()} may come before it has run (DiSNI's CQ thread sets {@code running = true} as its
     * first statement: a close before it joins a thread that never stops). The device raises at most one spurious
     * event once the endpoint is open, so a handler may be running as close() tears down. The application waits
     * for no completion: the oracles are the device's rules, close() returning (CQ-7) and leaving nothing
     * undestroyed (CQ-8).
     */
    static final class OpenClose extends Cq {

        OpenClose(CqWindow w, CqTrial trial) {
            super(w, trial);
        }

        @Override
        public void start() {
            // nothing the application waits for: a completion left in a queue at close goes with it
            w.run().unannouncedWork(List::of);
            app = trial.start("scenario: openCompletionQueue, close", () -> {
                step = "openCompletionQueue";
                io.github.fabrictck.spi.cq.CompletionQueueDriver d = trial.open();
                step = "close";
                d.close();
                step = "done";
                return new Object[0];
            });
        }

        @Override
        public List<String> actions() {
            return trial.driver() != null && spurious == 0 ? List.of(SPURIOUS) : List.of();
        }

        @Override
        public Optional<Failure> judgeEnd() {
            if (!app.isDone()) {
                return super.judgeEnd();
            }
            try {
                app.getNow(null);
            } catch (RuntimeException e) {
                return Optional.of(new Failure(CALLS_RETURN, "the application's " + step + "() threw " + e.getCause()));
            }
            return teardown();
        }
    }
}
