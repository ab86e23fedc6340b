package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hit;
import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.sim.SimulatedRing;
import io.github.fabrictck.spi.Family;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * EL-2 a task added while the loop decides to block.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below. This comment says how the window is forced.
 *
 * <p>The window finds its own points, as EL-1 does. A first run with no hold opens the loop, gives it a task, waits
 * until a loop thread waits in the ring's {@code enter} (never a sleep), and records every point while a second task
 * wakes it and it goes back to its wait: the loop's threads' points up to the {@code enter} with which they wait
 * again (variant {@code loop-held}), or the application thread's points inside that {@code execute} (variant
 * {@code waker-held}). Each point is then tried in a fresh run on a fresh ring, the loop asleep first as in the first
 * run: {@code loop-held} holds the loop's thread there once the second task woke it and, while it is held, gives a
 * third task; {@code waker-held} holds the application inside the second task's {@code execute} and lets the loop's
 * threads settle before it lets the call go on. {@code waker-held} also tries the waker that found the loop awake: a
 * second unheld run gives a task that keeps the loop busy (it returns when the kit lets it: the loop is awake, by any
 * design's account) and a third task meanwhile, and records the application's points inside that {@code execute};
 * each is tried in a fresh run, the application held there while task 2 returns and the loop goes back to its wait
 * (a waker that read the loop's announcement before it added its task writes nothing, and the loop sleeps with the
 * task queued). And it tries two wakers: each of the application's points of the first run is tried once more with,
 * while the application is held there, a second application thread giving a task of its own (a design whose wakers
 * decide between them who writes may leave the write to neither). Then the hold is released and, once the driver's
 * threads settled
 * again, with no other task, no write and no time passed, every task given must have run: a loop thread that waits
 * in {@code enter} while a task it accepted waits in its queue is a FAIL naming where it called {@code enter}. A loop
 * that never waits in its ring has no decision to block for a task to race: NOT_APPLICABLE; so is a design whose
 * {@code execute} waits for the held loop thread wherever it is held.
 */
@Tag("EL-2")
@RaceWindow(id = "EL-2", title = "a task added while the loop decides to block", family = Family.EVENT_LOOP,
        source = "https://github.com/netty/netty/pull/5258",
        bug = "Netty's EpollEventLoop (PR #5258, May 2016, \"Some EpollEventLoop tasks might be pended for a long "
                + "time\"): \"If a task was submitted when wakenUp value was 1, the task didn't get a chance to produce "
                + "wakeup event. So we need to check task queue again before calling epoll_wait. If we don't, the task "
                + "might be pended until epoll_wait was timed out\"; the same lost wakeup is what Netty's "
                + "wakenUp / nextWakeupNanos protocol (NioEventLoop, EpollEventLoop, IOUringEventLoop) exists to prevent.",
        interleaving = {
            "a task woke the loop; the loop runs it and heads back to its wait",
            "the loop looks at its task queue and finds it empty",
            "another thread adds a task and wakes the loop only if it announced a sleep: it has not, so no eventfd "
                    + "write is made",
            "the loop announces its sleep and waits in io_uring_enter",
            "nothing else will wake it: the task waits for an unrelated completion or timeout"},
        invariants = {EL2TaskWhileDecidingToBlock.RUNS, ElWindow.RULES},
        onFailure = "Announce the sleep (nextWakeupNanos, wakenUp) before the last look at the task queue, and have the "
                + "waker add its task before it reads the announcement (Netty PR #5258: look at the task queue again "
                + "before the wait); never wait in enter after a look at the queue that came before the announcement.")
class EL2TaskWhileDecidingToBlock {

    static final String RUNS = "a task accepted while the loop decides to block runs without another wakeup "
            + "(no other task, eventfd write, completion or timeout)";
    static final String TITLE = "a task added while the loop decides to block";

    @Test
    @Variant(id = "loop-held", title = "a task added while the loop, woken by a task, is on its way back to its wait")
    void loopHeld(ElWindow w) {
        search(w, true);
    }

    @Test
    @Variant(id = "waker-held", title = "the loop runs and settles while the application is inside execute()")
    void wakerHeld(ElWindow w) {
        search(w, false);
    }

    /**
     * The points of the loop's side of the race: each loop thread's way back to its wait, and every point of the
     * driver's other threads (a timer of the context's scheduler that carries a wakeup the loop deferred to coalesce
     * tasks: held between its look at the loop's state and its own bookkeeping, a task added then may rely on it).
     */
    static List<Hit> loopSide(List<Hit> hits, Map<String, SimulatedRing.FirstWait> waits) {
        List<Hit> out = new java.util.ArrayList<>(EL1ShutdownSkipsSubmission.untilWait(hits, waits));
        hits.stream().filter(h -> !h.thread().equals(EL1ShutdownSkipsSubmission.APP) && !waits.containsKey(h.thread()))
                .forEach(out::add);
        return out;
    }

    /** The search of both variants: the loop's threads' points ({@code holdLoop}) or the application's. */
    private static void search(ElWindow w, boolean holdLoop) {
        ElWindow.Trial first = w.trial();
        ElSearch.FirstRun recorded = ElSearch.firstRun(w, 1);
        Map<String, SimulatedRing.FirstWait> waits = recorded.waits();
        String spinning = recorded.spinning();
        if (spinning == null) {
            first.judgeRan(RUNS, "with no thread held"); // the unheld run is judged, but is no evidence of its own
        }
        if (waits.isEmpty()) {
            Assumptions.abort("the loop's design cannot reach " + TITLE + ": its thread never waits in the ring's "
                    + "enter() after a task woke it" + (spinning == null ? ""
                    : " (it keeps passing points: a busy-polling loop)") + ", so it never decides to block");
        }
        List<Hit> placements = holdLoop
                ? CqSearch.placements(loopSide(recorded.hits(), waits), t -> !t.equals(EL1ShutdownSkipsSubmission.APP))
                : CqSearch.placements(recorded.hits(), t -> t.equals(EL1ShutdownSkipsSubmission.APP));
        ElSearch search = new ElSearch(w, placements, TITLE);
        List<Hit> busy = holdLoop ? List.of() : busyRun(search, w);
        search.more(busy);
        List<Hit> twoWakers = holdLoop ? List.of() : placements;
        search.more(twoWakers);
        for (Hit p : placements) {
            ElWindow.Trial t = search.trial(p);
            asleep(t);
            Hold hold = t.hold(p.describe(), p.again()); // counted from the waking task, as the first run's points were
            String added = holdLoop ? "execute(task 3)" : "execute(task 2)";
            CompletableFuture<Void> call;
            if (holdLoop) {
                CompletableFuture<Void> waking = t.start("execute(task 2)", () -> t.execute("task 2"));
                if (!t.reachedOrSettled(hold)) {
                    t.finish("execute(task 2)", waking);
                    search.notReached();
                    continue;
                }
                t.settle();
                if (!waking.isDone()) {
                    // the waker waits for the held loop thread (a lock the loop holds there): no task can come in now
                    hold.release();
                    t.finish("execute(task 2)", waking);
                    t.settle();
                    search.judged(false, "", "execute(task 2) waited for " + p.describe(),
                            () -> t.judgeRan(RUNS, "after " + p.describe() + " was released"));
                    continue;
                }
                call = t.start(added, () -> t.execute("task 3"));
            } else {
                call = t.start(added, () -> t.execute("task 2"));
                if (!t.reachedOrSettled(hold)) {
                    search.notReached();
                    t.finish(added, call);
                    continue;
                }
            }
            t.settle();
            // loop-held: the task was added while the loop was held; waker-held: the loop settled while execute was held
            boolean landed = holdLoop == call.isDone();
            hold.release();
            t.finish(added, call);
            t.settle();
            search.judged(landed, holdLoop ? added + " returned while " + p.describe() + ", every other driver thread "
                    + "settled" : "the loop's threads settled while " + p.describe() + " inside " + added,
                    added + " was called while " + p.describe() + " (it returned only after the release)",
                    () -> t.judgeRan(RUNS, "after " + p.describe() + " was released"));
        }
        for (Hit p : busy) {
            busyTrial(search, p);
        }
        for (Hit p : twoWakers) {
            secondWakerTrial(search, p);
        }
        if (holdLoop) {
            search.conclude("every task ran in each", "execute() waited for the held loop thread and every task ran too",
                    "wherever its thread was held, execute() waited for it, so a task is never added while the loop is "
                    + "on its way to its wait");
        } else {
            search.conclude("every task ran in each", "the loop did not go back to its wait while the application was "
                    + "held, and every task ran too", "wherever the application was held inside execute(), the loop "
                    + "did not go back to its wait until it returned");
        }
    }

    /**
     * Two wakers: the application held at {@code p} inside {@code execute(task 2)}, the loop asleep as in the first
     * run, while a second application thread gives task 3 and the driver's threads settle; then the first goes on. A
     * design whose wakers decide between them who writes (a count of pending tasks, incremented, then read again) may
     * leave the write to a waker that then finds it is not its turn.
     */
    private static void secondWakerTrial(ElSearch search, Hit p) {
        ElWindow.Trial t = search.trial(p);
        asleep(t);
        Hold hold = t.hold(p.describe(), p.again());
        CompletableFuture<Void> call = t.start("execute(task 2)", () -> t.execute("task 2"));
        if (!t.reachedOrSettled(hold)) {
            search.notReached();
            t.finish("execute(task 2)", call);
            return;
        }
        CompletableFuture<Void> second = t.startSecond("execute(task 3)", () -> t.execute("task 3"));
        t.settle();
        boolean landed = second.isDone();
        hold.release();
        t.finish("execute(task 2)", call);
        t.finish("execute(task 3)", second);
        t.settle();
        search.judged(landed, "execute(task 3) on a second application thread returned while " + p.describe()
                + " inside execute(task 2), every driver thread settled", "execute(task 3) on a second application "
                + "thread waited for " + p.describe() + " inside execute(task 2)",
                () -> t.judgeRan(RUNS, "after " + p.describe() + " was released"));
    }

    /**
     * The waker that looked at the loop while it was awake: a fresh trial with no hold gives a task that keeps the
     * loop busy (it returns when the kit lets it), then a third task, and records the application's points inside
     * that {@code execute}; judged as any trial. Its placements are the application's points there, none when
     * {@code execute} did not return while the loop was busy.
     */
    private static List<Hit> busyRun(ElSearch search, ElWindow w) {
        ElWindow.Trial t = search.unheld("task 3 given while the loop runs task 2; the kit records where the "
                + "application goes");
        if (!busyLoop(t)) {
            t.releaseBusy();
            t.settle();
            t.judgeRan(RUNS, "with no thread held");
            return List.of();
        }
        List<Hit> hits;
        CompletableFuture<Void> call;
        w.run().startRecording();
        try {
            call = t.start("execute(task 3)", () -> t.execute("task 3"));
            t.settle();
        } finally {
            hits = w.run().stopRecording();
        }
        boolean returned = call.isDone();
        t.releaseBusy();
        t.finish("execute(task 3)", call);
        t.settle();
        t.judgeRan(RUNS, "with no thread held, task 3 given while the loop ran task 2");
        return returned ? CqSearch.placements(hits, th -> th.equals(EL1ShutdownSkipsSubmission.APP)) : List.of();
    }

    /** Opens the loop and lets a task wake it; returns once a loop thread waits in the ring again (or never will). */
    private static void asleep(ElWindow.Trial t) {
        t.open();
        t.settle();
        t.call("execute(task 1)", () -> t.execute("task 1"));
        t.settle();
        t.untilWaiting();
    }

    /** Opens the loop, lets a task wake it and, once it waits again, gives it a task that keeps it busy; whether it runs it. */
    private static boolean busyLoop(ElWindow.Trial t) {
        asleep(t);
        t.call("execute(task 2)", () -> t.executeBusy("task 2"));
        return t.busy();
    }

    /**
     * One placement of the waker that found the loop awake: the application is held at {@code p} inside
     * {@code execute(task 3)}, called while the loop runs task 2; task 2 returns, the loop's threads settle (the loop
     * announces its sleep, looks at its queue and waits, if nothing it needs is held), then the application goes on.
     */
    private static void busyTrial(ElSearch search, Hit p) {
        ElWindow.Trial t = search.trial(p);
        if (!busyLoop(t)) {
            t.releaseBusy();
            search.notReached();
            return;
        }
        Hold hold = t.hold(p.describe(), p.again());
        CompletableFuture<Void> call = t.start("execute(task 3)", () -> t.execute("task 3"));
        boolean whileBusy = t.reachedOrSettled(hold);
        t.releaseBusy();
        if (!whileBusy && !t.reachedOrSettled(hold)) {
            search.notReached();
            t.finish("execute(task 3)", call);
            return;
        }
        t.settle();
        boolean landed = whileBusy && t.loopThreads().stream().anyMatch(t.ring()::waitsIn);
        hold.release();
        t.finish("execute(task 3)", call);
        t.settle();
        search.judged(landed, "task 2 returned and the loop went back to its wait while " + p.describe()
                + " inside execute(task 3), called while the loop ran task 2", whileBusy
                ? "the loop did not go back to its wait while " + p.describe() + " inside execute(task 3)"
                : "execute(task 3) reached " + p.describe() + " only after task 2 returned",
                () -> t.judgeRan(RUNS, "after " + p.describe() + " was released"));
    }
}
