package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.engine.StuckDetector.ThreadView;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StuckDetectorTest {

    private static final Duration BOUND = Duration.ofSeconds(1);
    private static final List<String> WORK = List.of("1 completion(s) wait in the send CQ");

    private static ThreadView waiting(String name, long timeoutNanos) {
        return new ThreadView(name, Thread.State.TIMED_WAITING, false, false, "Object.wait at X.y(X.java:1)", timeoutNanos);
    }

    private static ThreadView idleForWork(String name) {
        return new ThreadView(name, Thread.State.WAITING, false, true, null, Blocking.NOT_BLOCKING);
    }

    @Test
    void everyThreadAsleepBeyondTheBoundWithUnannouncedWorkIsStuck() {
        Optional<String> stuck = StuckDetector.judge(
                List.of(waiting("app", TimeUnit.MINUTES.toNanos(5)), idleForWork("device-interrupt")), WORK, BOUND);
        assertTrue(stuck.isPresent());
        assertTrue(stuck.get().contains("app waits in Object.wait at X.y(X.java:1) (timeout 300 s)"), stuck.get());
        assertTrue(stuck.get().contains("1 completion(s) wait in the send CQ"), stuck.get());
    }

    @Test
    void aThreadThatWakesWithinTheBoundIsNotStuck() {
        assertEquals(Optional.empty(), StuckDetector.judge(
                List.of(waiting("app", TimeUnit.MILLISECONDS.toNanos(100)), idleForWork("device-interrupt")), WORK, BOUND));
    }

    @Test
    void noPendingWorkIsNeverStuck() {
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(waiting("app", Blocking.FOREVER)), List.of(), BOUND));
    }

    @Test
    void aRunnableOrHeldThreadIsNotIdle() {
        ThreadView running = new ThreadView("app", Thread.State.RUNNABLE, false, false, null, Blocking.NOT_BLOCKING);
        ThreadView held = new ThreadView("app", Thread.State.WAITING, true, false, null, Blocking.NOT_BLOCKING);
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(running, idleForWork("i")), WORK, BOUND));
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(held, idleForWork("i")), WORK, BOUND));
    }

    @Test
    void aThreadInsideABlockingCallThatHasNotParkedYetIsNotIdle() {
        ThreadView entering = new ThreadView("app", Thread.State.RUNNABLE, false, false, "Object.wait", Blocking.FOREVER);
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(entering), WORK, BOUND));
    }

    @Test
    void terminatedThreadsCountAsIdle() {
        ThreadView ended = new ThreadView("t", Thread.State.TERMINATED, false, false, null, Blocking.NOT_BLOCKING);
        assertTrue(StuckDetector.judge(List.of(ended, waiting("app", Blocking.FOREVER)), WORK, BOUND).isPresent());
    }
}
