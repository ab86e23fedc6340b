package io.github.fabrictck.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A script's hold: the first driver thread that passes a matching point stops there until the
 * script releases it. A hold catches one thread once.
 */
public final class Hold {

    private final String name;
    /** When the window placed it, in the order of its holds (see {@code WindowRun.hit}). */
    long placed;
    /** It also looks at the point where a thread was held when it was placed, before that thread runs on. */
    boolean alsoWhereHeld;
    private final PointMatcher match;
    private final AtomicBoolean armed = new AtomicBoolean(true);
    private final CountDownLatch reached = new CountDownLatch(1);
    private final Object monitor = new Object();
    private volatile boolean isReleased;
    private volatile Thread thread;
    private volatile Point point;

    Hold(String name, PointMatcher match) {
        this.name = name;
        this.match = match;
    }

    /** What the hold stops, in the window's words: {@code the completion handler before it re-arms}. */
    public String name() {
        return name;
    }

    boolean capture(Thread t, Point p, boolean isAfter, Object[] args, Object result) {
        if (!armed.get() || !match.matches(t, p, isAfter, args, result) || !armed.compareAndSet(true, false)) {
            return false;
        }
        thread = t;
        point = p;
        reached.countDown();
        return true;
    }

    /**
     * Stops the caught thread until the script releases it. It waits on a monitor, never on
     * {@code LockSupport.park}: a driver's {@code unpark} of the held thread leaves its permit for the
     * driver's own next {@code park}, as it would without the kit.
     */
    void block() {
        boolean interrupted = false;
        synchronized (monitor) {
            while (!isReleased) {
                try {
                    monitor.wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether a thread reached the point. */
    public boolean isReached() {
        return reached.getCount() == 0;
    }

    /** Whether a thread is held right now. */
    public boolean isHolding() {
        return isReached() && !isReleased;
    }

    /** The held thread, once reached. */
    public Thread thread() {
        return thread;
    }

    /** The point where the thread is held, once reached. */
    public Point point() {
        return point;
    }

    /** Lets the held thread go on (or disarms the hold if nobody was caught). */
    public void release() {
        armed.set(false);
        synchronized (monitor) {
            isReleased = true;
            monitor.notifyAll();
        }
    }
}
