package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Hit;
import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.SimulatedRing;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * The search of an event-loop window over its placements: a fresh trial per placement, the tally of what each did
 * (opened the window, not reached again, or the application's call waited for the held loop thread), and the verdict
 * once every placement was tried. What a trial does between its start and its judgement is the window's.
 */
final class ElSearch {

    private final ElWindow w;
    private final WindowRun run;
    private final List<Hit> placements = new java.util.ArrayList<>();
    private final String title;
    private int trials = 1;
    private int opened;
    private int notReached;
    private int stalled;
    private final FirstOpened firstOpened = new FirstOpened();

    /**
     * What the first, unheld trial of an event-loop window saw: every point passed from the task that woke the loop
     * ({@code wakeups} 1; with 0, from the loop's start), the wait in the ring that ends each loop thread's way (its
     * first wait with {@code wakeups} 0, else the one it waits in), and, for a loop that never blocks, why.
     */
    record FirstRun(List<Hit> hits, Map<String, SimulatedRing.FirstWait> waits, String spinning) {
    }

    /**
     * The first trial, with no hold: the application opens the loop and gives it {@code wakeups} + 1 tasks, the kit
     * waiting after each but the last until a loop thread waits in the ring, and records where the threads go.
     */
    static FirstRun firstRun(ElWindow w, int wakeups) {
        WindowRun run = w.run();
        ElWindow.Trial first = w.trial();
        run.trace().add("kit", "trial 1: no thread held; the kit records where the threads go", null);
        run.startRecording();
        List<Hit> hits;
        String spinning = null;
        try {
            first.open();
            first.settle();
            for (int task = 1; task <= wakeups + 1; task++) {
                String name = "task " + task;
                if (task == wakeups + 1 && wakeups > 0) {
                    // the points, and which time each is passed, count from the task that wakes the loop: how the loop
                    // went to its first wait (through which call site) may differ from run to run, its way back may not
                    run.stopRecording();
                    run.startRecording();
                }
                first.call("execute(" + name + ")", () -> first.execute(name));
                first.settle();
                if (task <= wakeups) {
                    first.untilWaiting();
                }
            }
            // the way a wakeup the driver deferred on a timer of its own takes is recorded too
            first.awaitTimers(() -> false);
        } catch (CqTrial.Spinning s) {
            spinning = s.getMessage(); // a busy-polling loop: judged all the same by the window, then not applicable
        } finally {
            hits = run.stopRecording();
        }
        Map<String, SimulatedRing.FirstWait> waits = new HashMap<>();
        for (Thread t : first.loopThreads()) {
            SimulatedRing.FirstWait fw = wakeups == 0 ? first.ring().firstWait(t)
                    : first.ring().waitsIn(t) ? new SimulatedRing.FirstWait(first.ring().waitSite(t), -1) : null;
            if (fw != null) {
                waits.put(run.role(t), fw);
            }
        }
        return new FirstRun(hits, waits, spinning);
    }

    /** A search of {@code placements}, after the window's first, unheld trial; {@code title} names the window's situation. */
    ElSearch(ElWindow w, List<Hit> placements, String title) {
        this.w = w;
        this.run = w.run();
        this.placements.addAll(placements);
        this.title = title;
    }

    List<Hit> placements() {
        return placements;
    }

    /** Adds placements a later unheld trial ({@link #unheld}) found, to be tried after those given. */
    void more(List<Hit> found) {
        placements.addAll(found);
    }

    /** Starts another trial with no hold on a fresh ring ({@code what}: what it records), counted with the others. */
    ElWindow.Trial unheld(String what) {
        return fresh("no thread held; " + what);
    }

    /** A fresh trial on a fresh ring, counted, its trace and hold records begun anew with what it does. */
    private ElWindow.Trial fresh(String what) {
        ElWindow.Trial t = w.newTrial();
        trials++;
        run.trace().restart();
        run.restartHoldRecords();
        run.trace().add("kit", "trial " + trials + ": " + what, null);
        return t;
    }

    /** Starts the trial of placement {@code p} on a fresh ring: its trace and hold records begin anew. */
    ElWindow.Trial trial(Hit p) {
        return fresh("hold " + p.describe());
    }

    /** The placement's point was not reached in this trial. */
    void notReached() {
        notReached++;
        run.trace().add("kit", "the point was not reached in this run", null);
    }

    /**
     * Judges a trial whose hold was released. {@code landed}: the application's call returned while the thread was
     * held ({@code how}), so the trial opened the window; else it returned only after the release ({@code late}), and
     * the trial is judged all the same, but is no evidence of the window.
     */
    void judged(boolean landed, String how, String late, Runnable judge) {
        try {
            judge.run();
        } catch (InvariantViolation v) {
            run.opened(landed ? how : late);
            throw v;
        }
        if (!landed) {
            stalled++;
            return;
        }
        run.opened(how);
        opened++;
        firstOpened.record(run, how);
    }

    /**
     * The verdict once every placement was tried: evidence of the first that opened the window ({@code held}: what
     * held in each, {@code stalledToo}: what the stalled ones did); NOT_APPLICABLE when the application's call waited
     * for the held thread wherever it was held ({@code cannot}: why the window's situation never happens); else the
     * window was not opened (ERROR).
     */
    void conclude(String held, String stalledToo, String cannot) {
        if (opened > 0) {
            firstOpened.restore(run);
            run.opened(opened + " of " + placements.size() + " placements opened the window, " + held + "; first: "
                    + firstOpened.how() + (stalled == 0 ? "" : "; in " + stalled + " more, " + stalledToo));
            return;
        }
        if (stalled > 0) {
            Assumptions.abort("the loop's design cannot reach " + title + ": " + cannot + " (in " + stalled
                    + " placements)");
        }
        throw new WindowNotOpened("no placement opened " + title + " in " + trials + " trials (" + placements.size()
                + " placements, " + notReached + " not reached again" + (placements.isEmpty() ? ""
                : "; first: " + placements.get(0).describe()) + ")");
    }
}
