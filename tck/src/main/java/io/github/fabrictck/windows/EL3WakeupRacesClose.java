package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hit;
import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.Point;
import io.github.fabrictck.engine.PointMatcher;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.SimulatedRing;
import io.github.fabrictck.spi.Family;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * EL-3 a wakeup racing the loop's close.
 *
 * <p>What the window comes from, its interleaving, its invariants and the advice on a failure are written once, in
 * {@link RaceWindow} below. This comment says how the window is forced.
 *
 * <p>The ring posts a READ's completion late here, as Linux may (task work of the loop's thread, posted at its next
 * {@code enter} at the latest: {@link SimulatedRing#deferPosting()}). A first run with no hold records, from a sleeping
 * loop, the points of the loop's way back to its wait after a task woke it (as EL-2's {@code loop-held}) and the
 * application's points inside {@code shutdownGracefully()}. Each pair of a loop point and an application point is then
 * tried on a fresh ring: the loop, woken by a second task, is held at its point; a third task is given while it is held
 * (its write's completion is then posted late); the loop is released and held again as it next returns from the ring's
 * {@code enter}; {@code shutdownGracefully()} is called and held at its point; the loop is released and the driver's
 * threads settle; then the shutdown is released. Judged as EL-1 judges: the loop ended, every task ran, and no call or
 * eventfd write came after the eventfd or the ring was closed (a FAIL naming the write and where it was made). A trial
 * is evidence of the window only when the loop closed its ring while the shutdown was held inside; a loop that never
 * returns from {@code enter} again on that way is not reached; one that closes only after the held call went on
 * (it waits for it, or the application waits for the held loop), wherever it is held, never has a wakeup in flight
 * at its close: NOT_APPLICABLE.
 *
 * <p>{@code shutdown-wakeup} holds the shutdown after its own wakeup won the right to write: the loop, woken by a
 * second task, is held at each point of its way back to its wait; {@code shutdownGracefully()} is called and held
 * before each of its calls into the environment (its eventfd write); the loop is released and its threads settle;
 * then the shutdown is released. A trial is evidence once the shutdown's hold was reached and the loop ran free; a
 * loop that closed meanwhile leaves the write to land after the close (FAIL); a design whose shutdown writes nothing
 * while the loop is anywhere on that way is NOT_APPLICABLE.
 */
@Tag("EL-3")
@RaceWindow(id = "EL-3", title = "a wakeup racing the loop's close", family = Family.EVENT_LOOP,
        source = "https://github.com/netty/netty/pull/10615",
        bug = "Netty's io_uring IOUringEventLoop before PR #10615 (\"Close IOUringEventLoop wakeup/eventfd close shutdown "
                + "race\"): a wakeup's eventfd write could come after the loop closed the eventfd, and so reach whatever "
                + "file next had its number; the fix waits, before the close, for the READ of a pending wakeup "
                + "(pendingWakeup). That flag is cleared by any eventfd READ's completion, so with two wakeups in flight "
                + "the completion of the earlier write clears it for the later one: found by EL-X in "
                + "netty-incubator-transport-io_uring 0.0.24.Final.",
        interleaving = {
            "a waker takes back the loop's sleep announcement and writes the eventfd; the READ's completion is posted "
                    + "only at the loop's next enter",
            "the loop, finding the waker's task, skips its wait, runs the task and announces its next sleep",
            "it enters the ring, where the earlier write's completion is posted, and returns at once",
            "shutdownGracefully() takes back that announcement: its write is on its way",
            "the loop notes a pending wakeup, then the earlier write's READ completion clears it",
            "the loop closes the eventfd; the shutdown's write lands on a closed (or reused) descriptor"},
        invariants = {ElWindow.RULES, ElWindow.ENDS, ElWindow.TASKS_RUN},
        onFailure = "Never let a waker write after the eventfd is closed: close it under the lock the wakers write under "
                + "(checking a closed flag), or count the wakeups in flight rather than flagging one, and wait until "
                + "each write's READ completed before the close.")
class EL3WakeupRacesClose {

    static final String TITLE = "a wakeup in flight at the loop's close";

    @Test
    @Variant(id = "second-wakeup", title = "the shutdown's wakeup held before it writes, an earlier write's completion "
            + "posted late")
    void secondWakeup(ElWindow w) {
        Recorded recorded = firstRun(w, true);
        ElSearch search = searchPairs(w, recorded.loopPoints(), recorded.shutdownPoints(),
                EL3WakeupRacesClose::trial);
        search.conclude("no write came after the close in any", "the loop closed only after the held call went on "
                + "(it waited for it, or the application for the held loop)", "wherever the shutdown was held, the "
                + "loop closed its eventfd only after the shutdown went on, so no wakeup is ever in flight at its close");
    }

    @Test
    @Variant(id = "shutdown-wakeup", title = "the shutdown's own wakeup held before it writes, the loop held on its way "
            + "back to its wait")
    void shutdownWakeup(ElWindow w) {
        Recorded recorded = firstRun(w, false);
        // the shutdown's wakeup is a call into the environment (the eventfd's write, or the ring's): held before each
        List<Hit> shutdownCalls = recorded.shutdownPoints().stream()
                .filter(h -> !h.after() && h.point().kind() == Point.Kind.ENVIRONMENT_CALL).toList();
        if (shutdownCalls.isEmpty()) {
            Assumptions.abort("the loop's design cannot reach " + TITLE + " of the shutdown's own: shutdownGracefully() "
                    + "makes no call into the ring or its eventfd when the loop sleeps, so it never writes a wakeup");
        }
        ElSearch search = searchPairs(w, recorded.loopPoints(), shutdownCalls, EL3WakeupRacesClose::ownWakeupTrial);
        search.conclude("no write came after the close in any", "the shutdown wrote nothing while the loop was held "
                + "there", "wherever the loop was held on its way back to its wait, shutdownGracefully() wrote no "
                + "wakeup (only a sleeping loop is woken)");
    }

    /** A trial of one pair of a loop point and a shutdown point. */
    private interface PairTrial {
        void run(ElWindow w, ElSearch search, Hit loopPoint, Hit shutdownPoint);
    }

    /** Tries every pair of a loop point and a shutdown point, each a placement named by its loop point. */
    private static ElSearch searchPairs(ElWindow w, List<Hit> loopPoints, List<Hit> shutdownPoints, PairTrial trial) {
        List<Hit> pairs = loopPoints.stream().flatMap(l -> shutdownPoints.stream().map(sp -> l)).toList();
        ElSearch search = new ElSearch(w, pairs, TITLE);
        for (Hit loopPoint : loopPoints) {
            for (Hit shutdownPoint : shutdownPoints) {
                trial.run(w, search, loopPoint, shutdownPoint);
            }
        }
        return search;
    }

    /** A first, unheld run's placements: the loop's points on its way back to its wait, the shutdown's points. */
    private record Recorded(List<Hit> loopPoints, List<Hit> shutdownPoints) {
    }

    /**
     * The first trial, with no hold ({@code deferPosting}: READ completions posted late): the loop is woken once and
     * its way back to its wait recorded, then {@code shutdownGracefully()} is called and its points recorded; the run
     * is judged, but is no evidence of its own. A loop that never waits in its ring again is NOT_APPLICABLE.
     */
    private static Recorded firstRun(ElWindow w, boolean deferPosting) {
        WindowRun run = w.run();
        ElWindow.Trial first = w.trial();
        if (deferPosting) {
            first.ring().deferPosting();
        }
        ElSearch.FirstRun recorded = ElSearch.firstRun(w, 1);
        Map<String, SimulatedRing.FirstWait> waits = recorded.waits();
        List<Hit> shutdownHits = List.of();
        if (recorded.spinning() == null && first.loop() != null) {
            run.startRecording();
            try {
                first.call("shutdownGracefully()", first::shutdownGracefully);
            } finally {
                shutdownHits = run.stopRecording();
            }
            first.judge();
        }
        if (waits.isEmpty()) {
            Assumptions.abort("the loop's design cannot reach " + TITLE + ": its thread never waits in the ring's "
                    + "enter() after a task woke it" + (recorded.spinning() == null ? ""
                    : " (it keeps passing points: a busy-polling loop)") + ", so no wakeup is ever needed");
        }
        return new Recorded(CqSearch.placements(EL1ShutdownSkipsSubmission.untilWait(recorded.hits(), waits),
                t -> !t.equals(EL1ShutdownSkipsSubmission.APP)),
                CqSearch.placements(shutdownHits, t -> t.equals(EL1ShutdownSkipsSubmission.APP)));
    }

    /**
     * One pair: the loop, woken by task 2, held at {@code loopPoint} on its way back to its wait (after its sleep
     * announcement, at some placement); {@code shutdownGracefully()} called and held before {@code shutdownCall}, its
     * wakeup (it won the right to write); the loop released to settle; then the shutdown released. The window: the loop
     * closed its eventfd while the shutdown's wakeup was held, so that write lands after the close.
     */
    private static void ownWakeupTrial(ElWindow w, ElSearch search, Hit loopPoint, Hit shutdownCall) {
        WindowRun run = w.run();
        ElWindow.Trial t = search.trial(loopPoint);
        run.trace().add("kit", "and hold shutdownGracefully() at " + shutdownCall.describe(), null);
        openUntilWaiting(t);
        Hold atLoop = t.hold(loopPoint.describe(), loopPoint.again());
        CompletableFuture<Void> waking = t.start("execute(task 2)", () -> t.execute("task 2"));
        if (!t.reachedOrSettled(atLoop)) {
            run.forget(atLoop); // the loop may pass its point later, on its way to close: judged unheld
            t.finish("execute(task 2)", waking);
            t.call("shutdownGracefully()", t::shutdownGracefully);
            t.judge();
            search.notReached();
            return;
        }
        t.settle();
        if (!waking.isDone()) {
            // the application waits for the held loop thread: the shutdown comes after it
            atLoop.release();
            t.finish("execute(task 2)", waking);
            t.call("shutdownGracefully()", t::shutdownGracefully);
            search.judged(false, "", "execute(task 2) waited for " + loopPoint.describe(), t::judge);
            return;
        }
        Hold atShutdown = t.hold(shutdownCall.describe(), shutdownCall.again());
        CompletableFuture<Void> shutdown = t.start("shutdownGracefully()", t::shutdownGracefully);
        if (!t.reachedOrSettled(atShutdown)) {
            // no wakeup of its own while the loop is here (the loop had not announced its sleep), or the shutdown waits
            // for the held loop thread
            run.forget(atShutdown);
            atLoop.release();
            awaitQuietly(shutdown, w);
            search.judged(false, "", "shutdownGracefully() made no call " + shutdownCall.describe().substring(5)
                    + " while the loop was held at " + loopPoint.describe(), t::judge);
            return;
        }
        // the window: the shutdown's wakeup decided and held before its write, its flag set, the loop runs free to its
        // close; a loop that closes now leaves the write to land after the close (judged below), one that waits for the
        // write (it owes its READ, or takes the lock the held shutdown writes under) handles it
        atLoop.release();
        t.settle();
        boolean closedWhileHeld = t.ring().closed();
        String outcome = closedWhileHeld ? "the loop closed its ring meanwhile"
                : "the loop closed only after the write (" + run.whereThreadsAre() + ")";
        atShutdown.release();
        awaitQuietly(shutdown, w); // a write after the close throws into it: the ring has recorded it, judged below
        String how = "shutdownGracefully() held at " + shutdownCall.describe() + ", its wakeup decided, while the "
                + "loop, held at " + loopPoint.describe() + " as it was called, ran on and settled: ";
        search.judged(true, how + outcome, "", t::judge);
    }

    private static void trial(ElWindow w, ElSearch search, Hit loopPoint, Hit shutdownPoint) {
        WindowRun run = w.run();
        ElWindow.Trial t = search.trial(loopPoint);
        run.trace().add("kit", "and hold " + shutdownPoint.describe() + " once the loop returns from enter again", null);
        t.ring().deferPosting();
        openUntilWaiting(t);
        Hold atLoop = t.hold(loopPoint.describe(), loopPoint.again());
        CompletableFuture<Void> waking = t.start("execute(task 2)", () -> t.execute("task 2"));
        if (!t.reachedOrSettled(atLoop)) {
            t.finish("execute(task 2)", waking);
            search.notReached();
            return;
        }
        t.settle();
        CompletableFuture<Void> third = waking.isDone() ? t.start("execute(task 3)", () -> t.execute("task 3")) : null;
        t.settle();
        if (third == null || !third.isDone()) {
            // the application waits for the held loop thread: no wakeup can be in flight from it now
            atLoop.release();
            t.finish("execute(task 2)", waking);
            if (third != null) {
                t.finish("execute(task 3)", third);
            }
            t.call("shutdownGracefully()", t::shutdownGracefully);
            search.judged(false, "", "the application waited for " + loopPoint.describe(), t::judge);
            return;
        }
        Hold atReturn = t.hold("the loop's next return from enter", nextReturnFromEnter());
        atLoop.release();
        if (!t.reachedOrSettled(atReturn)) {
            run.forget(atReturn); // the loop sleeps without a return from enter to hold: the shutdown may wake it freely
            t.call("shutdownGracefully()", t::shutdownGracefully);
            t.judge(); // judged all the same; the loop never entered its ring again on this way
            search.notReached();
            return;
        }
        Hold atShutdown = t.hold(shutdownPoint.describe(), shutdownPoint.again());
        CompletableFuture<Void> shutdown = t.start("shutdownGracefully()", t::shutdownGracefully);
        if (!t.reachedOrSettled(atShutdown)) {
            atReturn.release();
            awaitQuietly(shutdown, w);
            search.notReached();
            return;
        }
        atReturn.release();
        t.settle();
        // the window: the loop closed its ring while a wakeup call was held inside; a loop that waits for the held
        // call before it closes is judged all the same, but is no evidence of the window
        boolean closedWhileHeld = t.ring().closed();
        atShutdown.release();
        awaitQuietly(shutdown, w); // a write after the close throws into it: the ring has recorded it, judged below
        search.judged(closedWhileHeld, "the loop closed its ring while shutdownGracefully() was held at "
                + shutdownPoint.describe() + " (the loop held at " + loopPoint.describe() + " as a third task was "
                + "given, then at its next return from enter)", "shutdownGracefully() was held at "
                + shutdownPoint.describe() + "; the loop closed only after its release", t::judge);
    }

    /** Opens the loop and gives it task 1, then waits until a loop thread waits in the ring again. */
    private static void openUntilWaiting(ElWindow.Trial t) {
        t.open();
        t.settle();
        t.call("execute(task 1)", () -> t.execute("task 1"));
        t.settle();
        t.untilWaiting();
    }

    /** The first return of a loop thread from a call that enters the ring, from the hold's placement on. */
    private static PointMatcher nextReturnFromEnter() {
        boolean[] caught = {false};
        return PointMatcher.of("a loop thread after it returns from the ring's enter", (th, p, isAfter, args, result) -> {
            if (caught[0] || !isAfter || p.kind() != Point.Kind.ENVIRONMENT_CALL
                    || !EL1ShutdownSkipsSubmission.entersRing(p.target())) {
                return false;
            }
            WindowRun run = WindowRun.current();
            if (EL1ShutdownSkipsSubmission.APP.equals(run == null ? th.getName() : run.role(th))) {
                return false;
            }
            caught[0] = true;
            return true;
        });
    }

    /** Waits for a call to end, whatever it threw (what it did wrong is the ring's to say). */
    private static void awaitQuietly(CompletableFuture<?> call, ElWindow w) {
        try {
            call.get(w.session().pointTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            // a write to a closed eventfd throws into the caller: the ring recorded it
        } catch (java.util.concurrent.TimeoutException e) {
            throw new io.github.fabrictck.engine.WindowNotOpened("shutdownGracefully() did not return within "
                    + w.session().pointTimeout().toMillis() + " ms of its release");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
