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
public final class SharedQueueDevice extends EventDevice {

    private final Queue queue = new Queue();
    private final Map<Integer, Pair> pairs = new LinkedHashMap<>();
    private final Map<Completion, List<String>> notes = new LinkedHashMap<>();

    public SharedQueueDevice(WindowRun run) {
        this(run, null);
    }

    /**
     * A device whose interrupt loop runs on {@code carrier}, a thread named {@code device-interrupt} kept
     * from one exploration schedule to the next (starting a thread costs more than a short schedule);
     * {@code null} for a thread of its own.
     */
    public SharedQueueDevice(WindowRun run, AppThread carrier) {
        super(run, carrier);
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
        connect(driver::onCompletionEvent);
    }

    @Override
    List<Queue> queues() {
        return List.of(queue);
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
        return queue.enqueue(completions);
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

    /** The environment's notes about a completion ({@link #note}). */
    public List<String> notes(Completion c) {
        synchronized (lock) {
            return List.copyOf(notes.getOrDefault(c, List.of()));
        }
    }

    /** How a completion appears in reasons: {@code send #2 of QP 9 (WR_FLUSH_ERR)}. */
    public static String describe(Completion c) {
        String what = c.opcode() == Completion.Opcode.RECEIVE ? "message #" : "send #";
        return what + c.workRequestId() + " of QP " + c.queuePairNumber()
                + (c.status() == Completion.Status.SUCCESS ? "" : " (" + c.status() + ")");
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

    private final class Queue extends EventQueue<Completion> {
        Queue() {
            super("shared");
        }

        SharedQueueDevice device() {
            return SharedQueueDevice.this;
        }

        @Override
        Completion completion(Completion item) {
            return item;
        }

        @Override
        String what(Completion item) {
            return describe(item);
        }
    }
}
