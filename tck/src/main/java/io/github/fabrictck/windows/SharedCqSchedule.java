package io.github.fabrictck.windows;

import io.github.fabrictck.explore.Controller;
import io.github.fabrictck.explore.Exploration;
import io.github.fabrictck.explore.Scheduler;
import io.github.fabrictck.explore.World;
import io.github.fabrictck.sim.SharedQueueDevice;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * CQ-X/shared: two queue pairs on one shared completion queue (SPI 3) under a scheduler. The
 * endpoints connect before the scheduler is in charge; then the application sends three messages on
 * A and two on B, and the scheduler chooses every step of the driver's threads and when each send
 * completes and when B's peer disconnects (B's outstanding sends flushed as WR_FLUSH_ERR). Judged
 * by CQ-6's oracles: each completion, successful or not, reaches its own queue pair's endpoint
 * exactly once; the device's rules in every state; the stuck detector whenever every thread is idle.
 */
final class SharedCqSchedule implements World {

    static final String VARIANT = "shared";
    static final String COMPLETE = Controller.ENV + "a send of QP %s completes";
    /** The actions' labels, made once: they are read at every decision. */
    private static final String COMPLETE_A = String.format(COMPLETE, "A");
    private static final String COMPLETE_B = String.format(COMPLETE, "B");
    static final String DISCONNECT = Controller.ENV + "QP B's peer disconnects: its outstanding sends are flushed";

    private final SharedCqWindow window;
    private final SharedCqWindow.Endpoint a;
    private final SharedCqWindow.Endpoint b;
    private boolean disconnected;
    private CompletableFuture<Object> sends;

    private SharedCqSchedule(SharedCqWindow window) {
        this.window = window;
        this.a = window.connect(CQ6ErrorCompletionRouting.QP_A);
        this.b = window.connect(CQ6ErrorCompletionRouting.QP_B);
        window.settle();
    }

    /** Explores the variant; NOT_APPLICABLE, as CQ-6, for a driver that never shares a completion queue. */
    static void explore(SharedCqWindow w) {
        Exploration.Settings settings = CQXExploration.settings(VARIANT);
        Set<Thread> before = new HashSet<>(w.run().threads());
        w.open();
        w.closeEndpoint();
        // the window's own endpoint's threads are no schedule's: its device-interrupt thread, still ending, once named
        // the first schedule's "device-interrupt #2" and a replay diverged (1 of 100 replays of disni's CQ-X/shared)
        List<Thread> opened = new ArrayList<>(w.run().threads());
        opened.removeAll(before);
        opened.remove(Thread.currentThread());
        w.run().retire(opened);
        Exploration.Report report;
        try (KeptThreads kept = new KeptThreads(w.run(), w.session().pointTimeout(), true)) {
            report = Exploration.explore(settings, (scheduler, seed) -> schedule(w, kept, scheduler, seed));
        }
        CQXExploration.report(w.run(), w.session(), VARIANT, settings, report, "");
    }

    /**
     * One schedule on a fresh shared queue, driver and two endpoints, on the threads {@code kept} from the last
     * schedule: they are watched from this schedule's start and retired at its end, as new threads would be.
     */
    private static Controller.Outcome schedule(SharedCqWindow w, KeptThreads kept, Scheduler scheduler, long seed) {
        w.run().trace().restart();
        w.run().trace().add("kit", "schedule with seed " + seed, null);
        kept.take();
        kept.threads().forEach(w.run()::renew);
        Set<Thread> before = new HashSet<>(w.run().threads());
        SharedCqWindow fresh = new SharedCqWindow(w.run(), w.session(), kept);
        boolean clean = false;
        try {
            fresh.open();
            SharedCqSchedule world = new SharedCqSchedule(fresh);
            Controller.Outcome o = new Controller().run(w.run(), world, scheduler, w.session().pointTimeout());
            clean = o.failure() == null && world.sends.isDone();
            return o;
        } finally {
            fresh.closeEndpoint();
            if (!clean) {
                // a thread may still be inside the driver: the next schedule starts on new ones
                kept.close();
            }
            List<Thread> mine = new ArrayList<>(w.run().threads());
            mine.removeAll(before);
            w.run().retire(mine);
        }
    }

    @Override
    public void start() {
        sends = window.start("send x3 on QP A, send x2 on QP B", () -> {
            for (int i = 1; i <= 3; i++) {
                a.endpoint().send(("message " + i).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            }
            for (int i = 1; i <= 2; i++) {
                b.endpoint().send(("message " + i).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            }
            return null;
        });
    }

    @Override
    public List<String> actions() {
        SharedQueueDevice device = window.device();
        List<String> actions = new ArrayList<>(3);
        if (device.outstanding(a.queuePair()) > 0) {
            actions.add(COMPLETE_A);
        }
        if (!disconnected && device.outstanding(b.queuePair()) > 0) {
            actions.add(COMPLETE_B);
            // the peer goes once the application has posted all it sends: a send on a queue pair in the
            // error state is another scenario
            if (sends.isDone()) {
                actions.add(DISCONNECT);
            }
        }
        return actions;
    }

    @Override
    public void act(String action) {
        SharedQueueDevice device = window.device();
        if (action.equals(COMPLETE_A)) {
            device.enqueue(device.complete(a.queuePair(), 1));
        } else if (action.equals(COMPLETE_B)) {
            device.enqueue(device.complete(b.queuePair(), 1));
        } else if (action.equals(DISCONNECT)) {
            disconnected = true;
            device.enqueue(device.enterErrorState(b.queuePair()));
        } else {
            throw new IllegalArgumentException(action);
        }
    }

    @Override
    public Optional<Failure> judgeAnyState() {
        List<String> broken = new ArrayList<>(window.device().handlerErrors());
        broken.addAll(window.device().misuse());
        return broken.isEmpty() ? Optional.empty() : Optional.of(new Failure(CqWindow.RULES, String.join("; ", broken)));
    }

    @Override
    public Optional<Failure> judgeIdle(Optional<String> stuck) {
        return stuck.map(s -> new Failure(CqWindow.NOT_STUCK, s));
    }

    @Override
    public Optional<Failure> judgeEnd() {
        if (!sends.isDone()) {
            return Optional.of(new Failure(CQXExploration.CALLS_RETURN, "the application's sends have not returned "
                    + "although every driver thread is idle and the device has nothing left to do: "
                    + window.run().whereThreadsAre()));
        }
        if (sends.isCompletedExceptionally()) {
            return Optional.of(new Failure(CQXExploration.CALLS_RETURN, "the application's send threw "
                    + sends.handle((v, e) -> e).join()));
        }
        List<String> wrong = CQ6ErrorCompletionRouting.judgeOwners(window.device(), List.of(a, b));
        return wrong.isEmpty() ? Optional.empty()
                : Optional.of(new Failure(CQ6ErrorCompletionRouting.OWNER, String.join("; ", wrong)));
    }
}
