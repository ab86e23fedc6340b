package io.github.fabrictck.sim;

import io.github.fabrictck.engine.Site;
import io.github.fabrictck.engine.WindowRun;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A completion channel as libibverbs has it ({@code ibv_comp_channel}): an object of its own that
 * completion queues are attached to, holding the events their arms raised until a thread of the
 * driver takes one with {@code ibv_get_cq_event}, blocking on that thread (not the device's). It
 * keeps the accounting the verbs rules need: events taken and acknowledged
 * ({@code ibv_ack_cq_events}), and a channel cannot be destroyed while a CQ is attached (EBUSY).
 *
 * <p>A wait with a timeout ({@code getCqEvent(timeout)}) runs on the device's time, not the wall
 * clock: it ends with an event, or when the kit lets the device's time pass
 * ({@link WindowRun#passDeviceTimeouts()}, when every driver thread is idle), so a waiting thread is
 * idle for the kit and no window depends on a timer of the machine. A wait without a timeout ends
 * only with an event.
 *
 * @param <C> the driver's completion queue objects, as events name them
 */
public final class CompletionChannel<C> {

    /** {@code ibv_destroy_comp_channel}'s answer while a CQ is attached. */
    public static final int EBUSY = 16;

    /** Every channel made in a window, so that a teardown window can find what the driver created. */
    private static final Map<WindowRun, List<CompletionChannel<?>>> CREATED =
            Collections.synchronizedMap(new WeakHashMap<>());

    private final WindowRun run;
    private final String name;
    /** An empty entry marks the expiry of the timeouts: it ends timed waits only. */
    private final LinkedBlockingQueue<Optional<C>> events = new LinkedBlockingQueue<>();
    private final Set<C> attached = new LinkedHashSet<>();
    private final List<String> refusals = new ArrayList<>();
    private final List<String> misuse = new ArrayList<>();
    private final List<String> cqsDestroyed = new ArrayList<>();
    private long taken;
    private long acknowledged;
    private volatile boolean timeoutsExpired;
    private volatile int timedWaiters;
    private boolean destroyed;

    public CompletionChannel(WindowRun run, String name) {
        this.run = run;
        this.name = name;
        if (run != null) {
            run.deviceTimeout(this::passTimeouts);
            CREATED.computeIfAbsent(run, r -> Collections.synchronizedList(new ArrayList<>())).add(this);
        }
    }

    /**
     * A channel of the window in progress (none outside a window): what an adapter's environment makes, since
     * adapter code cannot name {@link WindowRun}, whose public methods would let it forge the window's evidence.
     */
    public static <C> CompletionChannel<C> inThisWindow(String name) {
        return new CompletionChannel<>(WindowRun.current(), name);
    }

    /** The channels made in this window so far, in order. */
    public static List<CompletionChannel<?>> createdIn(WindowRun run) {
        List<CompletionChannel<?>> made = CREATED.get(run);
        if (made == null) {
            return List.of();
        }
        synchronized (made) {
            return List.copyOf(made);
        }
    }

    /** The CQs attached to this channel now (created on it and not destroyed). */
    public synchronized List<C> attached() {
        return List.copyOf(attached);
    }

    /** A completion queue was created on this channel. */
    public synchronized void attach(C cq) {
        attached.add(cq);
    }

    /** A completion queue of this channel was destroyed. */
    public synchronized void detach(C cq) {
        if (attached.remove(cq)) {
            String at = Site.inDriver(Thread.currentThread(), 3);
            cqsDestroyed.add(cq + " destroyed" + (at == null ? "" : " at " + at));
        }
    }

    /**
     * The kernel's side of {@code ibv_destroy_cq}: the events of {@code cq} still queued in the channel,
     * never taken with {@code ibv_get_cq_event}, are dropped with it (only taken events must be
     * acknowledged). Called by a provider that plays libibverbs, after {@link #detach}.
     *
     * @return how many were dropped
     */
    public int dropQueued(C cq) {
        int dropped = 0;
        synchronized (this) {
            while (events.remove(Optional.of(cq))) {
                dropped++;
            }
        }
        if (dropped > 0 && run != null) {
            run.trace().add("device", dropped + " event(s) for " + cq + " never taken from " + name
                    + " dropped as the CQ was destroyed", null);
        }
        return dropped;
    }

    /** The CQs of this channel destroyed so far, with where, in order. */
    public synchronized List<String> cqsDestroyed() {
        return List.copyOf(cqsDestroyed);
    }

    /**
     * The queue's arm fired: one event for it waits in the channel, unless the CQ or the channel was
     * destroyed (then the kernel raises none).
     *
     * @return whether the event was queued
     */
    public boolean post(C cq) {
        synchronized (this) {
            if (destroyed || !attached.contains(cq)) {
                return false;
            }
            // under the monitor, so that a destroy of the CQ (dropQueued after detach) sees it
            events.add(Optional.of(cq));
        }
        if (run != null) {
            run.trace().add("device", "event for " + cq + " queued in " + name, null);
            run.changed();
        }
        return true;
    }

    /**
     * {@code ibv_get_cq_event}: takes the next event, blocking the calling thread.
     *
     * @param timeoutMillis negative: wait until an event; otherwise until an event or {@link #expireTimeouts()}
     * @return the queue the event is for, or {@code null} when the timeout passed
     */
    public C await(int timeoutMillis) throws InterruptedException {
        synchronized (this) {
            if (destroyed) {
                misuse.add("getCqEvent on " + name + " after it was destroyed, at " + Site.caller());
                return null;
            }
        }
        boolean timed = timeoutMillis >= 0;
        while (true) {
            if (timed && timeoutsExpired && events.stream().allMatch(Optional::isEmpty)) {
                return null;
            }
            Optional<C> e;
            timedWaiters += timed ? 1 : 0;
            try {
                e = take();
            } finally {
                timedWaiters -= timed ? 1 : 0;
            }
            if (e.isPresent()) {
                synchronized (this) {
                    taken++;
                }
                return e.get();
            }
            if (timed) {
                return null;
            }
        }
    }

    private Optional<C> take() throws InterruptedException {
        if (run == null) {
            return events.take();
        }
        try {
            return run.waitingForWork(events::take, () -> !events.isEmpty());
        } catch (InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code ibv_ack_cq_events}: acknowledges events taken from this channel. */
    public synchronized void acknowledge(C cq, int count) {
        acknowledged += count;
        if (acknowledged > taken) {
            misuse.add(cq + " was acknowledged " + acknowledged + " events at " + Site.caller() + " but only " + taken
                    + " were taken from " + name);
        }
    }

    /** The device's time passes while a thread waits with a timeout: see {@link #expireTimeouts()}; whether one waited. */
    boolean passTimeouts() {
        if (timedWaiters == 0 || timeoutsExpired) {
            return false;
        }
        expireTimeouts();
        return true;
    }

    /**
     * The device's time has passed every timeout: every timed wait, now and later, ends as its
     * timeout would (the kit lets time pass only when every driver thread is idle, at teardown).
     */
    public void expireTimeouts() {
        timeoutsExpired = true;
        events.add(Optional.empty());
        if (run != null) {
            run.changed();
        }
    }

    /**
     * {@code ibv_destroy_comp_channel}: refused with {@link #EBUSY} while a CQ is attached (the
     * refusal is kept: a driver that ignores it leaks the channel).
     *
     * @return 0, or {@link #EBUSY}
     */
    public synchronized int destroy() {
        if (!attached.isEmpty()) {
            String at = Site.inDriver(Thread.currentThread(), 3);
            refusals.add(name + " destroyed at " + (at == null ? Site.caller() : at) + " while " + attached.size()
                    + " CQ(s) were attached (" + attached.iterator().next() + "): EBUSY, the channel stays");
            return EBUSY;
        }
        destroyed = true;
        return 0;
    }

    /** Whether the channel was destroyed. */
    public synchronized boolean destroyed() {
        return destroyed;
    }

    /** Events taken and not acknowledged. */
    public synchronized long unacknowledged() {
        return taken - acknowledged;
    }

    /** Destructions refused because a CQ was attached. */
    public synchronized List<String> refusals() {
        return List.copyOf(refusals);
    }

    /** Uses against the rules: a wait on a destroyed channel, more acknowledgements than events. */
    public synchronized List<String> misuse() {
        return List.copyOf(misuse);
    }

    @Override
    public String toString() {
        return name;
    }
}
