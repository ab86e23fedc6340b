package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The moment at a thread's end when the JVM already says {@code TERMINATED} and {@code isAlive()} is still true
 * (it sets the state, then clears the thread's link, then wakes the joiners): an exiting thread preempted there on
 * a loaded machine made sample's EL-3/second-wakeup FAIL once in 187 runs ("the loop thread has not ended and every
 * driver thread is idle"): the views counted it ended and idle, the window's "has it ended" asked {@code isAlive()}.
 * The moment is held open here by a thread whose state reads {@code TERMINATED} while it really waits.
 */
class EndingThreadTest {

    private final CountDownLatch end = new CountDownLatch(1);
    private final Thread ending = new Thread(() -> {
        try {
            end.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }, "ending") {
        @Override
        public State getState() {
            return State.TERMINATED; // what the JVM says from the first of its two writes at the thread's end
        }
    };

    @BeforeAll
    static void agent() {
        // before WindowRun's first use in this JVM: it reads the JDK's fields the agent opens once, as it loads
        FixtureAgent.attach();
    }

    @AfterEach
    void letItEnd() throws InterruptedException {
        end.countDown();
        ending.join();
    }

    @Test
    void aThreadTheJvmSaysTerminatedHasEndedThoughItIsStillAlive() {
        ending.start();
        assertTrue(ending.isAlive());
        assertTrue(WindowRun.ended(ending));
        assertFalse(WindowRun.ended(Thread.currentThread()));
    }

    @Test
    void itsJoinerCanGoOnAndIsNotJoiningALiveThread() {
        ending.start();
        Target join = Target.parse("public final void java.lang.Thread.join() throws java.lang.InterruptedException");
        assertEquals(Boolean.TRUE, Wakes.ready(join, new Object[] {ending}, Thread.currentThread()));
        WindowRun run = WindowRun.start(java.time.Duration.ofSeconds(1));
        try {
            assertNull(run.joining(Thread.currentThread()));
        } finally {
            run.finish();
        }
    }

    @Test
    void aLockHeldByADriverThreadThatEndedComesToItsWaiterAsOneHeldByALiveOneDoesNot() {
        // at a thread's end the JVM holds its Thread object's lock to wake its joiners: a close() in join() reads
        // BLOCKED on it, owned by the ended thread, and is about to run (zoo-cq-wake-flag-loop's CQ-7, 1 in 200 at load 8)
        Thread live = Thread.currentThread();
        assertTrue(WindowRun.lockComesToIt(ending.getId(), java.util.List.of(ending, live)));
        assertFalse(WindowRun.lockComesToIt(live.getId(), java.util.List.of(ending, live)), "a live driver thread holds it");
        assertTrue(WindowRun.lockComesToIt(-1, java.util.List.of(ending, live)), "a free lock");
        assertTrue(WindowRun.lockComesToIt(live.getId(), java.util.List.of(ending)), "held by a thread outside the driver");
    }
}
