package io.github.fabrictck.engine;

import io.github.fabrictck.report.TraceEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * Every event of one window, in order, with the time since the window started. Bounded: past
 * {@value #LIMIT} events it counts what it dropped, so a spinning driver cannot exhaust memory.
 */
public final class Trace {

    /** Written under the lock, read without it (the window's time limit looks at it from another thread). */
    private volatile long restarts;

    static final int LIMIT = 20_000;

    private long start = System.nanoTime();
    private final List<TraceEvent> events = new ArrayList<>();
    private int dropped;

    /** Records an event on the current thread. */
    public void add(String event, String at) {
        add(Thread.currentThread().getName(), event, at);
    }

    /** Records an event on a named thread. */
    public synchronized void add(String thread, String event, String at) {
        if (events.size() >= LIMIT) {
            dropped++;
            return;
        }
        record(thread, event, at);
    }

    /**
     * Records one of the few events that carry a verdict's evidence (the window opened, an exploration's schedule
     * file), past the limit too: a window whose driver filled the trace (a schedule of 20,000 decisions) still
     * reports them.
     */
    public synchronized void addAlways(String thread, String event, String at) {
        record(thread, event, at);
    }

    private void record(String thread, String event, String at) {
        double t = Math.round((System.nanoTime() - start) / 1_000.0) / 1_000.0; // under the lock: restart moves start
        events.add(new TraceEvent(t, thread, event, at));
    }

    /**
     * Records events another window's trace kept (a sweep whose trials it shares), with their times as they were,
     * up to the limit.
     */
    public synchronized void replay(List<TraceEvent> kept) {
        for (TraceEvent e : kept) {
            if (events.size() >= LIMIT) {
                dropped++;
            } else {
                events.add(e);
            }
        }
    }

    /**
     * Forgets every event so far: a window that runs many trials keeps the trace of the one it is
     * in, so a failure shows the trial that failed.
     */
    public synchronized void restart() {
        events.clear();
        dropped = 0;
        start = System.nanoTime();
        restarts++;
    }

    /** How many times the trace was restarted: the trials a searching or sweeping window started so far. */
    public long restarts() {
        return restarts;
    }

    /** How many events are recorded so far (a position for {@link #lastSite}). */
    public synchronized int size() {
        return events.size();
    }

    /**
     * The driver source location of the last point a thread passed between two positions (not
     * counting returns and exits, which only close what was entered), or {@code null}.
     */
    public synchronized String lastSite(String thread, int from, int to) {
        for (int i = Math.min(to, events.size()) - 1; i >= Math.max(0, from); i--) {
            TraceEvent e = events.get(i);
            if (e.thread().equals(thread) && e.at() != null && !e.event().startsWith("return ")
                    && !e.event().startsWith("exit ")) {
                return e.at();
            }
        }
        return null;
    }

    /** Milliseconds since the window (or the trial) started. */
    public synchronized long elapsedMillis() {
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** A copy of the events so far, with a last event that counts the dropped ones, if any. */
    public synchronized List<TraceEvent> events() {
        List<TraceEvent> copy = new ArrayList<>(events);
        if (dropped > 0) {
            copy.add(new TraceEvent(elapsedMillis(), "kit", dropped + " further events not recorded", null));
        }
        return copy;
    }
}
