package io.github.fabrictck.bench.stress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The stress device's semantics, driven step by step on a manual clock: no thread, no sleep. */
class StressDeviceTest {

    private static final long US = 1_000;

    private final AtomicLong now = new AtomicLong(1_000_000);

    /** Sends complete exactly 100 µs after they are posted; replies and notes as asked. */
    private StressDevice device(boolean replies, long meanNoteNanos) {
        return new StressDevice(new StressDevice.Settings(new Latency(100 * US, 100 * US, 0, 100 * US), replies,
                meanNoteNanos, 42), now::get);
    }

    @Test
    void aSendCompletesAfterItsLatencyAndNotBefore() {
        StressDevice d = device(false, 0);
        d.postSend(7, new byte[8]);
        assertEquals(now.get() + 100 * US, d.nextDueNanos());
        assertEquals(0, d.advance(now.get() + 99 * US));
        assertEquals(0, d.depth(d.sendCompletionQueue()));
        assertEquals(1, d.advance(now.get() + 100 * US));
        Completion c = d.sendCompletionQueue().poll();
        assertEquals(7, c.workRequestId());
        assertEquals(Completion.Opcode.SEND, c.opcode());
        assertNull(d.sendCompletionQueue().poll());
        assertEquals(Long.MAX_VALUE, d.nextDueNanos());
    }

    @Test
    void aCompletionQueuedWhileTheQueueIsNotArmedRaisesNoEvent() {
        StressDevice d = device(false, 0);
        d.postSend(1, new byte[0]);
        d.advance(now.get() + 100 * US);
        assertEquals(0, d.eventsRaised());
        assertFalse(d.dispatchOne(failOnEvent()));
    }

    @Test
    void anArmedQueueRaisesOneEventForItsNextCompletionOnlyAndIsDisarmedByIt() {
        StressDevice d = device(false, 0);
        CompletionQueue send = d.sendCompletionQueue();
        assertEquals(0, send.requestNotify(false));
        assertTrue(d.isArmed(send));
        d.postSend(1, new byte[0]);
        d.postSend(2, new byte[0]);
        d.advance(now.get() + 100 * US);
        assertEquals(2, d.depth(send));
        assertEquals(1, d.eventsRaised(), "the second completion found the queue disarmed");
        assertFalse(d.isArmed(send));
        List<CompletionQueue> handled = new ArrayList<>();
        assertTrue(d.dispatchOne(handler(handled::add)));
        assertEquals(List.of(send), handled);
        assertFalse(d.dispatchOne(handler(handled::add)));
    }

    @Test
    void rearmingDoesNotAnnounceCompletionsAlreadyQueuedButTheMissedEventReportDoes() {
        StressDevice d = device(false, 0);
        CompletionQueue send = d.sendCompletionQueue();
        d.postSend(1, new byte[0]);
        d.postSend(2, new byte[0]);
        d.advance(now.get() + 100 * US);
        assertEquals(0, send.requestNotify(false));
        assertEquals(2, send.requestNotify(true));
        assertEquals(0, d.eventsRaised());
        send.poll();
        send.poll();
        assertEquals(0, send.requestNotify(true));
    }

    @Test
    void everySendIsAnsweredByAReplyOnTheReceiveQueue() {
        StressDevice d = device(true, 0);
        d.receiveCompletionQueue().requestNotify(false);
        d.postSend(1, new byte[0]);
        d.advance(now.get() + 100 * US);
        Completion reply = d.receiveCompletionQueue().poll();
        assertNotNull(reply);
        assertEquals(Completion.Opcode.RECEIVE, reply.opcode());
        assertArrayEquals(StressDevice.REPLY, reply.payload());
        assertEquals(1, d.eventsRaised());
    }

    @Test
    void unsolicitedMessagesFollowTheSeededSchedule() {
        List<Long> first = noteTimes();
        List<Long> second = noteTimes();
        assertEquals(first, second, "same seed, same schedule");
        assertEquals(100, first.size());
        long span = first.get(first.size() - 1) - first.get(0);
        assertTrue(span > 100 * 100 * US / 3 && span < 100 * 100 * US * 3, "about 100 µs apart on average: " + span);
    }

    private List<Long> noteTimes() {
        now.set(0);
        StressDevice d = device(false, 100 * US);
        List<Long> times = new ArrayList<>();
        while (times.size() < 100) {
            long due = d.nextDueNanos();
            d.advance(due);
            Completion c = d.receiveCompletionQueue().poll();
            assertArrayEquals(StressDevice.NOTE, c.payload());
            times.add(due);
        }
        return times;
    }

    @Test
    void theHandlerRunsOnDispatchAndItsExceptionsAreCounted() {
        StressDevice d = device(false, 0);
        d.sendCompletionQueue().requestNotify(false);
        d.postSend(1, new byte[0]);
        d.advance(now.get() + 100 * US);
        assertTrue(d.dispatchOne(handler(q -> {
            throw new IllegalStateException("boom");
        })));
        assertEquals(Map.of(StressDevice.Problem.HANDLER_EXCEPTION, 1L), d.problems());
        assertTrue(d.examples(StressDevice.Problem.HANDLER_EXCEPTION).get(0).startsWith("java.lang.IllegalStateException: boom"));
        assertEquals(now.get(), d.firstNanos(StressDevice.Problem.HANDLER_EXCEPTION));
    }

    @Test
    void destroyingWithUnacknowledgedEventsAndEveryCallAfterDestroyAreCounted() {
        StressDevice d = device(false, 0);
        CompletionQueue send = d.sendCompletionQueue();
        send.requestNotify(false);
        d.postSend(1, new byte[0]);
        d.advance(now.get() + 100 * US);
        d.dispatchOne(handler(q -> { }));
        d.destroy();
        assertTrue(d.destroyed());
        assertNull(send.poll());
        assertEquals(0, send.requestNotify(true));
        send.acknowledgeEvents(1);
        d.postSend(2, new byte[0]);
        assertEquals(Map.of(StressDevice.Problem.UNACKNOWLEDGED_AT_DESTROY, 1L,
                StressDevice.Problem.USE_AFTER_DESTROY, 4L), d.problems());
        assertEquals(0, d.advance(Long.MAX_VALUE - 1), "a destroyed device completes nothing");
    }

    @Test
    void destroyGivesUpOnAHandlerThatNeverAcknowledgesAndCountsTheStall() throws Exception {
        StressDevice d = device(false, 0);
        d.sendCompletionQueue().requestNotify(false);
        d.postSend(1, new byte[0]);
        d.advance(now.get() + 100 * US);
        CountDownLatch inHandler = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread handlerThread = new Thread(() -> d.dispatchOne(handler(q -> {
            inHandler.countDown();
            try {
                release.await(); // blocked, as behind the closer's lock: it never acknowledges before destroy
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        })), "handler");
        handlerThread.start();
        inHandler.await();
        d.destroy();
        release.countDown();
        handlerThread.join();
        assertTrue(d.destroyed());
        assertEquals(1L, d.problems().get(StressDevice.Problem.DESTROY_STALLED));
        assertTrue(d.examples(StressDevice.Problem.DESTROY_STALLED).get(0).contains("(handler)"));
    }

    @Test
    void acknowledgingEveryDeliveredEventBeforeDestroyIsClean() {
        StressDevice d = device(false, 0);
        CompletionQueue send = d.sendCompletionQueue();
        send.requestNotify(false);
        d.postSend(1, new byte[0]);
        d.advance(now.get() + 100 * US);
        d.dispatchOne(handler(q -> q.acknowledgeEvents(1)));
        d.destroy();
        assertEquals(Map.of(), d.problems());
    }

    @Test
    void aCompletionIsLostWhenNoEventWillAnnounceItAndNoHandlerRuns() {
        StressDevice d = device(false, 0);
        CompletionQueue send = d.sendCompletionQueue();
        send.requestNotify(false);
        d.postSend(1, new byte[0]);
        d.postSend(2, new byte[0]);
        d.advance(now.addAndGet(100 * US));
        assertNull(d.lost(send), "an event is raised for it");
        List<String> seenInHandler = new ArrayList<>();
        d.dispatchOne(handler(q -> {
            seenInHandler.add(String.valueOf(d.lost(q)));
            q.poll();
            q.acknowledgeEvents(1);
            q.requestNotify(false); // re-armed after completion 2 was queued: nothing will announce it
        }));
        assertEquals(List.of("null"), seenInHandler, "not lost while the handler runs");
        now.addAndGet(5 * US);
        String lost = d.lost(send);
        assertNotNull(lost);
        assertEquals("1 completion(s) wait in the send CQ (the oldest for 5 µs) and no event will announce them "
                + "(the CQ is armed, after they were queued)", lost);
        assertNull(d.lost(d.receiveCompletionQueue()));
        send.poll();
        assertNull(d.lost(send));
    }

    @Test
    void withZeroLatencyASendCompletesInsidePostSend() {
        StressDevice d = new StressDevice(StressDevice.Settings.zeroLatency(), now::get);
        d.sendCompletionQueue().requestNotify(false);
        d.postSend(3, new byte[0]);
        assertEquals(1, d.depth(d.sendCompletionQueue()));
        assertEquals(1, d.eventsWaiting());
        assertEquals(Long.MAX_VALUE, d.nextDueNanos());
    }

    @Test
    void latenciesStayInTheirRangeAndTheTailIsAsRareAsAsked() {
        Latency l = Latency.realistic();
        Random r = new Random(1);
        int tail = 0;
        for (int i = 0; i < 100_000; i++) {
            long ns = l.next(r);
            assertTrue(ns >= 1_000 && ns <= 10_000_000, "latency " + ns);
            if (ns > 200_000) {
                tail++;
            }
        }
        assertTrue(tail > 50 && tail < 150, "about 0.1 % in the tail: " + tail);
        assertEquals(0, Latency.zero().next(r));
    }

    @Test
    void withItsThreadsTheDeviceCompletesEverySendOfTheSampleDriver() throws Exception {
        try (SendPath path = new SendPath(io.github.fabrictck.bench.Drivers.byName("sample"))) {
            path.run(10_000, 16);
            assertEquals(10_000, path.device().posted());
            assertNull(path.device().lost(path.device().sendCompletionQueue()));
        }
    }

    private static CompletionQueueDriver failOnEvent() {
        return handler(q -> {
            throw new AssertionError("no event expected");
        });
    }

    private static CompletionQueueDriver handler(Consumer<CompletionQueue> onEvent) {
        return new CompletionQueueDriver() {
            @Override
            public void onCompletionEvent(CompletionQueue queue) {
                onEvent.accept(queue);
            }

            @Override
            public void send(byte[] payload) {
            }

            @Override
            public boolean awaitSendsComplete(Duration timeout) {
                return true;
            }

            @Override
            public byte[] receive(Duration timeout) {
                return null;
            }

            @Override
            public void close() {
            }
        };
    }
}
