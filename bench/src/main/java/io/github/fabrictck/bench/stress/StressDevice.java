package io.github.fabrictck.bench.stress;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * A device for plain stress testing: one queue pair with the verbs completion-queue semantics of
 * the SPI (and of the kit's {@code SimulatedDevice}), but nothing scripted: posted sends complete
 * after random latencies, every send is answered by a reply from the peer, and the peer also sends
 * unsolicited messages at random times.
 *
 * <p>The rules it keeps: a queue armed with {@code requestNotify} raises one event for its
 * <em>next</em> completion and is disarmed by it; a completion queued while the queue is not
 * armed raises nothing; {@code requestNotify(true)} answers the number of completions already
 * queued. Events are delivered one at a time on the interrupt thread, which calls the driver's
 * {@link CompletionQueueDriver#onCompletionEvent}. {@link #destroy()} keeps the kit's teardown rule:
 * no event is delivered once it has begun, and it waits for the acknowledgement of an event whose
 * handler call is under way (taken, not yet begun, included); an event whose handler already returned
 * unacknowledged is counted instead of waited for (the real device would hang), and a wait longer than
 * {@link #DESTROY_WAIT_MILLIS} is counted as a stall and given up. After it every call is
 * a use after destroy, counted.
 *
 * <p>Time and chance are injected, so that the device can be driven step by step without threads
 * ({@link #advance}, {@link #dispatchOne}); {@link #start} runs the two device threads instead.
 */
public final class StressDevice implements QueuePair {

    /** Payload of a reply from the peer. */
    public static final byte[] REPLY = "reply".getBytes(StandardCharsets.US_ASCII);
    /** Payload of an unsolicited message from the peer. */
    public static final byte[] NOTE = "note".getBytes(StandardCharsets.US_ASCII);

    private static final byte[] NONE = new byte[0];
    private static final int KEEP = 3;

    /**
     * What the device does on its own.
     *
     * @param latency              latency of send completions and of replies
     * @param replies              whether the peer answers every send with a reply
     * @param meanNoteIntervalNanos mean time between unsolicited messages (exponential); 0 for none
     * @param seed                 seed of every random choice
     */
    public record Settings(Latency latency, boolean replies, long meanNoteIntervalNanos, long seed) {

        /** Realistic latencies, a reply per send, an unsolicited message every 500 µs on average. */
        public static Settings realistic(long seed) {
            return new Settings(Latency.realistic(), true, 500_000, seed);
        }

        /** Sends complete inside {@code postSend}; no reply, no unsolicited message. */
        public static Settings zeroLatency() {
            return new Settings(Latency.zero(), false, 0, 0);
        }
    }

    /** The kinds of misuse the device counts. */
    public enum Problem {
        /** A call to the device after the queue pair was destroyed. */
        USE_AFTER_DESTROY,
        /** The queue pair was destroyed with events delivered but not acknowledged. */
        UNACKNOWLEDGED_AT_DESTROY,
        /** More events acknowledged than delivered. */
        OVER_ACKNOWLEDGED,
        /** The completion handler threw. */
        HANDLER_EXCEPTION,
        /**
         * {@code destroy} waited {@link #DESTROY_WAIT_MILLIS} ms for a running handler to acknowledge its event
         * and gave up: the handler is blocked, most likely behind the closer (a real device would hang here).
         */
        DESTROY_STALLED
    }

    /** How long {@code destroy} waits for a running handler's acknowledgement before it counts a stall (wall clock). */
    public static final long DESTROY_WAIT_MILLIS = 1_000;

    private record Arrival(long dueNanos, long order, Completion completion, boolean send) {
    }

    private record Entry(Completion completion, long queuedNanos) {
    }

    private final Object lock = new Object();
    private final Settings settings;
    private final LongSupplier clock;
    private final Random random;
    private final Cq sendQueue = new Cq("send");
    private final Cq receiveQueue = new Cq("receive");
    private final PriorityQueue<Arrival> timeline = new PriorityQueue<>(
            Comparator.comparingLong(Arrival::dueNanos).thenComparingLong(Arrival::order));
    private final ArrayDeque<Cq> events = new ArrayDeque<>();
    private final Map<Problem, Long> problemCounts = new LinkedHashMap<>();
    private final Map<Problem, Long> problemFirstNanos = new LinkedHashMap<>();
    private final Map<Problem, List<String>> problemExamples = new LinkedHashMap<>();
    private long order;
    private long nextIncoming = 1;
    private long nextNoteNanos;
    private long posted;
    private long eventsRaised;
    private boolean destroyed;
    private boolean tearingDown;
    private boolean handlerRunning;
    private Thread handlerThread;
    private volatile boolean stopped;
    private volatile Thread completer;
    private volatile Thread interrupt;

    /** A device on the system clock. */
    public StressDevice(Settings settings) {
        this(settings, System::nanoTime);
    }

    /** A device on the given clock (nanoseconds), for tests. */
    public StressDevice(Settings settings, LongSupplier clock) {
        this.settings = settings;
        this.clock = clock;
        this.random = new Random(settings.seed());
        this.nextNoteNanos = settings.meanNoteIntervalNanos() > 0 ? clock.getAsLong() + noteInterval() : Long.MAX_VALUE;
    }

    // ---------------------------------------------------------------- QueuePair

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
        synchronized (lock) {
            if (!alive("QueuePair.postSend")) {
                return;
            }
            posted++;
            long now = clock.getAsLong();
            Completion done = new Completion(workRequestId, Completion.Opcode.SEND, NONE);
            if (settings.latency().isZero()) {
                sendQueue.enqueue(done, now);
            } else {
                timeline.add(new Arrival(now + settings.latency().next(random), order++, done, true));
            }
            if (settings.replies()) {
                timeline.add(new Arrival(now + settings.latency().next(random), order++, incoming(REPLY), false));
            }
        }
        Thread c = completer;
        if (c != null && !settings.latency().isZero()) {
            LockSupport.unpark(c);
        }
    }

    @Override
    public void destroy() {
        synchronized (lock) {
            if (!alive("QueuePair.destroy")) {
                return;
            }
            // the kit's teardown rule (QueuePair.destroy, as ibv_destroy_cq): no event once destroy has begun,
            // and wait for the acknowledgement of an event whose handler call is under way
            tearingDown = true;
            events.clear();
            boolean interrupted = false;
            // bounded, so that a handler blocked behind the closer stalls one connection of the stress run, not the run
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DESTROY_WAIT_MILLIS);
            while (handlerRunning && handlerThread != Thread.currentThread() && unacknowledged() > 0) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    problem(Problem.DESTROY_STALLED, "destroy waited " + DESTROY_WAIT_MILLIS + " ms for the running handler ("
                            + (handlerThread == null ? "?" : handlerThread.getName()) + ") to acknowledge its event");
                    break;
                }
                try {
                    lock.wait(left);
                } catch (InterruptedException e) {
                    interrupted = true;
                    break;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            for (Cq q : List.of(sendQueue, receiveQueue)) {
                if (q.acknowledged < q.delivered) {
                    problem(Problem.UNACKNOWLEDGED_AT_DESTROY, "destroyed with " + (q.delivered - q.acknowledged)
                            + " unacknowledged event(s) of the " + q.name + " CQ");
                }
                q.pendingEvents = 0;
            }
            destroyed = true;
            events.clear();
            timeline.clear();
        }
    }

    private long unacknowledged() {
        return sendQueue.delivered - sendQueue.acknowledged + receiveQueue.delivered - receiveQueue.acknowledged;
    }

    // ---------------------------------------------------------------- driving the device

    /**
     * Carries out everything due by {@code now}: sends complete into the send CQ, replies and
     * unsolicited messages arrive in the receive CQ, each raising an event if its queue is armed.
     *
     * @return how many completions were queued
     */
    public int advance(long now) {
        synchronized (lock) {
            if (destroyed) {
                return 0;
            }
            while (nextNoteNanos <= now) {
                timeline.add(new Arrival(nextNoteNanos, order++, incoming(NOTE), false));
                nextNoteNanos += noteInterval();
            }
            int n = 0;
            while (!timeline.isEmpty() && timeline.peek().dueNanos() <= now) {
                Arrival a = timeline.poll();
                (a.send() ? sendQueue : receiveQueue).enqueue(a.completion(), now);
                n++;
            }
            return n;
        }
    }

    /** When the next completion is due, or {@link Long#MAX_VALUE} when nothing is. */
    public long nextDueNanos() {
        synchronized (lock) {
            if (destroyed) {
                return Long.MAX_VALUE;
            }
            long next = timeline.isEmpty() ? Long.MAX_VALUE : timeline.peek().dueNanos();
            return Math.min(next, nextNoteNanos);
        }
    }

    /**
     * Delivers the oldest raised event, if any, by calling the handler on this thread.
     *
     * @return whether there was an event
     */
    public boolean dispatchOne(CompletionQueueDriver handler) {
        Cq q;
        synchronized (lock) {
            q = tearingDown ? null : events.poll();
            if (q == null) {
                return false;
            }
            q.delivered++;
            handlerRunning = true;
            handlerThread = Thread.currentThread();
        }
        try {
            handler.onCompletionEvent(q);
        } catch (Throwable t) {
            String where = t.getStackTrace().length > 0 ? " at " + t.getStackTrace()[0] : "";
            synchronized (lock) {
                problem(Problem.HANDLER_EXCEPTION, t + where);
            }
        } finally {
            synchronized (lock) {
                handlerRunning = false;
                handlerThread = null;
                q.pendingEvents = Math.max(0, q.pendingEvents - 1);
                lock.notifyAll();
            }
        }
        return true;
    }

    /**
     * Starts the device's two threads: {@code device-completer} carries out what is due, as soon as
     * it is due; {@code device-interrupt} delivers events to the handler, one at a time.
     */
    public void start(CompletionQueueDriver handler) {
        Thread c = new Thread(this::completerLoop, "device-completer");
        Thread i = new Thread(() -> interruptLoop(handler), "device-interrupt");
        c.setDaemon(true);
        i.setDaemon(true);
        completer = c;
        interrupt = i;
        c.start();
        i.start();
    }

    /**
     * Stops the device's threads and waits for them, at most {@code millis}.
     *
     * @return whether they ended (a completion handler that never returns keeps its thread)
     */
    public boolean stop(long millis) throws InterruptedException {
        stopped = true;
        synchronized (lock) {
            lock.notifyAll();
        }
        Thread c = completer;
        Thread i = interrupt;
        long deadline = System.nanoTime() + millis * 1_000_000;
        for (Thread t : new Thread[] {c, i}) {
            if (t != null) {
                LockSupport.unpark(t);
                t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            }
        }
        return (c == null || !c.isAlive()) && (i == null || !i.isAlive());
    }

    private void completerLoop() {
        while (!stopped) {
            advance(clock.getAsLong());
            long wait = nextDueNanos() - clock.getAsLong();
            if (wait > 0) {
                LockSupport.parkNanos(this, Math.min(wait, 10_000_000));
            }
        }
    }

    private void interruptLoop(CompletionQueueDriver handler) {
        while (true) {
            synchronized (lock) {
                while (events.isEmpty() && !stopped) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (stopped) {
                    return;
                }
            }
            dispatchOne(handler);
        }
    }

    // ---------------------------------------------------------------- what the stress loop judges

    /**
     * The completions of {@code queue} that are lost: they wait in the queue, no event is raised
     * or being delivered for it, and no completion handler runs, so nothing will ever announce
     * them; described in words, or {@code null} when there is none.
     */
    public String lost(CompletionQueue queue) {
        synchronized (lock) {
            Cq q = (Cq) queue;
            if (destroyed || q.items.isEmpty() || q.pendingEvents > 0 || handlerRunning) {
                return null;
            }
            long ageMicros = (clock.getAsLong() - q.items.peek().queuedNanos()) / 1000;
            return q.items.size() + " completion(s) wait in the " + q.name + " CQ (the oldest for " + ageMicros
                    + " µs) and no event will announce them (the CQ is " + (q.armed ? "armed, after they were queued)"
                    : "not armed)");
        }
    }

    /** How many completions wait in the queue. */
    public int depth(CompletionQueue queue) {
        synchronized (lock) {
            return ((Cq) queue).items.size();
        }
    }

    /** Whether the queue is armed. */
    public boolean isArmed(CompletionQueue queue) {
        synchronized (lock) {
            return ((Cq) queue).armed;
        }
    }

    /** Events raised and not yet delivered. */
    public int eventsWaiting() {
        synchronized (lock) {
            return events.size();
        }
    }

    /** Events raised so far. */
    public long eventsRaised() {
        synchronized (lock) {
            return eventsRaised;
        }
    }

    /** Sends posted so far. */
    public long posted() {
        synchronized (lock) {
            return posted;
        }
    }

    /** Whether the queue pair was destroyed. */
    public boolean destroyed() {
        synchronized (lock) {
            return destroyed;
        }
    }

    /** How many times each problem happened (problems that never happened are absent). */
    public Map<Problem, Long> problems() {
        synchronized (lock) {
            return new LinkedHashMap<>(problemCounts);
        }
    }

    /** When the problem first happened, on the device's clock, or {@code null}. */
    public Long firstNanos(Problem p) {
        synchronized (lock) {
            return problemFirstNanos.get(p);
        }
    }

    /** The first few occurrences of the problem, in words. */
    public List<String> examples(Problem p) {
        synchronized (lock) {
            return List.copyOf(problemExamples.getOrDefault(p, List.of()));
        }
    }

    // ---------------------------------------------------------------- internals (under lock)

    private Completion incoming(byte[] payload) {
        return new Completion(nextIncoming++, Completion.Opcode.RECEIVE, payload);
    }

    private long noteInterval() {
        return Math.max(1, (long) (-Math.log(1 - random.nextDouble()) * settings.meanNoteIntervalNanos()));
    }

    private boolean alive(String what) {
        if (destroyed) {
            problem(Problem.USE_AFTER_DESTROY, what + " after the queue pair was destroyed, on thread "
                    + Thread.currentThread().getName());
            return false;
        }
        return true;
    }

    private void problem(Problem p, String what) {
        problemCounts.merge(p, 1L, Long::sum);
        problemFirstNanos.putIfAbsent(p, clock.getAsLong());
        List<String> kept = problemExamples.computeIfAbsent(p, k -> new ArrayList<>());
        if (kept.size() < KEEP) {
            kept.add(what);
        }
    }

    private final class Cq implements CompletionQueue {
        final String name;
        final ArrayDeque<Entry> items = new ArrayDeque<>();
        boolean armed;
        int pendingEvents;
        long delivered;
        long acknowledged;

        Cq(String name) {
            this.name = name;
        }

        /** Queues a completion (under lock); raises an event when armed. */
        void enqueue(Completion c, long now) {
            items.add(new Entry(c, now));
            if (armed) {
                armed = false;
                pendingEvents++;
                eventsRaised++;
                events.add(this);
                lock.notifyAll();
            }
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Completion poll() {
            synchronized (lock) {
                if (!alive("CompletionQueue.poll")) {
                    return null;
                }
                Entry e = items.poll();
                return e == null ? null : e.completion();
            }
        }

        @Override
        public int requestNotify(boolean reportMissedEvents) {
            synchronized (lock) {
                if (!alive("CompletionQueue.requestNotify")) {
                    return 0;
                }
                armed = true;
                return reportMissedEvents ? items.size() : 0;
            }
        }

        @Override
        public void acknowledgeEvents(int count) {
            synchronized (lock) {
                if (!alive("CompletionQueue.acknowledgeEvents")) {
                    return;
                }
                acknowledged += count;
                if (acknowledged > delivered) {
                    problem(Problem.OVER_ACKNOWLEDGED, "the " + name + " CQ was acknowledged " + acknowledged
                            + " events but only " + delivered + " were delivered");
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
