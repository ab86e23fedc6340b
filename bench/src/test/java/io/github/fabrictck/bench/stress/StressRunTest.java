package io.github.fabrictck.bench.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.bench.Drivers;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The stress loop's detector: it must catch a driver that loses every completion after its first
 * event, and stay silent about lost completions on the compliant driver. Assertions are on counts,
 * never on time.
 */
class StressRunTest {

    @Test
    void aDriverThatNeverRearmsLosesCompletionsAndIsCaught() throws Exception {
        Map<String, Object> r = new StressRun(new NeverRearms(), StressRun.Options.standard(Duration.ofMillis(400), 3)).run();
        Map<?, ?> byKind = (Map<?, ?>) r.get("byKind");
        assertTrue(((Number) byKind.get("lost completion")).longValue() > 0, r.toString());
        assertNotNull(r.get("firstDetectionMillis"));
        assertTrue(String.valueOf(r.get("firstDetection")).contains("no event will announce them"), r.toString());
        assertEquals(Boolean.TRUE, r.get("applicationEnded"));
    }

    @Test
    void theCompliantDriverLosesNoCompletion() throws Exception {
        Map<String, Object> r = new StressRun(Drivers.byName("sample"), StressRun.Options.standard(Duration.ofMillis(300), 4))
                .run();
        Map<?, ?> byKind = (Map<?, ?>) r.get("byKind");
        assertEquals(0L, byKind.get("lost completion"), r.toString());
        assertEquals(0L, byKind.get("handler exception"), r.toString());
        assertTrue(((Number) r.get("sends")).longValue() > 0, r.toString());
        assertNull(r.get("applicationFailure"));
    }

    /** Consumes completions only in its handler, and arms each queue once, at open: one event per queue, ever. */
    static final class NeverRearms implements Driver {
        @Override
        public String name() {
            return "never-rearms";
        }

        @Override
        public String version() {
            return "0";
        }

        @Override
        public Set<Family> families() {
            return Set.of(Family.COMPLETION_QUEUE);
        }

        @Override
        public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair qp) {
            return new Endpoint(qp);
        }
    }

    private static final class Endpoint implements CompletionQueueDriver {
        private final QueuePair qp;
        private final ArrayDeque<byte[]> received = new ArrayDeque<>();
        private long posted;
        private long completed;

        Endpoint(QueuePair qp) {
            this.qp = qp;
            qp.sendCompletionQueue().requestNotify(false);
            qp.receiveCompletionQueue().requestNotify(false);
        }

        @Override
        public synchronized void onCompletionEvent(CompletionQueue queue) {
            queue.acknowledgeEvents(1);
            for (Completion c = queue.poll(); c != null; c = queue.poll()) {
                if (c.opcode() == Completion.Opcode.SEND) {
                    completed++;
                } else {
                    received.add(c.payload());
                }
            }
            notifyAll();
        }

        @Override
        public void send(byte[] payload) {
            long id;
            synchronized (this) {
                id = ++posted;
            }
            qp.postSend(id, payload);
        }

        @Override
        public synchronized boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (completed < posted) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }

        @Override
        public synchronized byte[] receive(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (received.isEmpty()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                wait(Math.max(1, left / 1_000_000));
            }
            return received.poll();
        }

        @Override
        public void close() {
            qp.destroy();
        }
    }
}
