package io.github.fabrictck.engine;

import static java.lang.invoke.MethodType.methodType;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The false FAIL of DiSNI's CQ-3 (trial 19 of its search), reproduced deterministically: DiSNI's
 * {@code RdmaCqProcessor.start} starts its CQ thread with {@code new Thread(this)}, and that thread
 * runs code with no point (its affinity stub, a log line) before its first {@code getCqEvent}. The
 * kit knew the thread only from that first point, so a settle in between counted the driver as
 * settled while its CQ thread was still on its way to the kit's hold.
 */
class StartedThreadTest {

    private final WindowRun run = WindowRun.start(Duration.ofSeconds(1));
    private Thread library;

    @AfterEach
    void finish() throws InterruptedException {
        if (library != null) {
            library.interrupt();
            library.join(5000);
        }
        run.finish();
    }

    @Test
    void aThreadTheDriverStartsHasNotSettledUntilItBlocksWhereTheKitSees() throws Exception {
        CountDownLatch onItsWay = new CountDownLatch(1);
        library = new Thread(() -> {
            try {
                // code the agent does not see: the thread reads as WAITING, but nothing the kit knows stops it
                onItsWay.await();
                run.waitingForWork(() -> {
                    new CountDownLatch(1).await(); // the kit's own wait for a device event: seen, and idle
                    return null;
                });
            } catch (Exception e) {
                // interrupted at the end of the test
            }
        });
        Thread opener = startedByTheDriver();

        assertTrue(run.isTracked(library), "a thread the driver started is a driver thread from its start");
        for (int i = 0; i < 20; i++) {
            assertFalse(run.settle().settled(), "the started thread has not reached a blocking call the kit sees");
            Thread.sleep(1);
        }

        onItsWay.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!run.settle().settled()) {
            assertTrue(System.nanoTime() < deadline, "never settled: " + run.whereThreadsAre());
            Thread.sleep(1);
        }
    }

    /**
     * #28's load flake of DiSNI's CQ thread, at the kit's teardown: a thread the driver started that is still running
     * its first statements (DiSNI's {@code running = true} before its first {@code getCqEvent}) is one the kit's close
     * waits for, until it passes its first point; a thread that waits, or has passed a point, is not.
     */
    @Test
    void aStartedThreadIsOnItsWayUntilItPassesItsFirstPoint() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean go = new java.util.concurrent.atomic.AtomicBoolean();
        library = new Thread(() -> {
            while (!go.get()) {
                Thread.onSpinWait(); // its first statements: running, no point
            }
            try {
                run.call(Point.Kind.SYNC_CALL, new Target("java.lang.Thread", "yield", false), new Object[0],
                        MethodHandles.lookup().findStatic(Thread.class, "yield", methodType(void.class)), null);
                run.waitingForWork(() -> {
                    new CountDownLatch(1).await();
                    return null;
                });
            } catch (Throwable e) {
                // interrupted at the end of the test
            }
        });
        Thread opener = startedByTheDriver();

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (library.getState() != Thread.State.RUNNABLE) {
            assertTrue(System.nanoTime() < deadline, "the library's thread never ran");
            Thread.sleep(1);
        }
        for (int i = 0; i < 20; i++) {
            assertTrue(run.beforeTheirFirstPoint().contains(library), "running, before its first point");
            assertFalse(run.beforeTheirFirstPoint().contains(opener), "ended");
        }
        go.set(true);
        while (!run.beforeTheirFirstPoint().isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "never passed its point: " + run.whereThreadsAre());
            Thread.sleep(1);
        }
        assertTrue(run.isTracked(library));
    }

    /** Starts {@link #library} as a driver's code does ({@code Thread.start} at a point, on the application's thread). */
    private Thread startedByTheDriver() throws InterruptedException {
        library.setDaemon(true);
        Thread opener = new Thread(() -> {
            try {
                run.call(Point.Kind.SYNC_CALL, new Target("java.lang.Thread", "start", false), new Object[] {library},
                        MethodHandles.lookup().findVirtual(Thread.class, "start", methodType(void.class)), null);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }, "app");
        run.track(opener);
        opener.start();
        opener.join(10_000);
        assertFalse(opener.isAlive());
        return opener;
    }
}
