package io.github.fabrictck.sim;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.spi.el.Cqe;
import io.github.fabrictck.spi.el.EventFd;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The kit's ring keeps Linux's io_uring_enter rules EL-1 relies on: only a submitted entry completes. */
class SimulatedRingTest {

    private final WindowRun run = WindowRun.start(Duration.ofSeconds(1));
    private final SimulatedRing ring = new SimulatedRing(run, "ring#1");

    @AfterEach
    void stop() {
        ring.abort();
        run.finish();
    }

    @Test
    void aQueuedEntryIsInvisibleToEnterUntilPublishedAndSubmitted() {
        ring.queueNop(1);
        assertEquals(0, ring.enter(8, 0), "not published: the kernel cannot take it");
        assertNull(ring.poll());
        assertEquals(1, ring.publish());
        assertEquals(0, ring.enter(0, 0), "to_submit 0 submits nothing");
        assertNull(ring.poll());
        assertEquals(1, ring.enter(8, 1));
        assertEquals(new Cqe(1, 0), ring.poll());
    }

    @Test
    void anEventFdReadCompletesOnceWrittenBeforeOrAfterItsSubmission() {
        EventFd fd = ring.openEventFd();
        fd.write(1);
        ring.queueRead(fd, 7);
        assertEquals(1, ring.submit());
        assertEquals(new Cqe(7, 8), ring.poll(), "a write before the READ leaves the counter set");
        ring.queueRead(fd, 8);
        ring.submit();
        assertNull(ring.poll());
        fd.write(1);
        assertEquals(new Cqe(8, 8), ring.poll());
    }

    @Test
    void aWaitForAReadThatWasOnlyQueuedWaitsForeverAndSaysWhy() throws InterruptedException {
        EventFd fd = ring.openEventFd();
        ring.queueRead(fd, 1);
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread loop = new Thread(() -> {
            try {
                ring.enter(0, 1);
            } catch (Throwable e) {
                ended.set(e);
            }
        }, "loop");
        loop.setDaemon(true);
        loop.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> ring.waitsIn(loop));
        fd.write(1);
        assertTrue(ring.waitsForever(loop), ring.describe());
        assertTrue(ring.describe().contains("1 queued and never published [READ eventfd#1"), ring.describe());
        ring.abort();
        loop.join();
        assertTrue(ended.get() instanceof SimulatedRing.TornDown, String.valueOf(ended.get()));
    }

    @Test
    void aTimeoutCompletesWhenTheDevicesTimePassesWhileTheLoopWaits() throws InterruptedException {
        ring.queueTimeout(Duration.ofSeconds(2).toNanos(), 3);
        ring.publish();
        AtomicReference<Cqe> got = new AtomicReference<>();
        Thread loop = new Thread(() -> {
            ring.enter(1, 1);
            got.set(ring.poll());
        }, "loop");
        loop.setDaemon(true);
        loop.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> ring.waitsIn(loop));
        assertFalse(ring.waitsForever(loop), "time can complete the submitted TIMEOUT");
        assertTrue(run.passDeviceTimeouts());
        loop.join();
        assertEquals(new Cqe(3, -Cqe.ETIME), got.get());
    }

    @Test
    void aCallAfterCloseAndAWriteToAClosedEventFdAreMisuse() {
        EventFd fd = ring.openEventFd();
        fd.close();
        assertThrows(IllegalStateException.class, () -> fd.write(1));
        ring.close();
        assertThrows(IllegalStateException.class, () -> ring.enter(0, 1));
        assertEquals(2, ring.misuse().size(), String.valueOf(ring.misuse()));
    }

    @Test
    void aThreadThatCallsTheRingAfterItsTrialEndedStaysThereWithoutSpinningOrHoldingTheRing() {
        ring.trialOver();
        Thread spinner = new Thread(() -> {
            while (true) {
                ring.poll(); // a busy poller that never looks at its shutdown flag
            }
        }, "loop");
        spinner.setDaemon(true);
        spinner.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> spinner.getState() == Thread.State.WAITING);
        spinner.interrupt();
        await().atMost(Duration.ofSeconds(10)).until(() -> spinner.getState() == Thread.State.WAITING && !spinner.isInterrupted());
        assertTrue(spinner.isAlive(), "an interrupt does not let it go");
        ring.abort(); // a notifyAll on the ring: it waits again
        await().atMost(Duration.ofSeconds(10)).until(() -> spinner.getState() == Thread.State.WAITING);
        assertTrue(ring.describe().length() > 0, "the ring's monitor is free for the kit's own looks");
        assertTrue(run.trace().events().stream().anyMatch(e -> e.event().equals(
                "loop called poll() on ring#1 after its trial ended: stopped there for good")), String.valueOf(run.trace().events()));
    }
}
