package io.github.fabrictck.sim;

import io.github.fabrictck.engine.Points;
import io.github.fabrictck.engine.Site;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * What the kit's simulated devices share ({@link SimulatedDevice}, {@link SharedQueueDevice}): completion
 * queues with the arming and event counts of verbs, an interrupt thread that calls the driver's completion
 * handler for each event (a thread of its own, or one kept from one exploration schedule to the next), and
 * the facts the windows judge: every use of the device against its rules, every exception the handler
 * threw, the completions the driver polled, and the completions no event will announce.
 */
abstract class EventDevice implements AutoCloseable {

    /** Put in the event queue by {@link #close()} on a kept thread: the loop ends, the thread stays. */
    private static final Object STOP = new Object();

    final WindowRun run;
    final Object lock = new Object();
    /** Guarded by {@link #lock}: {@link #trialOver()} was called. */
    private boolean over;
    /** Uses of the device against its rules, in words; guarded by {@link #lock}. */
    final List<String> misuse = new ArrayList<>();
    private final List<String> handlerErrors = new ArrayList<>();
    /** Every completion the driver polled while the device keeps them ({@link #keepsTakes()}), with where. */
    private final List<SimulatedDevice.Taken> taken = new ArrayList<>();
    /** The queues with an event raised, in order, and {@link #STOP}. */
    private final LinkedBlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final Thread interrupt;
    /** The thread kept across exploration schedules that runs the interrupt loop, or {@code null} (its own thread). */
    private final AppThread carrier;
    private volatile Consumer<CompletionQueue> handler;
    /** Whether the interrupt thread is inside the driver's completion handler; guarded by {@link #lock}. */
    boolean handlerRunning;

    /**
     * A device whose interrupt loop runs on {@code carrier}, a thread named {@code device-interrupt} kept
     * from one exploration schedule to the next (starting a thread costs more than a short schedule);
     * {@code null} for a thread of its own.
     */
    EventDevice(WindowRun run, AppThread carrier) {
        this.run = run;
        this.carrier = carrier;
        if (carrier == null) {
            this.interrupt = new Thread(this::interruptLoop, "device-interrupt");
            this.interrupt.setDaemon(true);
            run.track(interrupt);
        } else {
            this.interrupt = carrier.thread();
        }
    }

    /** The device's completion queues. */
    abstract List<? extends EventQueue<?>> queues();

    /**
     * Whether a call to the device is allowed now; a call that is not (after destroy) is recorded as
     * misuse. Called with {@link #lock} held.
     */
    boolean alive(String what) {
        return true;
    }

    /**
     * At each of the driver's calls, {@link #lock} held: a call after {@link #trialOver()} stays there for good
     * ({@link LeftBehind}); otherwise whether the device still answers it ({@link #alive}).
     */
    final boolean usable(String what) {
        if (over) {
            LeftBehind.stay(run, lock, "the device", what);
        }
        return alive(what);
    }

    /** The trial that used this device ended: a driver thread that calls it from now on stays there ({@link LeftBehind}). */
    public void trialOver() {
        synchronized (lock) {
            over = true;
        }
    }

    /** Whether the device delivers events and reports unannounced work (not once its teardown began); {@link #lock} held. */
    boolean delivering() {
        return true;
    }

    /** Whether the completions the driver polls are kept ({@link #taken()}); {@link #lock} held. */
    boolean keepsTakes() {
        return true;
    }

    /** Connects the driver's completion handler and starts the interrupt thread. */
    final void connect(Consumer<CompletionQueue> completionHandler) {
        this.handler = completionHandler;
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

    /** Drops every event raised and not yet taken by the interrupt thread. */
    final void dropEvents() {
        events.clear();
    }

    /** Whether every completion ever queued has been polled. */
    public boolean everyCompletionConsumed() {
        synchronized (lock) {
            return queues().stream().allMatch(q -> q.items.isEmpty());
        }
    }

    /**
     * Whether no event is waiting or being handled: every event raised so far has been delivered
     * and its handler has returned. (An event the interrupt thread has taken from its queue but not
     * yet handed to the handler still counts as pending.)
     */
    public boolean interruptIdle() {
        synchronized (lock) {
            return queues().stream().allMatch(q -> q.pendingEvents == 0) && !handlerRunning;
        }
    }

    /** The completions the driver polled (while the device keeps them), in order, with the thread and where. */
    public List<SimulatedDevice.Taken> taken() {
        synchronized (lock) {
            return List.copyOf(taken);
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

    /** Completions waiting in a CQ that no event will announce, in words. */
    public List<String> unannounced() {
        synchronized (lock) {
            if (!delivering()) {
                return List.of();
            }
            List<String> work = new ArrayList<>();
            for (EventQueue<?> q : queues()) {
                if (!q.items.isEmpty() && q.pendingEvents == 0 && !handlerRunning) {
                    work.add(q.items.size() + " completion(s) wait in the " + q + " (first: " + q.firstWhat()
                            + ") and no event will announce them"
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
            events.add(STOP);
        }
    }

    private void interruptLoop() {
        while (true) {
            Object event;
            try {
                event = run.waitingForWork(events::take, () -> !events.isEmpty());
            } catch (Exception e) {
                return;
            }
            if (event == STOP) {
                return;
            }
            EventQueue<?> q = (EventQueue<?>) event;
            synchronized (lock) {
                if (!delivering()) {
                    continue;
                }
                q.delivered++;
                handlerRunning = true;
            }
            run.trace().add("device", "event for the " + q + ": interrupt thread calls the completion handler", null);
            try {
                handler.accept(q);
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
     * A completion queue of the device: what waits in it, whether it is armed, and its events (raised
     * and not yet handled, delivered, acknowledged).
     *
     * @param <I> what the queue holds for each completion
     */
    abstract class EventQueue<I> implements CompletionQueue {
        final String name;
        final ArrayDeque<I> items = new ArrayDeque<>();
        boolean armed;
        int pendingEvents;
        long delivered;
        long acknowledged;
        int injectedArms;
        /** Runs inside the next {@code requestNotify}, just before the arm takes effect, or {@code null}. */
        Runnable armInjection;

        EventQueue(String name) {
            this.name = name;
        }

        /** The completion an item is. */
        abstract Completion completion(I item);

        /** How an item appears in the trace and in reasons. */
        abstract String what(I item);

        private String firstWhat() {
            return what(items.peek());
        }

        /**
         * Queues items together: an armed queue raises one event for them all.
         *
         * @return whether an event announces them (the queue was armed)
         */
        boolean enqueue(List<I> entries) {
            boolean announced;
            synchronized (lock) {
                items.addAll(entries);
                announced = armed;
                if (armed) {
                    armed = false;
                    raise();
                }
            }
            run.trace().add("device", entries.stream().map(this::what).collect(Collectors.joining(", "))
                    + ": queued in the " + this + ", " + (announced ? "armed: event raised" : "NOT armed: no event"),
                    null);
            run.changed();
            return announced;
        }

        /** Raises an event for this queue; {@link #lock} held. */
        void raise() {
            pendingEvents++;
            events.add(this);
        }

        @Override
        public Completion poll() {
            Points.environmentReached("CompletionQueue.poll");
            I item;
            boolean keep;
            synchronized (lock) {
                if (!usable("CompletionQueue.poll")) {
                    return null;
                }
                item = items.poll();
                keep = item != null && keepsTakes();
            }
            if (keep) {
                SimulatedDevice.Taken t = new SimulatedDevice.Taken(completion(item), Thread.currentThread().getName(),
                        Site.inDriver(Thread.currentThread(), 2));
                synchronized (lock) {
                    taken.add(t);
                }
            }
            run.changed();
            return item == null ? null : completion(item);
        }

        @Override
        public int requestNotify(boolean reportMissedEvents) {
            Points.environmentReached("CompletionQueue.requestNotify");
            Runnable injection;
            synchronized (lock) {
                if (!usable("CompletionQueue.requestNotify")) {
                    return 0;
                }
                injection = armInjection;
                armInjection = null;
            }
            if (injection != null) {
                run.trace().add("device", "injection inside requestNotify on the " + this + ", before the arm", null);
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
                if (!usable("CompletionQueue.acknowledgeEvents")) {
                    return;
                }
                acknowledged += count;
                if (acknowledged > delivered) {
                    misuse.add("the " + this + " was acknowledged " + acknowledged + " events at " + Site.caller()
                            + " but only " + delivered + " were delivered");
                }
                lock.notifyAll();
            }
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String toString() {
            return name + " CQ";
        }
    }
}
