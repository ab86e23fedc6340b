package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A search waits once for the driver's one-shot timers due soon, so their threads' points are tried too. */
class OneShotTimersTest {

    private final WindowRun run = WindowRun.start(Duration.ofSeconds(1));
    private final ScheduledThreadPoolExecutor[] pool = new ScheduledThreadPoolExecutor[1];

    OneShotTimersTest() {
        pool[0] = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "driver-1");
            t.setDaemon(true);
            run.trackWorker(t, pool[0]);
            return t;
        });
    }

    @AfterEach
    void stop() {
        pool[0].shutdownNow();
        run.finish();
    }

    @Test
    void aOneShotTimerDueWithinTheLimitIsWaitedForNotOneDueLaterNorAPeriodicOneNorWhatItSchedules() {
        AtomicBoolean drained = new AtomicBoolean();
        AtomicBoolean rescheduledRan = new AtomicBoolean();
        AtomicInteger ticks = new AtomicInteger();
        pool[0].schedule(() -> {
            drained.set(true);
            pool[0].schedule(() -> rescheduledRan.set(true), 10, TimeUnit.MINUTES); // what it schedules in turn
        }, 250, TimeUnit.MILLISECONDS);
        pool[0].schedule(() -> { }, 30, TimeUnit.SECONDS);
        pool[0].scheduleAtFixedRate(ticks::incrementAndGet, 10, 10, TimeUnit.SECONDS);
        assertEquals(1, run.awaitOneShotTimers(Duration.ofSeconds(1), Duration.ofSeconds(30), () -> false));
        // the wait ends once the worker took the drain (what the drain does then is the settle's): it runs now
        assertTrue(pool[0].getQueue().stream().noneMatch(r -> r instanceof java.util.concurrent.ScheduledFuture<?> f
                && f.getDelay(TimeUnit.SECONDS) < 1), "the 250 ms drain was taken before the wait ended");
        org.awaitility.Awaitility.await().atMost(Duration.ofMinutes(1)).untilTrue(drained);
        assertFalse(rescheduledRan.get(), "what the drain scheduled in turn is not waited for (nor counted: 1 above)");
        assertTrue(run.trace().events().stream().anyMatch(e -> e.event().equals(
                "1 one-shot timer(s) of the driver due within 1000 ms: waited for")), String.valueOf(run.trace().events()));
    }

    @Test
    void theWaitEndsWhenItsConditionHoldsAndIsNothingWithoutTimers() {
        assertEquals(0, run.awaitOneShotTimers(Duration.ofSeconds(1), Duration.ofSeconds(30), () -> false));
        AtomicBoolean ran = new AtomicBoolean();
        pool[0].schedule(() -> ran.set(true), 30, TimeUnit.SECONDS); // due within the limit, far enough for any load
        assertEquals(1, run.awaitOneShotTimers(Duration.ofMinutes(1), Duration.ofSeconds(30), () -> true));
        assertFalse(ran.get(), "a hold reached ends the wait at once");
    }
}
