package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Virtual time and its scheduler, without the agent. */
class VirtualTimeTest {

    private final VirtualTime time = new VirtualTime(null, Duration.ofSeconds(5));
    private final Worker timers = time.worker("timer", Executors.defaultThreadFactory());
    private final VirtualScheduler scheduler = new VirtualScheduler(time, timers, "test");
    private final List<String> fired = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void stop() {
        time.stop();
    }

    private void runAll() {
        time.runUntil(Long.MAX_VALUE, () -> false);
    }

    @Test
    void timersFireInDeadlineOrderAndTheClockReadsTheirTime() {
        scheduler.schedule(() -> fired.add("3 s at " + time.clock().instant()), 3, TimeUnit.SECONDS);
        scheduler.schedule(() -> fired.add("1 s at " + time.clock().instant()), 1, TimeUnit.SECONDS);
        scheduler.schedule(() -> fired.add("2 s at " + time.clock().instant()), 2000, TimeUnit.MILLISECONDS);
        long wall = System.nanoTime();
        runAll();
        assertEquals(List.of("1 s at " + VirtualTime.ORIGIN.plusSeconds(1), "2 s at " + VirtualTime.ORIGIN.plusSeconds(2),
                "3 s at " + VirtualTime.ORIGIN.plusSeconds(3)), fired);
        assertEquals(TimeUnit.SECONDS.toNanos(3), time.nanos());
        assertTrue(System.nanoTime() - wall < TimeUnit.SECONDS.toNanos(3), "virtual seconds took wall seconds");
    }

    @Test
    void workGivenToExecuteIsDueNowNotATimerAndRunningToQuiescenceRunsItWhileLaterTimersWait() {
        // a driver that hands all its work to the scheduler (review6-hs-executor): execute() and a zero-delay
        // schedule() are its work due now; a script that runs the environment to quiescence (onlyTimersLeft) must
        // run them, and what they hand on in the same instant, and stop with the real timer still pending
        scheduler.execute(() -> {
            fired.add("executed at " + time.nanos());
            scheduler.schedule(() -> fired.add("zero delay at " + time.nanos()), 0, TimeUnit.SECONDS);
            scheduler.execute(() -> {
                fired.add("executed again at " + time.nanos());
                scheduler.schedule(() -> fired.add("timer at " + time.nanos()), 1, TimeUnit.SECONDS);
            });
        });
        assertFalse(time.onlyTimersLeft(), "work due now is no timer: " + time.pending().stream().map(VirtualTime.Event::what).toList());
        time.runUntil(Long.MAX_VALUE, time::onlyTimersLeft);
        assertEquals(List.of("executed at 0", "zero delay at 0", "executed again at 0"), fired);
        assertEquals(0, time.nanos());
        assertEquals(1, scheduler.armed(), "only the one-second timer is a timer");
        assertEquals(0, scheduler.fired(), "work due now is no timer firing");
        assertEquals(-1, scheduler.lastFiredAt());
        assertTrue(time.onlyTimersLeft());
        assertEquals(TimeUnit.SECONDS.toNanos(1), time.nextEventAt(), "the timer waits");
        runAll();
        assertEquals("timer at " + TimeUnit.SECONDS.toNanos(1), fired.get(3));
        assertEquals(1, scheduler.fired());
        assertEquals(1, scheduler.firedAt(TimeUnit.SECONDS.toNanos(1)));
    }

    @Test
    void timersDueAtTheSameInstantFireInTheOrderTheyWereArmed() {
        for (int i = 0; i < 20; i++) {
            int n = i;
            scheduler.schedule(() -> fired.add("t" + n), 1, TimeUnit.SECONDS);
        }
        runAll();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            expected.add("t" + i);
        }
        assertEquals(expected, fired);
    }

    @Test
    void aTimerArmedByATimerFiresAtItsOwnDeadline() {
        scheduler.schedule(() -> scheduler.schedule(() -> fired.add("inner at " + time.nanos()), 500, TimeUnit.MILLISECONDS),
                1, TimeUnit.SECONDS);
        runAll();
        assertEquals(List.of("inner at " + TimeUnit.MILLISECONDS.toNanos(1500)), fired);
    }

    @Test
    void aCancelledTimerNeverFires() {
        ScheduledFuture<?> f = scheduler.schedule(() -> fired.add("cancelled"), 1, TimeUnit.SECONDS);
        scheduler.schedule(() -> fired.add("kept"), 2, TimeUnit.SECONDS);
        assertTrue(f.cancel(false));
        runAll();
        assertEquals(List.of("kept"), fired);
        assertEquals(1, scheduler.fired());
        assertEquals(2, scheduler.armed());
    }

    @Test
    void theFirstTimerArmIsRecordedOnceAndARunNowIsNoTimer() {
        List<Long> told = Collections.synchronizedList(new ArrayList<>());
        VirtualScheduler s = new VirtualScheduler(time, timers, "test", () -> told.add(time.nanos()));
        s.execute(() -> s.schedule(() -> fired.add("second"), 1, TimeUnit.SECONDS));
        assertEquals(-1, s.firstArmedAt(), "execute is no timer");
        time.at(TimeUnit.MILLISECONDS.toNanos(20), null, null, () -> timers.execute(
                () -> s.schedule(() -> fired.add("first"), 5, TimeUnit.SECONDS)));
        runAll();
        assertEquals(0, s.firstArmedAt(), "the timer armed by the run-now task at 0 is the first");
        assertEquals(List.of(0L), told);
        assertEquals(List.of("second", "first"), fired);
    }

    @Test
    void aPeriodicTimerRunsUntilTheLimit() {
        scheduler.scheduleAtFixedRate(() -> fired.add(String.valueOf(time.nanos() / 1_000_000)), 100, 100,
                TimeUnit.MILLISECONDS);
        time.runUntil(TimeUnit.MILLISECONDS.toNanos(450), () -> false);
        assertEquals(List.of("100", "200", "300", "400"), fired);
        assertTrue(time.hasEvents());
    }

    @Test
    void timeWaitsForAWorkerThatIsStillBusy() throws Exception {
        CountDownLatch slow = new CountDownLatch(1);
        scheduler.schedule(() -> {
            long spin = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(30);
            while (System.nanoTime() < spin) {
                Thread.onSpinWait();
            }
            fired.add("slow done");
            slow.countDown();
        }, 1, TimeUnit.SECONDS);
        scheduler.schedule(() -> fired.add("next"), 1001, TimeUnit.MILLISECONDS);
        runAll();
        assertEquals(List.of("slow done", "next"), fired);
    }

    @Test
    void aWorkerThatNeverBecomesIdleEndsTheRunWithAnError() {
        VirtualTime quick = new VirtualTime(null, Duration.ofMillis(200));
        Worker w = quick.worker("spinner", Executors.defaultThreadFactory());
        try {
            quick.at(0, "spin", null, () -> w.execute(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.onSpinWait();
                }
            }));
            WindowNotOpened e = assertThrows(WindowNotOpened.class, () -> quick.runUntil(Long.MAX_VALUE, () -> false));
            assertTrue(e.getMessage().contains("did not become idle within 200 ms"), e.getMessage());
        } finally {
            quick.stop();
        }
    }

    @Test
    void resetForgetsEventsAndGoesBackToZero() {
        scheduler.schedule(() -> fired.add("x"), 1, TimeUnit.SECONDS);
        runAll();
        scheduler.schedule(() -> fired.add("y"), 1, TimeUnit.SECONDS);
        time.reset();
        assertFalse(time.hasEvents());
        assertEquals(Instant.parse("2026-01-01T00:00:00Z"), time.clock().instant());
    }

    @Test
    void secondsWritesWhatTheFormatterWould() {
        java.util.Random random = new java.util.Random(42);
        List<Long> nanos = new ArrayList<>(List.of(0L, 1L, 499_999L, 500_000L, 1_500_000L, 2_500_000L, 4_500_000L,
                999_499_999L, 999_500_000L, 1_000_000_000L, 2_030_000_000L, 10_004_500_000L, 123_456_789_012L,
                VirtualTime.EXACT_NANOS - 1, VirtualTime.EXACT_NANOS, -1L, -2_500_000L, Long.MAX_VALUE));
        for (int i = 0; i < 50_000; i++) {
            long ms = random.nextInt(3_600_000);
            // every half-millisecond boundary near a random time, and random times at every scale
            nanos.add(ms * 1_000_000 + 500_000 + random.nextInt(3) - 1);
            nanos.add(random.nextLong() >>> random.nextInt(64));
        }
        for (long n : nanos) {
            assertEquals(String.format(java.util.Locale.ROOT, "%.3f s", n / 1e9), VirtualTime.seconds(n), "nanos " + n);
        }
    }
}
