package io.github.fabrictck.sim;

import io.github.fabrictck.engine.Points;
import io.github.fabrictck.engine.Site;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.spi.cs.cm.CmEvent;
import io.github.fabrictck.spi.cs.cm.CmEvents;
import io.github.fabrictck.spi.cs.cm.CmLink;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The simulated rdma_cm of one client connection: each call the driver makes ({@code rdma_resolve_addr},
 * {@code rdma_resolve_route}, {@code rdma_connect}) is answered at once by one event in the event
 * channel, success or the error the trial names for that step, and the driver's thread takes it
 * with {@code rdma_get_cm_event}. Every call and every event taken goes into the trace.
 *
 * <p>A wait with a timeout runs on the connection manager's own time, not the wall clock: the kit
 * lets that time pass ({@link #passTimeouts()}) only when every driver thread is idle, to the
 * earliest deadline of the waits pending, so a driver thread that polls its channel with a timeout
 * (DiSNI's {@code getCmEvent(timeout)}) is idle for the kit and no verdict depends on a timer of the
 * machine. (The window does not run on the kit's virtual time: DiSNI's own {@code RdmaEndpoint.close}
 * waits on the wall clock, {@code wait(1000)}, which virtual time refuses.)
 */
public final class SimulatedCm implements CmLink {

    /** A step of a client's connection setup, and the event that answers it when it succeeds. */
    public enum Step {
        /** {@code rdma_resolve_addr}. */
        ADDRESS("rdma_resolve_addr", CmEvent.ADDR_RESOLVED),
        /** {@code rdma_resolve_route}. */
        ROUTE("rdma_resolve_route", CmEvent.ROUTE_RESOLVED),
        /** {@code rdma_connect}. */
        CONNECT("rdma_connect", CmEvent.ESTABLISHED);

        private final String call;
        private final CmEvent success;

        Step(String call, CmEvent success) {
            this.call = call;
            this.success = success;
        }

        /** The rdma_cm call of the step. */
        public String call() {
            return call;
        }

        /** The event that answers the step when it succeeds. */
        public CmEvent success() {
            return success;
        }
    }

    /**
     * The error a trial gives at one step; every other step succeeds.
     *
     * @param step  the step answered with the error
     * @param error the error event
     */
    public record Answer(Step step, CmEvent error) {
        /** In words: {@code rdma_resolve_route answered with RDMA_CM_EVENT_ROUTE_ERROR}. */
        public String describe() {
            return step.call() + " answered with " + error.rdmaName();
        }
    }

    /**
     * An event a driver thread took from the channel.
     *
     * @param event  the event
     * @param thread the thread that took it
     * @param at     where in the driver (or library) it was taken, or {@code null}
     */
    public record Delivery(CmEvent event, String thread, String at) {
        /** In words: {@code RDMA_CM_EVENT_ADDR_ERROR, taken by Thread-3 in RdmaCmProcessor.run(...)}. */
        public String describe() {
            return event.rdmaName() + ", taken by " + thread + (at == null ? "" : " in " + at);
        }
    }

    private final WindowRun run;
    private final Answer answer;
    private final Channel events = new Channel();
    private final Set<Step> called = EnumSet.noneOf(Step.class);
    private final List<String> calls = new ArrayList<>();
    private final List<Delivery> delivered = new ArrayList<>();
    private boolean established;

    /**
     * The connection manager of one trial.
     *
     * @param run    the window (its trace), or {@code null} outside one
     * @param answer the error to give, or {@code null}: every step succeeds
     */
    public SimulatedCm(WindowRun run, Answer answer) {
        this.run = run;
        this.answer = answer;
    }

    @Override
    public CmEvents events() {
        return events;
    }

    @Override
    public void resolveAddress(String address, long timeoutMillis) {
        Points.environmentReached("CmLink.resolveAddress");
        step(Step.ADDRESS, Step.ADDRESS.call() + "(" + address + ", " + timeoutMillis + " ms)");
    }

    @Override
    public void resolveRoute(long timeoutMillis) {
        Points.environmentReached("CmLink.resolveRoute");
        step(Step.ROUTE, Step.ROUTE.call() + "(" + timeoutMillis + " ms)");
    }

    @Override
    public void connect() {
        Points.environmentReached("CmLink.connect");
        step(Step.CONNECT, Step.CONNECT.call() + "()");
    }

    @Override
    public void disconnect() {
        Points.environmentReached("CmLink.disconnect");
        boolean up;
        synchronized (this) {
            calls.add("rdma_disconnect()");
            up = established;
            established = false;
        }
        trace("rdma_disconnect() called" + (up ? "" : " on a connection that is not up: no event"));
        if (up) {
            events.post(CmEvent.DISCONNECTED);
        }
    }

    private void step(Step step, String call) {
        CmEvent e = answer != null && answer.step() == step ? answer.error() : step.success();
        synchronized (this) {
            called.add(step);
            calls.add(call);
            established |= e == CmEvent.ESTABLISHED;
        }
        trace(call + " called; answered with " + e.rdmaName());
        events.post(e);
    }

    private void trace(String what) {
        if (run != null) {
            run.trace().add("cm", what, Site.inDriver(Thread.currentThread(), 1));
        }
    }

    /** Whether the driver called the step. */
    public synchronized boolean called(Step step) {
        return called.contains(step);
    }

    /** The calls the driver made, in order, in words. */
    public synchronized List<String> calls() {
        return List.copyOf(calls);
    }

    /** The events driver threads took, in order. */
    public synchronized List<Delivery> delivered() {
        return List.copyOf(delivered);
    }

    /** The delivery of an event of this type, or {@code null} if no driver thread took one. */
    public synchronized Delivery delivery(CmEvent event) {
        return delivered.stream().filter(d -> d.event() == event).findFirst().orElse(null);
    }

    /** Whether an event waits in the channel that no driver thread has taken. */
    public boolean pending() {
        return events.pending();
    }

    /**
     * Lets the connection manager's time pass to the earliest deadline of the timed waits pending
     * on its channel; each wait due by then ends as its timeout would. Call it only when every
     * driver thread is idle.
     *
     * @return whether a timed wait was pending
     */
    public boolean passTimeouts() {
        return events.passTimeouts();
    }

    /** The connection manager's time, in nanoseconds since the trial began: how much its timed waits let pass. */
    public long nanos() {
        return events.nanos();
    }

    /** The event channel: events in order, and the timeouts of the driver's waits on the connection manager's time. */
    private final class Channel implements CmEvents {
        /** An event, or the end of the timed wait {@code expiryOf}. */
        private record Item(CmEvent event, long expiryOf) {
        }

        private final LinkedBlockingQueue<Item> queue = new LinkedBlockingQueue<>();
        /** The deadline of each timed wait pending, by its number. */
        private final Map<Long, Long> deadlines = new HashMap<>();
        private long waits;
        private long nanos;
        private long taken;
        private long acknowledged;

        void post(CmEvent e) {
            queue.add(new Item(e, -1));
            if (run != null) {
                run.changed();
            }
        }

        boolean pending() {
            return queue.stream().anyMatch(i -> i.event() != null);
        }

        synchronized long nanos() {
            return nanos;
        }

        @Override
        public CmEvent take(long timeoutMillis) throws InterruptedException {
            Points.environmentReached("CmEvents.take");
            long id = -1;
            if (timeoutMillis >= 0) {
                synchronized (this) {
                    id = ++waits;
                    deadlines.put(id, nanos + TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
                }
            }
            try {
                while (true) {
                    Item i = next();
                    if (i.event() != null) {
                        Delivery d = new Delivery(i.event(), Thread.currentThread().getName(),
                                Site.inDriver(Thread.currentThread(), 2));
                        synchronized (SimulatedCm.this) {
                            delivered.add(d);
                        }
                        synchronized (this) {
                            taken++;
                        }
                        trace(d.describe());
                        return i.event();
                    }
                    if (i.expiryOf() == id) {
                        return null;
                    }
                    // the end of a wait that already returned with an event: nobody's
                }
            } finally {
                if (id >= 0) {
                    synchronized (this) {
                        deadlines.remove(id);
                    }
                }
            }
        }

        private Item next() throws InterruptedException {
            if (run == null) {
                return queue.take();
            }
            try {
                return run.waitingForWork(queue::take, () -> !queue.isEmpty());
            } catch (InterruptedException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void ack(CmEvent event) {
            Points.environmentReached("CmEvents.ack");
            synchronized (this) {
                acknowledged++;
                if (acknowledged <= taken) {
                    return;
                }
            }
            trace("rdma_ack_cm_event(" + event + ") for an event never taken");
        }

        synchronized boolean passTimeouts() {
            long earliest = deadlines.values().stream().mapToLong(Long::longValue).min().orElse(-1);
            if (earliest < 0) {
                return false;
            }
            nanos = Math.max(nanos, earliest);
            List<Long> due = deadlines.entrySet().stream().filter(e -> e.getValue() <= nanos).map(Map.Entry::getKey)
                    .toList();
            for (long id : due) {
                deadlines.remove(id);
                queue.add(new Item(null, id));
            }
            if (run != null) {
                run.trace().add("cm", "every driver thread idle: the connection manager's time passes to "
                        + String.format(java.util.Locale.ROOT, "%.3f s", nanos / 1e9) + ", " + due.size()
                        + " timed wait(s) end", null);
                run.changed();
            }
            return true;
        }
    }
}
