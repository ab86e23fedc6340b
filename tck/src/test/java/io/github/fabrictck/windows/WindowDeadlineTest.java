package io.github.fabrictck.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * A variant's time limit counts from its latest trial, on a clock the test moves (one second a look, whatever the
 * machine's load): a sweep that keeps starting trials is not stopped by the limit, a hung one is, and so is one that
 * starts trials past the cap.
 */
class WindowDeadlineTest {

    private static final Duration LIMIT = Duration.ofSeconds(3);
    private static final Duration CAP = Duration.ofSeconds(8);

    /** A clock that moves a second at each look. */
    private static LongSupplier secondALook() {
        AtomicLong now = new AtomicLong();
        return () -> now.addAndGet(1_000_000_000L);
    }

    @Test
    void aVariantThatReturnsReturnsWhatItReturnedAndOneThatThrowsThrowsIt() throws Throwable {
        assertEquals("judged", WindowDeadline.run(() -> "judged", "v", LIMIT, CAP, () -> 0, secondALook()));
        IllegalStateException thrown = new IllegalStateException("FAIL");
        assertSame(thrown, assertThrows(IllegalStateException.class, () -> WindowDeadline.run(() -> {
            throw thrown;
        }, "v", LIMIT, CAP, () -> 0, secondALook())));
        AssertionError error = new AssertionError("an invariant");
        assertSame(error, assertThrows(AssertionError.class, () -> WindowDeadline.run(() -> {
            throw error;
        }, "v", LIMIT, CAP, () -> 0, secondALook())));
    }

    @Test
    void aVariantThatStartsNoTrialTimesOutAfterTheLimitAndItsThreadIsInterrupted() throws Exception {
        CountDownLatch interrupted = new CountDownLatch(1);
        TimeoutException e = assertThrows(TimeoutException.class, () -> WindowDeadline.run(() -> {
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException stopped) {
                interrupted.countDown();
            }
            return null;
        }, "inMemory", LIMIT, CAP, () -> 0, secondALook()));
        assertEquals("inMemory() timed out after 3 seconds", e.getMessage());
        interrupted.await();
    }

    @Test
    void aSweepWhoseTrialsKeepComingRunsPastTheLimitAndEndsAtTheCap() {
        AtomicLong trials = new AtomicLong();
        TimeoutException e = assertThrows(TimeoutException.class, () -> WindowDeadline.run(() -> {
            new CountDownLatch(1).await();
            return null;
        }, "onLoopback", LIMIT, CAP, trials::incrementAndGet, secondALook()));
        assertTrue(e.getMessage().startsWith("onLoopback() timed out after 8 seconds (its trials still coming"),
                e.getMessage());
    }

    @Test
    void aTrialThatHangsTimesOutTheLimitAfterTheLastTrialStarted() {
        AtomicLong looks = new AtomicLong();
        // a new trial at each of the first two looks, then none
        LongSupplier trials = () -> Math.min(2, looks.incrementAndGet());
        TimeoutException e = assertThrows(TimeoutException.class, () -> WindowDeadline.run(() -> {
            new CountDownLatch(1).await();
            return null;
        }, "sweep", LIMIT, CAP, trials, secondALook()));
        assertEquals("sweep() timed out after 3 seconds without a new trial", e.getMessage());
    }
}
