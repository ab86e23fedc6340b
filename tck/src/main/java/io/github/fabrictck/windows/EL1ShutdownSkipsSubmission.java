package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hit;
import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.Point;
import io.github.fabrictck.sim.SimulatedRing;
import io.github.fabrictck.spi.Family;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * EL-1 shutdown skips the eventfd READ's submission.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below. This comment says how the window is forced.
 *
 * <p>The window finds its own points, as {@link CqSearch} does: a first run with no hold records every point the
 * loop's threads pass while the application opens the loop and gives it a first task, and keeps, per thread, those
 * up to the call of the ring's {@code enter} with which it first waited: the loop's way from queuing its wake
 * interest to its first sleep (announcing it, looking at its task queue, submitting), whether its thread starts with
 * the loop or with its first task. The run then goes on (a second task, {@code shutdownGracefully()}) and is judged.
 * Then each kept point is tried in a fresh run on a fresh ring: the thread is held there, the application gives the
 * first task, and once the thread is held gives a second and calls {@code shutdownGracefully()}, which returns; the
 * thread is released and the final state judged: every loop thread ended, or one waits in the ring's {@code enter}
 * for a completion nothing can post (no completion ready, no submitted entry a write or time could complete), a
 * FAIL naming where it called {@code enter}. A loop that never waits in its ring has no sleep for the shutdown to
 * race: NOT_APPLICABLE; a shutdown that waits for the held loop thread wherever it is held cannot land inside the
 * window: NOT_APPLICABLE too.
 *
 * <p>Two variants: {@code first-wait} searches the loop's way from its start to its first wait (PR #227's
 * interleaving); {@code after-wakeup} lets the loop wait once, wakes it with a second task through the eventfd, and
 * searches its way back to its next wait: a loop that re-queues its READ after the wakeup's completion and submits it
 * only in the wait that a shutdown makes it skip hangs the same way (Netty's IOUringEventLoop after PR #227, 0.0.24
 * to 0.0.26.Final, re-queues it in {@code handle()} without submitting it).
 */
@Tag("EL-1")
@RaceWindow(id = "EL-1", title = "shutdown skips the eventfd read's submission", family = Family.EVENT_LOOP,
        source = "https://github.com/netty/netty-incubator-transport-io_uring/pull/227",
        bug = "Netty's io_uring IOUringEventLoop up to 0.0.23.Final (netty-incubator-transport-io_uring issue #226, "
                + "PR #227): \"short lived IOUringEventLoops can fail to shutdown, being stuck in the read-completion "
                + "phase\": the loop queued its eventfd READ without submitting it, a task found after it announced its "
                + "sleep made it skip the submitting wait, and cleanup() waited for the READ's completion forever; fixed "
                + "in 0.0.24.Final by submitting right after queuing the read.",
        interleaving = {
            "the loop queues its eventfd READ in the submission ring and does not submit it",
            "the loop runs its first task and announces that it will sleep (nextWakeupNanos.set)",
            "another thread calls shutdownGracefully(): its wakeup task is queued and its wakeup writes the eventfd",
            "the loop checks its task queue, finds the wakeup task and skips submitAndWait, the only call that would "
                    + "have submitted the READ",
            "the loop shuts down; cleanup() waits in io_uring_enter(0, 1) for the READ's completion",
            "the READ was never submitted, so the eventfd write cannot complete it: the loop thread never ends"},
        invariants = {ElWindow.ENDS, ElWindow.TASKS_RUN, ElWindow.RULES},
        onFailure = "Submit the eventfd READ as soon as it is queued (Netty PR #227), or track whether it was submitted "
                + "and submit it before any wait for its completion (Netty 4.2's IoUringIoHandler.drainEventFd); never "
                + "wait in enter(0, n) for an entry you only queued.")
class EL1ShutdownSkipsSubmission {

    /** The application thread's name: it gives the tasks and calls shutdownGracefully. */
    static final String APP = "app";
    static final String TITLE = "a shutdown between the loop's sleep announcement and its wait";

    @Test
    @Variant(id = "first-wait", title = "a shutdown on the loop's way from its start to its first wait")
    void shutdownWhileLoopHeld(ElWindow w) {
        search(w, 0);
    }

    @Test
    @Variant(id = "after-wakeup", title = "a shutdown on the loop's way back to its wait after a task woke it")
    void shutdownAfterWakeup(ElWindow w) {
        search(w, 1);
    }

    /**
     * The search of both variants. The application gives task 1, and with {@code wakeups} 1 waits until the loop
     * waits in its ring and gives task 2, which wakes it through the eventfd; the placements are the points the loop's
     * threads pass after the last task was given, up to and including the {@code enter} with which they wait again.
     */
    private static void search(ElWindow w, int wakeups) {
        ElWindow.Trial first = w.trial();
        ElSearch.FirstRun recorded = ElSearch.firstRun(w, wakeups);
        Map<String, SimulatedRing.FirstWait> waits = recorded.waits();
        String spinning = recorded.spinning();
        String last = "task " + (wakeups + 2);
        if (spinning == null || first.loop() != null) {
            first.call("execute(" + last + "); shutdownGracefully()", () -> {
                first.execute(last);
                return first.shutdownGracefully();
            });
            first.judge(); // the unheld run is judged like any interleaving, but is no evidence of its own
        }
        if (waits.isEmpty()) {
            Assumptions.abort("the loop's design cannot reach " + TITLE + ": its thread never waits in the ring's "
                    + "enter()" + (wakeups == 0 ? "" : " after a task woke it")
                    + (spinning == null ? "" : " (it keeps passing points: a busy-polling loop)")
                    + ", so it has no sleep for a shutdown to race");
        }
        ElSearch search = new ElSearch(w, CqSearch.placements(untilWait(recorded.hits(), waits), t -> !t.equals(APP)),
                TITLE);
        for (Hit p : search.placements()) {
            ElWindow.Trial t = search.trial(p);
            Hold hold = wakeups == 0 ? t.hold(p.describe(), p.again()) : null;
            t.open();
            for (int task = 1; task <= wakeups; task++) {
                String name = "task " + task;
                t.call("execute(" + name + ")", () -> t.execute(name));
                t.settle();
                t.untilWaiting();
            }
            if (hold == null) {
                hold = t.hold(p.describe(), p.again()); // counted from the waking task, as the first run's points were
            }
            String held = "task " + (wakeups + 1);
            String give = "execute(" + held + ")";
            CompletableFuture<Void> given = t.start(give, () -> t.execute(held));
            if (!t.reachedOrSettled(hold)) {
                t.finish(give, given);
                search.notReached();
                continue;
            }
            t.settle();
            String stop = "execute(" + last + "); shutdownGracefully()";
            Callable<Void> stopping = () -> {
                t.execute(last);
                return t.shutdownGracefully();
            };
            // an execute that waits for the held loop thread (a lock the loop holds there): the shutdown comes after it
            CompletableFuture<Void> shutdown = given.isDone() ? t.start(stop, stopping) : null;
            t.settle();
            boolean landed = shutdown != null && shutdown.isDone();
            hold.release();
            t.finish(give, given);
            if (shutdown == null) {
                t.start(stop, stopping);
            }
            search.judged(landed, "shutdownGracefully() returned while " + p.describe() + ", every other driver thread "
                    + "settled", (shutdown == null ? give + " waited for " + p.describe() + "; shutdownGracefully() was "
                    + "called after the release" : "shutdownGracefully() was called while " + p.describe() + " (it "
                    + "returned only after the release)"), t::judge);
        }
        search.conclude("the loop ended in each", "the application's call waited for the held loop thread and the loop "
                + "ended too", "wherever its thread was held, the application's call waited for it, so a shutdown never "
                + "lands while the loop is on its way to its wait");
    }

    /**
     * Whether a point's target enters the ring: {@code Ring.enter}, or {@code io_uring_enter} as a library's JNI
     * names it, redirected to an adapter's environment ({@code ioUringEnter}).
     */
    static boolean entersRing(String target) {
        String method = target.substring(target.lastIndexOf('.') + 1);
        return method.equals("enter") || method.endsWith("Enter");
    }

    /**
     * The points each thread passed up to and including the call of {@code enter} with which it waited in the ring (the
     * {@code before}-th call from that site, or with {@code before} -1 the last one it made); the points of a thread
     * that never waited are left out.
     */
    static List<Hit> untilWait(List<Hit> hits, Map<String, SimulatedRing.FirstWait> waits) {
        Map<String, Integer> end = new HashMap<>();
        for (int i = 0; i < hits.size(); i++) {
            Hit h = hits.get(i);
            SimulatedRing.FirstWait fw = waits.get(h.thread());
            boolean waitCall = fw != null && !h.after() && h.point().kind() == Point.Kind.ENVIRONMENT_CALL
                    && h.point().at().equals(fw.at()) && entersRing(h.point().target());
            if (waitCall && (fw.before() < 0 || h.occurrence() == fw.before() && !end.containsKey(h.thread()))) {
                end.put(h.thread(), i);
            }
        }
        List<Hit> out = new ArrayList<>();
        for (int i = 0; i < hits.size(); i++) {
            Integer last = end.get(hits.get(i).thread());
            if (last != null && i <= last) {
                out.add(hits.get(i));
            }
        }
        return out;
    }
}
