package io.github.fabrictck.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.SharedQueuePair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The shared-CQ device keeps the verbs rules CQ-6 relies on: a queue pair per completion, flushes at error. */
class SharedQueueDeviceTest {

    private final WindowRun run = WindowRun.start(Duration.ofSeconds(1));
    private final SharedQueueDevice device = new SharedQueueDevice(run);

    @AfterEach
    void stop() {
        device.close();
        run.finish();
    }

    @Test
    void aQueuePairInTheErrorStateFlushesEveryOutstandingSendWithOnlyIdStatusAndQueuePair() {
        SharedQueuePair qp = device.createQueuePair(0x12);
        qp.postSend(7, "a".getBytes());
        qp.postSend(8, "b".getBytes());
        List<Completion> flushed = device.enterErrorState(qp);
        assertEquals(2, flushed.size());
        for (Completion c : flushed) {
            assertEquals(Completion.Status.WR_FLUSH_ERR, c.status());
            assertEquals(0x12, c.queuePairNumber());
            assertNull(c.opcode(), "an error completion's opcode is undefined (ibv_poll_cq(3))");
            assertArrayEquals(new byte[0], c.payload());
        }
        assertEquals(List.of(7L, 8L), flushed.stream().map(Completion::workRequestId).toList());
        assertEquals(0, device.outstanding(qp));
    }

    @Test
    void completionsOfEveryQueuePairShareOneQueueInOrderAndAnArmedQueueAnnouncesABatchOnce() {
        SharedQueuePair a = device.createQueuePair(0x11);
        SharedQueuePair b = device.createQueuePair(0x12);
        a.postSend(1, new byte[1]);
        b.postSend(1, new byte[1]);
        device.queue().requestNotify(false);
        List<Completion> batch = new ArrayList<>(device.enterErrorState(b));
        batch.addAll(device.complete(a, 1));
        assertTrue(device.enqueue(batch), "the armed queue raises an event");
        assertFalse(device.enqueue(List.of()), "the event disarmed it");
        Completion first = device.queue().poll();
        assertEquals(0x12, first.queuePairNumber());
        Completion second = device.queue().poll();
        assertEquals(0x11, second.queuePairNumber());
        assertEquals(Completion.Status.SUCCESS, second.status());
        assertEquals(Completion.Opcode.SEND, second.opcode());
        assertNull(device.queue().poll());
        assertEquals(2, device.taken().size());
        assertSame(device, SharedQueueDevice.owning(device.queue()));
    }

    @Test
    void aSuccessfulCompletionNeedsItsOpcodeAndTheOneQueuePairConstructorIsASuccessOnQueuePairZero() {
        assertThrows(NullPointerException.class,
                () -> new Completion(1, null, new byte[0], Completion.Status.SUCCESS, 3));
        Completion c = new Completion(1, Completion.Opcode.RECEIVE, new byte[0]);
        assertEquals(Completion.Status.SUCCESS, c.status());
        assertEquals(0, c.queuePairNumber());
    }

    @Test
    void aSendOnADestroyedQueuePairIsMisuse() {
        SharedQueuePair qp = device.createQueuePair(0x11);
        qp.destroy();
        qp.postSend(1, new byte[0]);
        assertTrue(device.misuse().get(0).startsWith("SharedQueuePair.postSend on QP 17 at "), device.misuse().toString());
    }

    @Test
    void aPollerThatCallsTheQueueAfterItsTrialEndedStaysThereWithoutSpinningOrHoldingTheDevice() {
        device.trialOver();
        Thread poller = new Thread(() -> {
            while (true) {
                device.queue().poll(); // a poller that never looks at its close flag
            }
        }, "poller");
        poller.setDaemon(true);
        poller.start();
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10))
                .until(() -> poller.getState() == Thread.State.WAITING);
        poller.interrupt();
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10))
                .until(() -> poller.getState() == Thread.State.WAITING && !poller.isInterrupted());
        assertTrue(poller.isAlive(), "an interrupt does not let it go");
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> device.enqueue(List.of()), "the device's lock is free for the kit");
        assertTrue(run.trace().events().stream().anyMatch(e -> e.event().equals(
                "poller called CompletionQueue.poll() on the device after its trial ended: stopped there for good")),
                String.valueOf(run.trace().events()));
    }
}
