package io.github.fabrictck.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.engine.WindowRun;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The one wait for a driver's close(): what each window's policy makes of a close that cannot return,
 * judged on looks the test scripts (no clock is read: the deadline is far).
 */
class CloseWaitTest {

    private static final Duration FAR = Duration.ofMinutes(10);

    private final WindowRun run = WindowRun.start(Duration.ofSeconds(1));

    @AfterEach
    void stop() {
        run.finish();
    }

    @Test
    void aCloseThatWaitsWhileEveryThreadIsIdleAndNoTimeIsLeftToPassCannotReturn() {
        AtomicInteger looks = new AtomicInteger();
        CloseWait.End end = CloseWait.within(run, FAR).idleWhen(() -> true).hopelessAfter(3)
                .between(looks::incrementAndGet).until(() -> false);
        assertEquals(CloseWait.End.CANNOT_RETURN, end);
        assertEquals(2, looks.get(), "three consecutive hopeless looks, two pauses between them");
    }

    @Test
    void aTimerThatFiresOnVirtualTimeIsWaitedFor() {
        AtomicInteger fired = new AtomicInteger();
        CloseWait.End end = CloseWait.within(run, FAR).idleWhen(() -> true)
                .firingTimers(() -> fired.incrementAndGet() <= 5)
                .until(() -> fired.get() >= 5);
        assertEquals(CloseWait.End.RETURNED, end);
        assertEquals(5, fired.get());
    }

    @Test
    void whileADriverThreadIsBusyTheWaitGoesOnUntilTheCloseReturns() {
        AtomicInteger looks = new AtomicInteger();
        CloseWait.End end = CloseWait.within(run, FAR).idleWhen(() -> false).between(looks::incrementAndGet)
                .until(() -> looks.get() == 50);
        assertEquals(CloseWait.End.RETURNED, end);
    }

    @Test
    void aCloseThatDoesNotReturnBeforeTheDeadlineIsOutOfTime() {
        CloseWait.End end = CloseWait.within(run, Duration.ofNanos(-1)).idleWhen(() -> false).until(() -> false);
        assertEquals(CloseWait.End.OUT_OF_TIME, end);
    }

    @Test
    void theWindowsVerdictIsThrownForACloseThatDidNotReturnAndNothingForOneThatDid() {
        CompletableFuture<Void> never = new CompletableFuture<>();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> CloseWait.within(run, FAR)
                .idleWhen(() -> true).untilOrThrow(never, end -> new IllegalStateException(end.name())));
        assertEquals("CANNOT_RETURN", e.getMessage());
        CloseWait.within(run, FAR).idleWhen(() -> true).untilOrThrow(CompletableFuture.completedFuture(null),
                end -> new AssertionError("judged " + end));
    }

    @Test
    void aCloseOnAKitThreadThatReturnsIsTrueAndOneThatThrowsIsTracedAndReturnedAllTheSame() {
        AtomicInteger closed = new AtomicInteger();
        assertTrue(CloseWait.onKitThread(run, FAR, closed::incrementAndGet, null, () -> false));
        assertEquals(1, closed.get());
        assertTrue(CloseWait.onKitThread(run, FAR, () -> {
            throw new IllegalStateException("boom");
        }, null, () -> false));
        assertTrue(run.trace().events().stream()
                .anyMatch(e -> e.event().equals("driver close() threw java.lang.IllegalStateException: boom")),
                run.trace().events().toString());
    }
}
