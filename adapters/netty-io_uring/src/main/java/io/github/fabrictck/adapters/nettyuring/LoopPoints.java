package io.github.fabrictck.adapters.nettyuring;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * The points of Netty's event loop where a test can hold a thread: its calls to {@code AtomicLong} (the loop's
 * {@code nextWakeupNanos}: {@code set} when it announces how long it will sleep, {@code get}/{@code getAndSet} when it
 * takes itself awake, and {@code getAndSet} in {@code wakeup()} on the waking thread). {@link NativeRedirect} turns each
 * such call in {@code IOUringEventLoop} into a call to the static method here, which reports the point before and
 * after it performs the call; a {@link Hold} whose predicate matches keeps the thread there until it is released.
 */
public final class LoopPoints {

    /**
     * A point reached: the method and source line of the call, the call, whether the thread is before or after it,
     * the thread, and the value it sets (before) or the value it set or read (after).
     */
    public record Reached(String method, int line, String call, boolean before, String thread, long value) {
        @Override
        public String toString() {
            return thread + ": IOUringEventLoop." + method + ":" + line + (before ? " before " : " ") + "nextWakeupNanos."
                + call + (before ? "(" + value + ")" : " -> " + value);
        }
    }

    /** A one-shot hold: the first thread that reaches a matching point waits there until {@link #release()}. */
    public final class Hold {
        private final Predicate<Reached> where;
        private Reached held;
        private boolean released;

        private Hold(Predicate<Reached> where) {
            this.where = where;
        }

        /** Waits until a thread is held here; {@code guard} only bounds a test gone wrong (then null). */
        public Reached awaitHeld(Duration guard) {
            synchronized (LoopPoints.this) {
                long deadline = System.nanoTime() + guard.toNanos();
                while (held == null && System.nanoTime() < deadline) {
                    waitOn(LoopPoints.this, Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                }
                return held;
            }
        }

        public void release() {
            synchronized (LoopPoints.this) {
                released = true;
                LoopPoints.this.notifyAll();
            }
        }
    }

    private final List<Reached> trace = new ArrayList<>();
    private final List<Hold> holds = new ArrayList<>();

    /** Holds the first thread that reaches a point matching {@code where} (reached after the hold is placed). */
    public synchronized Hold hold(Predicate<Reached> where) {
        Hold h = new Hold(where);
        holds.add(h);
        return h;
    }

    /** Every call made so far (after it was made), in order. */
    public synchronized List<Reached> trace() {
        return List.copyOf(trace);
    }

    private void reached(String site, String call, boolean before, long value) {
        int colon = site.indexOf(':');
        Reached r = new Reached(site.substring(0, colon), Integer.parseInt(site.substring(colon + 1)), call, before,
            Thread.currentThread().getName(), value);
        synchronized (this) {
            if (!before) {
                trace.add(r);
            }
            for (Hold h : holds) {
                if (h.held == null && h.where.test(r)) {
                    h.held = r;
                    holds.remove(h);
                    notifyAll();
                    while (!h.released) {
                        waitOn(this, 0);
                    }
                    return;
                }
            }
        }
    }

    private static void waitOn(Object monitor, long millis) {
        try {
            monitor.wait(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted at a loop point", e);
        }
    }

    // ---- the redirected call sites (site = "method:line") ----

    public static void set(AtomicLong a, long value, String site, Class<?> caller) {
        LoopPoints points = NettyUringLoader.of(caller).points();
        points.reached(site, "set", true, value);
        a.set(value);
        points.reached(site, "set", false, value);
    }

    public static long get(AtomicLong a, String site, Class<?> caller) {
        LoopPoints points = NettyUringLoader.of(caller).points();
        points.reached(site, "get", true, 0);
        long value = a.get();
        points.reached(site, "get", false, value);
        return value;
    }

    public static long getAndSet(AtomicLong a, long value, String site, Class<?> caller) {
        LoopPoints points = NettyUringLoader.of(caller).points();
        points.reached(site, "getAndSet", true, value);
        long old = a.getAndSet(value);
        points.reached(site, "getAndSet", false, old);
        return old;
    }
}
