package com.acme.core;

import java.util.concurrent.CountDownLatch;

/**
 * A driver's logic in a package of its own, outside the kit's {@code instrumentPackages} in the
 * {@code outside-instrumented} IT: two threads that take two monitors in opposite orders, each
 * holding its first while they meet on a latch.
 */
public final class Lockstep {

    private final Object first = new Object();
    private final Object second = new Object();
    private final CountDownLatch meet = new CountDownLatch(2);

    /** Takes the first monitor, then the second: deadlocks against {@link #backwards}. */
    public void forwards() {
        both(first, second);
    }

    /** Takes the second monitor, then the first. */
    public void backwards() {
        both(second, first);
    }

    private void both(Object mine, Object theirs) {
        synchronized (mine) {
            meet.countDown();
            try {
                meet.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            synchronized (theirs) {
                Thread.onSpinWait();
            }
        }
    }
}
