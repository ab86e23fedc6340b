package io.github.fabrictck.sim;

import io.github.fabrictck.engine.Points;
import io.github.fabrictck.engine.Site;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionConsumer;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A device with one queue pair and verbs completion-queue semantics, deterministic: nothing
 * completes unless the script says so. Its interrupt thread calls the driver's completion handler
 * for each event. It keeps the facts the windows judge: which completion waits unannounced, and
 * every use of the device against its rules.
 */
public final class SimulatedDevice extends EventDevice implements QueuePair {

    private final Queue sendQueue = new Queue("send");
    private final Queue receiveQueue = new Queue("receive");
    private final ArrayDeque<Completion> posted = new ArrayDeque<>();
    private long nextIncoming = 1;
    private boolean destroyed;
    private boolean tearingDown;
    private String destroyWaitsAt;
    private volatile boolean teardownRule = true;
    private String destroyedAt;
    /** Whether the completions the driver polls are kept, for the windows that ask ({@link #recordTakes()}). */
    private boolean recordTakes;

    public SimulatedDevice(WindowRun run) {
        this(run, null);
    }

    /**
     * A device whose interrupt loop runs on {@code carrier}, a thread named {@code device-interrupt} kept
     * from one exploration schedule to the next (starting a thread costs more than a short schedule);
     * {@code null} for a thread of its own.
     */
    public SimulatedDevice(WindowRun run, AppThread carrier) {
        super(run, carrier);
        run.unannouncedWork(this::unannounced);
    }

    /** Connects the driver's completion handler and starts the interrupt thread. */
    public void attach(CompletionQueueDriver driver) {
        connect(driver::onCompletionEvent);
    }

    @Override
    List<Queue> queues() {
        return List.of(sendQueue, receiveQueue);
    }

    @Override
    public CompletionQueue sendCompletionQueue() {
        return sendQueue;
    }

    @Override
    public CompletionQueue receiveCompletionQueue() {
        return receiveQueue;
    }

    @Override
    public void postSend(long workRequestId, byte[] payload) {
        Points.environmentReached("QueuePair.postSend");
        synchronized (lock) {
            if (usable("QueuePair.postSend")) {
                posted.add(new Completion(workRequestId, Completion.Opcode.SEND, new byte[0]));
            }
        }
        run.trace().add("device", "send #" + workRequestId + " posted (" + payload.length + " bytes)", null);
        run.changed();
    }

    /**
     * Destroys the queue pair as {@code ibv_destroy_cq} does: no event is delivered once it has begun,
     * and it waits until every event the device has delivered is acknowledged, an event already taken
     * for the handler whose handler call has not begun included (the driver cannot know of that one).
     * Called by the handler's own thread, it does not wait (it would wait for itself): an event
     * delivered and not acknowledged then is misuse.
     */
    @Override
    public void destroy() {
        Points.environmentReached("QueuePair.destroy");
        synchronized (lock) {
            if (!usable("QueuePair.destroy")) {
                return;
            }
            tearingDown = true;
            dropEvents();
        }
        if (teardownRule && Thread.currentThread() != interruptThread()) {
            awaitAcknowledged();
        }
        synchronized (lock) {
            if (destroyed) {
                return;
            }
            if (handlerRunning && Thread.currentThread() != interruptThread()) {
                run.trace().add("device", "queue pair destroyed while the completion handler has not returned yet",
                        Site.caller());
            }
            for (Queue q : List.of(sendQueue, receiveQueue)) {
                if (q.acknowledged < q.delivered) {
                    misuse.add("the queue pair was destroyed at " + Site.caller() + " with "
                            + (q.delivered - q.acknowledged) + " unacknowledged event(s) of the " + q.name + " CQ");
                }
                q.pendingEvents = 0;
            }
            destroyed = true;
            destroyedAt = Site.inDriver(Thread.currentThread(), 2);
            dropEvents();
        }
        run.trace().add("device", "queue pair destroyed", null);
        run.changed();
    }

    /** Waits, as a thread waiting for work the kit can see, until every delivered event is acknowledged. */
    private void awaitAcknowledged() {
        long unacknowledged;
        synchronized (lock) {
            unacknowledged = unacknowledged();
        }
        if (unacknowledged == 0) {
            return;
        }
        String caller = Site.caller();
        run.trace().add("device", "destroy waits until " + unacknowledged + " delivered event(s) are acknowledged "
                + "(as ibv_destroy_cq does)", caller);
        synchronized (lock) {
            destroyWaitsAt = caller;
        }
        try {
            run.waitingForWork(() -> {
                synchronized (lock) {
                    while (unacknowledged() > 0) {
                        lock.wait();
                    }
                }
                return null;
            }, () -> {
                synchronized (lock) {
                    return unacknowledged() == 0;
                }
            });
        } catch (InterruptedException e) {
            // the window is being torn down: destroy now, and the unacknowledged events are misuse
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * What a destroy in progress waits for, in one sentence, or {@code null} when no destroy waits.
     */
    public String destroyWaits() {
        synchronized (lock) {
            if (destroyed || destroyWaitsAt == null || unacknowledged() == 0) {
                return null;
            }
            List<String> queues = new ArrayList<>();
            for (Queue q : List.of(sendQueue, receiveQueue)) {
                if (q.acknowledged < q.delivered) {
                    queues.add((q.delivered - q.acknowledged) + " of the " + q.name + " CQ");
                }
            }
            return "QueuePair.destroy, called at " + destroyWaitsAt + ", waits for delivered events nobody acknowledged ("
                    + String.join(", ", queues) + ")";
        }
    }

    private long unacknowledged() {
        return sendQueue.delivered - sendQueue.acknowledged + receiveQueue.delivered - receiveQueue.acknowledged;
    }

    /**
     * Makes {@link #destroy} destroy at once, without waiting for delivered events to be acknowledged:
     * the device before its teardown rule was written down. Only for measuring what an exploration
     * finds without the rule (the event a device took for the handler then races close()); never for
     * a certification.
     */
    public void withoutTeardownRule() {
        teardownRule = false;
    }

    // ---------------------------------------------------------------- script hooks

    /** How many posted sends have not completed yet. */
    public int sendsWaiting() {
        synchronized (lock) {
            return posted.size();
        }
    }

    /**
     * Several incoming messages arrive at once: their receive completions are queued together, so
     * an armed CQ raises one event for them all and a driver that polls after it finds them all.
     *
     * @return whether an event announces them (the CQ was armed)
     */
    public boolean deliverIncoming(List<byte[]> payloads) {
        List<Entry> entries = new ArrayList<>();
        synchronized (lock) {
            for (byte[] p : payloads) {
                long seq = nextIncoming++;
                entries.add(new Entry(new Completion(seq, Completion.Opcode.RECEIVE, p.clone()), "message #" + seq
                        + " arrived (" + p.length + " bytes)"));
            }
        }
        return receiveQueue.enqueue(entries);
    }

    /** From now on, every completion the driver polls is kept with the driver's frames that polled it ({@link #taken()}). */
    public void recordTakes() {
        synchronized (lock) {
            recordTakes = true;
        }
    }

    /** An application callback for {@link CompletionQueueDriver#consumeWith}: it keeps what it was given and can fail. */
    public Consumer consumer(int throwAt) {
        return new Consumer(throwAt);
    }

    /**
     * Completes the oldest posted send into the send CQ now.
     *
     * @return whether an event announces it (the CQ was armed)
     * @throws IllegalStateException when no send is waiting to complete
     */
    public boolean completeNextSend() {
        Completion c;
        synchronized (lock) {
            c = posted.poll();
        }
        if (c == null) {
            throw new IllegalStateException("the driver posted no send that could complete");
        }
        return sendQueue.enqueue(List.of(new Entry(c, "send #" + c.workRequestId() + " completed")));
    }

    /**
     * An incoming message arrives: a receive completion is queued in the receive CQ now.
     *
     * @return whether an event announces it (the CQ was armed)
     */
    public boolean deliverIncoming(byte[] payload) {
        return deliverIncoming(List.of(payload));
    }

    /** Delivers an event for a queue although no completion came (a spurious or outdated event). */
    public void deliverSpuriousEvent(CompletionQueue queue) {
        Queue q = (Queue) queue;
        synchronized (lock) {
            q.armed = false;
            q.raise();
        }
        run.trace().add("device", "spurious event for the " + q.name + " CQ (it holds " + depth(q) + ")", null);
        run.changed();
    }

    /**
     * Runs an action inside the driver's next {@code requestNotify} on this queue, just before the
     * arm takes effect: a completion injected so arrives between the driver's last poll and its arm.
     */
    public void atNextArm(CompletionQueue queue, Runnable injection) {
        synchronized (lock) {
            ((Queue) queue).armInjection = injection;
        }
    }

    // ---------------------------------------------------------------- state the windows judge

    /** How many completions wait in the queue. */
    public int depth(CompletionQueue queue) {
        synchronized (lock) {
            return ((Queue) queue).items.size();
        }
    }

    /** How many arms of this queue ran an injection ({@link #atNextArm}), and the last answer given then. */
    public int injectedArms(CompletionQueue queue) {
        synchronized (lock) {
            return ((Queue) queue).injectedArms;
        }
    }

    /** How many events the device has raised so far (a completion on an armed CQ, or a spurious one). */
    public long eventsRaised() {
        synchronized (lock) {
            return sendQueue.delivered + receiveQueue.delivered + sendQueue.pendingEvents + receiveQueue.pendingEvents;
        }
    }

    /** Whether the queue pair was destroyed ({@link QueuePair#destroy()} ran to its end). */
    public boolean destroyed() {
        synchronized (lock) {
            return destroyed;
        }
    }

    /** Where the driver destroyed the queue pair, or {@code null}. */
    public String destroyedAt() {
        synchronized (lock) {
            return destroyedAt;
        }
    }

    /** How a completion appears in reasons: {@code message #2} or {@code send #1}. */
    public static String describe(Completion c) {
        return (c.opcode() == Completion.Opcode.RECEIVE ? "message #" : "send #") + c.workRequestId();
    }

    // ---------------------------------------------------------------- internals

    @Override
    boolean alive(String what) {
        if (destroyed) {
            misuse.add(what + " was called at " + Site.caller() + " after the queue pair was destroyed (use after free)");
            return false;
        }
        return true;
    }

    @Override
    boolean delivering() {
        return !destroyed && !tearingDown;
    }

    @Override
    boolean keepsTakes() {
        return recordTakes;
    }

    private record Entry(Completion completion, String what) {
    }

    /**
     * A completion the driver polled.
     *
     * @param completion what it polled
     * @param thread     the thread that polled it
     * @param where      the driver's innermost frames at the poll
     */
    public record Taken(Completion completion, String thread, String where) {
    }

    /**
     * The application's callback ({@link CompletionConsumer}) as a window gives it: it keeps every
     * completion handed to it, and its {@code throwAt}-th call (1 the first; 0 never) throws, as
     * application code may; it records where the driver called it then and what waited behind.
     */
    public final class Consumer implements CompletionConsumer {
        private int throwAt;
        private final List<Completion> accepted = new ArrayList<>();
        private String threw;
        private String behind;
        private int calls;

        private Consumer(int throwAt) {
            this.throwAt = throwAt;
        }

        @Override
        public void accept(Completion completion) {
            Points.environmentReached("CompletionConsumer.accept");
            boolean fail;
            synchronized (this) {
                calls++;
                accepted.add(completion);
                fail = accepted.size() == throwAt;
            }
            try {
                if (fail) {
                    String where = Site.inDriver(Thread.currentThread(), 4);
                    String waiting = waitingBehind();
                    synchronized (this) {
                        threw = describe(completion) + " on " + Thread.currentThread().getName()
                                + (where == null ? "" : ", called from " + where);
                        behind = waiting;
                    }
                }
                run.trace().add("app", "consumer given " + describe(completion) + (fail ? ": it throws" : ""),
                        Site.inDriver(Thread.currentThread(), 1));
                if (fail) {
                    throw new ConsumerFailure("the application's consumer failed for " + describe(completion)
                            + " (the kit's CQ-5 makes it throw)");
                }
            } finally {
                synchronized (this) {
                    calls--;
                }
                run.changed();
            }
        }

        /** Makes the callback throw for the next completion it is given (an exploration's decision). */
        public synchronized void throwForNext() {
            throwAt = accepted.size() + 1;
        }

        /**
         * Whether a driver thread is inside this callback now: the kit's own bookkeeping there may
         * wait for a monitor the kit holds, which must not pass for the driver having settled.
         */
        public synchronized boolean inCall() {
            return calls > 0;
        }

        /** What was taken and not yet handed over, and what still waits in the CQs, in words; {@code null} if nothing. */
        private String waitingBehind() {
            List<String> parts = new ArrayList<>();
            List<String> notHanded = notHandedOver();
            if (!notHanded.isEmpty()) {
                parts.add(String.join(", ", notHanded) + " taken from the CQ and not handed over yet");
            }
            synchronized (lock) {
                int queued = sendQueue.items.size() + receiveQueue.items.size();
                if (queued > 0) {
                    parts.add(queued + " completion(s) still queued");
                }
            }
            return parts.isEmpty() ? null : String.join("; ", parts);
        }

        /** Completions the driver polled since {@link #recordTakes()} that were never handed to this consumer. */
        public List<String> notHandedOver() {
            List<String> missing = new ArrayList<>();
            List<Completion> given;
            synchronized (this) {
                given = List.copyOf(accepted);
            }
            for (Taken t : taken()) {
                boolean handed = given.stream().anyMatch(c -> c.opcode() == t.completion().opcode()
                        && c.workRequestId() == t.completion().workRequestId());
                if (!handed) {
                    missing.add(describe(t.completion()) + " (polled by " + t.thread()
                            + (t.where() == null ? "" : " at " + t.where()) + ")");
                }
            }
            return missing;
        }

        /** Where and for what the consumer threw, or {@code null} if it has not. */
        public synchronized String threw() {
            return threw;
        }

        /** What waited behind the completion the consumer threw for, when it threw; {@code null} if nothing. */
        public synchronized String behind() {
            return behind;
        }

        /** How many completions were handed over. */
        public synchronized int given() {
            return accepted.size();
        }
    }

    /** What the kit's consumer throws: application code failing, as it may. */
    public static final class ConsumerFailure extends RuntimeException {
        ConsumerFailure(String message) {
            super(message);
        }
    }

    private final class Queue extends EventQueue<Entry> {
        Queue(String name) {
            super(name);
        }

        @Override
        Completion completion(Entry item) {
            return item.completion;
        }

        @Override
        String what(Entry item) {
            return item.what;
        }
    }
}
