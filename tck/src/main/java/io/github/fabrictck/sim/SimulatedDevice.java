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
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A device with one queue pair and verbs completion-queue semantics, deterministic: nothing
 * completes unless the script says so. Its interrupt thread calls the driver's completion handler
 * for each event. It keeps the facts the windows judge: which completion waits unannounced, and
 * every use of the device against its rules.
 */
public final class SimulatedDevice implements QueuePair, AutoCloseable {

    private final WindowRun run;
    private final Object lock = new Object();
    private final Queue sendQueue = new Queue("send");
    private final Queue receiveQueue = new Queue("receive");
    private final ArrayDeque<Completion> posted = new ArrayDeque<>();
    private final LinkedBlockingQueue<Queue> events = new LinkedBlockingQueue<>();
    private final List<String> misuse = new ArrayList<>();
    private final List<String> handlerErrors = new ArrayList<>();
    private final Thread interrupt;
    /** The thread kept across exploration schedules that runs the interrupt loop, or {@code null} (its own thread). */
    private final AppThread carrier;
    /** Put in the event queue by {@link #close()} on a kept thread: the loop ends, the thread stays. */
    private final Queue stop = new Queue("stop");
    private volatile CompletionQueueDriver handler;
    private long nextIncoming = 1;
    private boolean destroyed;
    private boolean tearingDown;
    private String destroyWaitsAt;
    private boolean handlerRunning;
    private volatile boolean teardownRule = true;
    private String destroyedAt;
    /** Every completion the driver polled, with where (kept for the windows that ask: {@link #recordTakes()}). */
    private final List<Taken> taken = new ArrayList<>();
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
        this.run = run;
        this.carrier = carrier;
        if (carrier == null) {
            this.interrupt = new Thread(this::interruptLoop, "device-interrupt");
            this.interrupt.setDaemon(true);
            run.track(interrupt);
        } else {
            this.interrupt = carrier.thread();
        }
        run.unannouncedWork(this::unannounced);
    }

    /** Connects the driver's completion handler and starts the interrupt thread. */
    public void attach(CompletionQueueDriver driver) {
        this.handler = driver;
        if (carrier == null) {
            interrupt.start();
        } else {
            carrier.execute(this::interruptLoop);
        }
    }

    /** The thread that calls the driver's completion handler. */
    public Thread interruptThread() {
        return interrupt;
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
            if (alive("QueuePair.postSend")) {
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
            if (!alive("QueuePair.destroy")) {
                return;
            }
            tearingDown = true;
            events.clear();
        }
        if (teardownRule && Thread.currentThread() != interrupt) {
            awaitAcknowledged();
        }
        synchronized (lock) {
            if (destroyed) {
                return;
            }
            if (handlerRunning && Thread.currentThread() != interrupt) {
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
            events.clear();
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
        return sendQueue.enqueue(c, "send #" + c.workRequestId() + " completed");
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
            q.pendingEvents++;
            events.add(q);
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

    /** Whether every completion ever queued has been polled. */
    public boolean everyCompletionConsumed() {
        synchronized (lock) {
            return sendQueue.items.isEmpty() && receiveQueue.items.isEmpty();
        }
    }

    /**
     * Whether no event is waiting or being handled: every event raised so far has been delivered
     * and its handler has returned. (An event the interrupt thread has taken from its queue but not
     * yet handed to the handler still counts as pending.)
     */
    public boolean interruptIdle() {
        synchronized (lock) {
            return sendQueue.pendingEvents == 0 && receiveQueue.pendingEvents == 0 && !handlerRunning;
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

    /** The completions the driver polled since {@link #recordTakes()}, in order. */
    public List<Taken> taken() {
        synchronized (lock) {
            return List.copyOf(taken);
        }
    }

    /** How a completion appears in reasons: {@code message #2} or {@code send #1}. */
    public static String describe(Completion c) {
        return (c.opcode() == Completion.Opcode.RECEIVE ? "message #" : "send #") + c.workRequestId();
    }

    /** Uses of the device against its rules: calls after destroy, unacknowledged events at destroy. */
    public List<String> misuse() {
        synchronized (lock) {
            return List.copyOf(misuse);
        }
    }

    /** Exceptions the completion handler threw, with where. */
    public List<String> handlerErrors() {
        synchronized (lock) {
            return List.copyOf(handlerErrors);
        }
    }

    /** Completions waiting in a CQ that no event will announce, in words. */
    public List<String> unannounced() {
        synchronized (lock) {
            if (destroyed || tearingDown) {
                return List.of();
            }
            List<String> work = new ArrayList<>();
            for (Queue q : List.of(sendQueue, receiveQueue)) {
                if (!q.items.isEmpty() && q.pendingEvents == 0 && !handlerRunning) {
                    work.add(q.items.size() + " completion(s) wait in the " + q.name + " CQ (first: "
                            + q.items.peek().what + ") and no event will announce them"
                            + (q.armed ? " (the CQ was armed after they were queued)" : " (the CQ is not armed)"));
                }
            }
            return work;
        }
    }

    @Override
    public void close() {
        if (carrier == null) {
            interrupt.interrupt();
        } else {
            events.add(stop);
        }
    }

    // ---------------------------------------------------------------- internals

    private boolean alive(String what) {
        if (destroyed) {
            misuse.add(what + " was called at " + Site.caller() + " after the queue pair was destroyed (use after free)");
            return false;
        }
        return true;
    }

    private void interruptLoop() {
        while (true) {
            Queue q;
            try {
                q = run.waitingForWork(events::take, () -> !events.isEmpty());
            } catch (Exception e) {
                return;
            }
            if (q == stop) {
                return;
            }
            synchronized (lock) {
                if (destroyed || tearingDown) {
                    continue;
                }
                q.delivered++;
                handlerRunning = true;
            }
            run.trace().add("device", "event for the " + q.name + " CQ: interrupt thread calls the completion handler", null);
            try {
                handler.onCompletionEvent(q);
            } catch (Throwable t) {
                WindowRun.threadDied(Thread.currentThread(), t);
                String where = t.getStackTrace().length > 0 ? Site.format(t.getStackTrace()[0]) : null;
                synchronized (lock) {
                    handlerErrors.add(t + (where == null ? "" : " at " + where));
                }
                run.trace().add("completion handler threw " + t, where);
            } finally {
                synchronized (lock) {
                    handlerRunning = false;
                    q.pendingEvents = Math.max(0, q.pendingEvents - 1);
                }
                run.changed();
            }
        }
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

    private final class Queue implements CompletionQueue {
        final String name;
        final ArrayDeque<Entry> items = new ArrayDeque<>();
        boolean armed;
        int pendingEvents;
        long delivered;
        long acknowledged;
        int injectedArms;
        Runnable armInjection;

        Queue(String name) {
            this.name = name;
        }

        boolean enqueue(Completion c, String what) {
            return enqueue(List.of(new Entry(c, what)));
        }

        boolean enqueue(List<Entry> entries) {
            boolean announced;
            synchronized (lock) {
                items.addAll(entries);
                announced = armed;
                if (armed) {
                    armed = false;
                    pendingEvents++;
                    events.add(this);
                }
            }
            String what = entries.size() == 1 ? entries.get(0).what
                    : entries.stream().map(Entry::what).collect(java.util.stream.Collectors.joining(", "));
            run.trace().add("device", what + ": queued in the " + name + " CQ, "
                    + (announced ? "armed: event raised" : "NOT armed: no event"), null);
            run.changed();
            return announced;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Completion poll() {
            Points.environmentReached("CompletionQueue.poll");
            Entry e;
            boolean record;
            synchronized (lock) {
                if (!alive("CompletionQueue.poll")) {
                    return null;
                }
                e = items.poll();
                record = recordTakes && e != null;
            }
            if (record) {
                Taken t = new Taken(e.completion, Thread.currentThread().getName(),
                        Site.inDriver(Thread.currentThread(), 2));
                synchronized (lock) {
                    taken.add(t);
                }
            }
            run.changed();
            return e == null ? null : e.completion;
        }

        @Override
        public int requestNotify(boolean reportMissedEvents) {
            Points.environmentReached("CompletionQueue.requestNotify");
            Runnable injection;
            synchronized (lock) {
                if (!alive("CompletionQueue.requestNotify")) {
                    return 0;
                }
                injection = armInjection;
                armInjection = null;
            }
            if (injection != null) {
                run.trace().add("device", "injection inside requestNotify on the " + name + " CQ, before the arm", null);
                injection.run();
            }
            int answer;
            synchronized (lock) {
                if (injection != null) {
                    injectedArms++;
                }
                armed = true;
                answer = reportMissedEvents && !items.isEmpty() ? items.size() : 0;
            }
            run.changed();
            return answer;
        }

        @Override
        public void acknowledgeEvents(int count) {
            Points.environmentReached("CompletionQueue.acknowledgeEvents");
            synchronized (lock) {
                if (!alive("CompletionQueue.acknowledgeEvents")) {
                    return;
                }
                acknowledged += count;
                if (acknowledged > delivered) {
                    misuse.add("the " + name + " CQ was acknowledged " + acknowledged + " events at " + Site.caller()
                            + " but only " + delivered + " were delivered");
                }
                lock.notifyAll();
            }
        }

        @Override
        public String toString() {
            return name + " CQ";
        }
    }
}
