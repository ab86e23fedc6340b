package io.github.fabrictck.sim;

import io.github.fabrictck.engine.Points;
import io.github.fabrictck.engine.Site;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionConsumer;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.SharedCompletionQueueDriver;
import io.github.fabrictck.spi.cq.SharedQueuePair;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A device with one completion queue shared by several queue pairs, as an endpoint group with one
 * CQ per device has it, deterministic: nothing completes unless the script says so. Each work
 * completion carries its status and the number of the queue pair it belongs to; a queue pair that
 * enters the error state flushes every work request still outstanding on it
 * ({@link Completion.Status#WR_FLUSH_ERR}), and such an error completion carries only what
 * {@code ibv_poll_cq(3)} says it carries (id, status, queue pair). Its interrupt thread calls the
 * driver's completion handler for each event; it keeps what the driver took, and what each
 * endpoint's consumer was given, for the windows to judge.
 */
public final class SharedQueueDevice implements AutoCloseable {

    private final WindowRun run;
    private final Object lock = new Object();
    private final Queue queue = new Queue();
    private final Map<Integer, Pair> pairs = new LinkedHashMap<>();
    private final LinkedBlockingQueue<Queue> events = new LinkedBlockingQueue<>();
    private final List<String> misuse = new ArrayList<>();
    private final List<String> handlerErrors = new ArrayList<>();
    private final List<SimulatedDevice.Taken> taken = new ArrayList<>();
    private final Map<Completion, List<String>> notes = new LinkedHashMap<>();
    private final Thread interrupt;
    /** The thread kept across exploration schedules that runs the interrupt loop, or {@code null} (its own thread). */
    private final AppThread carrier;
    /** Put in the event queue by {@link #close()} on a kept thread: the loop ends, the thread stays. */
    private final Queue stop = new Queue();
    private volatile SharedCompletionQueueDriver handler;
    private boolean handlerRunning;

    public SharedQueueDevice(WindowRun run) {
        this(run, null);
    }

    /**
     * A device whose interrupt loop runs on {@code carrier}, a thread named {@code device-interrupt} kept
     * from one exploration schedule to the next (starting a thread costs more than a short schedule);
     * {@code null} for a thread of its own.
     */
    public SharedQueueDevice(WindowRun run, AppThread carrier) {
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

    /**
     * The device whose shared queue this is, or {@code null}: for an adapter's environment, which is
     * given the queue as the driver is, and reports to the device what the library made of a
     * completion ({@link #note}).
     */
    public static SharedQueueDevice owning(CompletionQueue queue) {
        return queue instanceof Queue q ? q.device() : null;
    }

    /** The shared completion queue. */
    public CompletionQueue queue() {
        return queue;
    }

    /** Connects the driver's completion handler and starts the interrupt thread. */
    public void attach(SharedCompletionQueueDriver driver) {
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

    /** Creates a queue pair on the shared queue, with its number ({@code qp_num}). */
    public SharedQueuePair createQueuePair(int number) {
        synchronized (lock) {
            Pair p = new Pair(number);
            pairs.put(number, p);
            return p;
        }
    }

    /** An application callback for one endpoint: it keeps what it was given, with where. */
    public EndpointConsumer consumer(SharedQueuePair owner) {
        return new EndpointConsumer(owner.number());
    }

    // ---------------------------------------------------------------- script hooks

    /** How many sends wait on the queue pair to complete. */
    public int outstanding(SharedQueuePair qp) {
        synchronized (lock) {
            return ((Pair) qp).posted.size();
        }
    }

    /**
     * The oldest {@code n} sends of the queue pair complete successfully; the script queues them.
     *
     * @throws IllegalStateException when fewer sends are outstanding
     */
    public List<Completion> complete(SharedQueuePair qp, int n) {
        synchronized (lock) {
            Pair p = (Pair) qp;
            if (p.posted.size() < n) {
                throw new IllegalStateException("the driver posted " + p.posted.size() + " send(s) on QP " + p.number
                        + ", not " + n);
            }
            List<Completion> done = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                done.add(new Completion(p.posted.poll(), Completion.Opcode.SEND, new byte[0],
                        Completion.Status.SUCCESS, p.number));
            }
            return done;
        }
    }

    /**
     * The queue pair enters the error state (its peer disconnected): every send outstanding on it is
     * flushed, as error completions that carry the id, the status and the queue pair only; the
     * script queues them.
     */
    public List<Completion> enterErrorState(SharedQueuePair qp) {
        List<Completion> flushed = new ArrayList<>();
        synchronized (lock) {
            Pair p = (Pair) qp;
            while (!p.posted.isEmpty()) {
                flushed.add(Completion.flushed(p.posted.poll(), p.number));
            }
        }
        run.trace().add("device", "QP " + qp.number() + " entered the error state: " + flushed.size()
                + " outstanding send(s) flushed (WR_FLUSH_ERR)", null);
        return flushed;
    }

    /**
     * Queues completions together in the shared queue: an armed queue raises one event for them all.
     *
     * @return whether an event announces them (the queue was armed)
     */
    public boolean enqueue(List<Completion> completions) {
        boolean announced;
        synchronized (lock) {
            queue.items.addAll(completions);
            announced = queue.armed;
            if (queue.armed) {
                queue.armed = false;
                queue.pendingEvents++;
                events.add(queue);
            }
        }
        List<String> what = new ArrayList<>();
        for (Completion c : completions) {
            what.add(describe(c));
        }
        run.trace().add("device", String.join(", ", what) + ": queued in the shared CQ, "
                + (announced ? "armed: event raised" : "NOT armed: no event"), null);
        run.changed();
        return announced;
    }

    /**
     * What the environment saw of how the driver read a completion it took (an adapter that plays
     * the library's native half sees what the library's decoder made of it): shown with the completion.
     */
    public void note(Completion c, String note) {
        synchronized (lock) {
            notes.computeIfAbsent(c, k -> new ArrayList<>()).add(note);
        }
        run.trace().add("device", describe(c) + ": " + note, null);
    }

    // ---------------------------------------------------------------- state the windows judge

    /** Whether every completion ever queued has been polled. */
    public boolean everyCompletionConsumed() {
        synchronized (lock) {
            return queue.items.isEmpty();
        }
    }

    /** The completions the driver polled, in order, with the thread and where. */
    public List<SimulatedDevice.Taken> taken() {
        synchronized (lock) {
            return List.copyOf(taken);
        }
    }

    /** The environment's notes about a completion ({@link #note}). */
    public List<String> notes(Completion c) {
        synchronized (lock) {
            return List.copyOf(notes.getOrDefault(c, List.of()));
        }
    }

    /** Uses of the device against its rules: calls after destroy, more acknowledgements than events. */
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

    /** How a completion appears in reasons: {@code send #2 of QP 9 (WR_FLUSH_ERR)}. */
    public static String describe(Completion c) {
        String what = c.opcode() == Completion.Opcode.RECEIVE ? "message #" : "send #";
        return what + c.workRequestId() + " of QP " + c.queuePairNumber()
                + (c.status() == Completion.Status.SUCCESS ? "" : " (" + c.status() + ")");
    }

    /** Completions waiting in the shared queue that no event will announce, in words. */
    public List<String> unannounced() {
        synchronized (lock) {
            if (queue.items.isEmpty() || queue.pendingEvents > 0 || handlerRunning) {
                return List.of();
            }
            return List.of(queue.items.size() + " completion(s) wait in the shared CQ (first: "
                    + describe(queue.items.peek()) + ") and no event will announce them"
                    + (queue.armed ? " (the CQ was armed after they were queued)" : " (the CQ is not armed)"));
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
                q.delivered++;
                handlerRunning = true;
            }
            run.trace().add("device", "event for the shared CQ: interrupt thread calls the completion handler", null);
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

    /**
     * The application's callback of one endpoint: it keeps every completion handed to it, with the
     * thread and the driver's frames that called it.
     */
    public final class EndpointConsumer implements CompletionConsumer {
        private final int owner;
        private final List<Given> given = new ArrayList<>();

        private EndpointConsumer(int owner) {
            this.owner = owner;
        }

        @Override
        public void accept(Completion completion) {
            Points.environmentReached("CompletionConsumer.accept");
            String where = Site.inDriver(Thread.currentThread(), 4);
            synchronized (this) {
                given.add(new Given(completion, Thread.currentThread().getName(), where));
            }
            run.trace().add("app", "endpoint of QP " + owner + " given " + describe(completion),
                    Site.inDriver(Thread.currentThread(), 1));
            run.changed();
        }

        /** The number of the queue pair this endpoint owns. */
        public int owner() {
            return owner;
        }

        /** What this endpoint was given, in order. */
        public synchronized List<Given> given() {
            return List.copyOf(given);
        }
    }

    /**
     * A completion handed to an endpoint's callback.
     *
     * @param completion what the driver handed over
     * @param thread     the thread that called the callback
     * @param where      the driver's innermost frames at the call
     */
    public record Given(Completion completion, String thread, String where) {
    }

    private final class Pair implements SharedQueuePair {
        final int number;
        final ArrayDeque<Long> posted = new ArrayDeque<>();
        boolean destroyed;

        Pair(int number) {
            this.number = number;
        }

        @Override
        public int number() {
            return number;
        }

        @Override
        public void postSend(long workRequestId, byte[] payload) {
            Points.environmentReached("SharedQueuePair.postSend");
            synchronized (lock) {
                if (destroyed) {
                    misuse.add("SharedQueuePair.postSend on QP " + number + " at " + Site.caller()
                            + " after it was destroyed (use after free)");
                    return;
                }
                posted.add(workRequestId);
            }
            run.trace().add("device", "send #" + workRequestId + " posted on QP " + number + " (" + payload.length
                    + " bytes)", null);
            run.changed();
        }

        @Override
        public void destroy() {
            Points.environmentReached("SharedQueuePair.destroy");
            synchronized (lock) {
                if (destroyed) {
                    misuse.add("QP " + number + " destroyed twice, the second time at " + Site.caller());
                    return;
                }
                destroyed = true;
            }
            run.trace().add("device", "QP " + number + " destroyed", null);
            run.changed();
        }

        @Override
        public String toString() {
            return "QP " + number;
        }
    }

    private final class Queue implements CompletionQueue {
        final ArrayDeque<Completion> items = new ArrayDeque<>();
        boolean armed;
        int pendingEvents;
        long delivered;
        long acknowledged;

        SharedQueueDevice device() {
            return SharedQueueDevice.this;
        }

        @Override
        public String name() {
            return "shared";
        }

        @Override
        public Completion poll() {
            Points.environmentReached("CompletionQueue.poll");
            Completion c;
            synchronized (lock) {
                c = items.poll();
            }
            if (c != null) {
                SimulatedDevice.Taken t = new SimulatedDevice.Taken(c, Thread.currentThread().getName(),
                        Site.inDriver(Thread.currentThread(), 2));
                synchronized (lock) {
                    taken.add(t);
                }
            }
            run.changed();
            return c;
        }

        @Override
        public int requestNotify(boolean reportMissedEvents) {
            Points.environmentReached("CompletionQueue.requestNotify");
            int answer;
            synchronized (lock) {
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
                acknowledged += count;
                if (acknowledged > delivered) {
                    misuse.add("the shared CQ was acknowledged " + acknowledged + " events at " + Site.caller()
                            + " but only " + delivered + " were delivered");
                }
            }
        }

        @Override
        public String toString() {
            return "shared CQ";
        }
    }
}
