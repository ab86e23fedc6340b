package io.github.fabrictck.engine;

import java.time.Duration;
import java.util.Date;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Which JDK synchronisation calls can block their thread, and for how long at most. The stuck
 * detector counts a thread as idle for good while it is inside such a call whose timeout is longer
 * than the window's bound.
 */
public final class Blocking {

    /** The call does not block. */
    public static final long NOT_BLOCKING = -1;
    /** The call blocks with no timeout. */
    public static final long FOREVER = Long.MAX_VALUE;

    private static final Set<String> UNTIMED = Set.of("park", "await", "awaitUninterruptibly", "lock",
            "lockInterruptibly", "take", "put", "takeFirst", "takeLast", "putFirst", "putLast", "acquire",
            "acquireUninterruptibly", "exchange", "awaitAdvance", "awaitAdvanceInterruptibly", "arriveAndAwaitAdvance");

    private Blocking() {
    }

    /**
     * How long a call may block.
     *
     * @param target the method called
     * @param args   the call's arguments, with the receiver first unless the method is static
     * @return {@link #NOT_BLOCKING}, {@link #FOREVER}, or the timeout in nanoseconds
     */
    public static long timeoutNanos(Target target, Object[] args) {
        String owner = target.owner();
        if (owner.startsWith("java.util.concurrent.atomic.") || Wakes.isPoolHandOff(target.method())) {
            return NOT_BLOCKING;
        }
        int from = target.isStatic() ? 0 : 1;
        int n = args.length - from;
        Object last = n > 0 ? args[args.length - 1] : null;
        Object beforeLast = n > 1 ? args[args.length - 2] : null;
        if (last instanceof TimeUnit unit && beforeLast instanceof Long amount) {
            return Math.max(0, unit.toNanos(amount));
        }
        String m = target.method();
        if (m.equals("close") && owner.startsWith("java.util.concurrent.")) {
            return FOREVER; // an ExecutorService's close() (JDK 19) waits for its pool to end
        }
        if (owner.equals("java.util.concurrent.locks.StampedLock") && n == 0 && (m.equals("readLock")
                || m.equals("writeLock") || m.equals("readLockInterruptibly") || m.equals("writeLockInterruptibly"))) {
            return FOREVER;
        }
        switch (m) {
            case "wait", "join", "sleep" -> {
                if (n == 0) {
                    return FOREVER;
                }
                Object first = args[from];
                if (first instanceof Duration d) {
                    return Math.max(0, d.toNanos());
                }
                if (first instanceof Long millis) {
                    if (millis == 0 && !m.equals("sleep")) {
                        return FOREVER;
                    }
                    return TimeUnit.MILLISECONDS.toNanos(millis) + (n > 1 && args[from + 1] instanceof Integer nanos ? nanos : 0);
                }
                return NOT_BLOCKING;
            }
            case "parkNanos", "awaitNanos" -> {
                return last instanceof Long nanos ? Math.max(0, nanos) : NOT_BLOCKING;
            }
            case "parkUntil" -> {
                return last instanceof Long deadline
                        ? TimeUnit.MILLISECONDS.toNanos(Math.max(0, deadline - System.currentTimeMillis())) : NOT_BLOCKING;
            }
            case "awaitUntil" -> {
                return last instanceof Date deadline
                        ? TimeUnit.MILLISECONDS.toNanos(Math.max(0, deadline.getTime() - System.currentTimeMillis()))
                        : NOT_BLOCKING;
            }
            case "get" -> {
                return n == 0 && isFuture(owner) ? FOREVER : NOT_BLOCKING;
            }
            default -> {
                return UNTIMED.contains(m) ? FOREVER : NOT_BLOCKING;
            }
        }
    }

    private static boolean isFuture(String owner) {
        try {
            return Future.class.isAssignableFrom(Class.forName(owner, false, DriverLoader.current()));
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** A timeout for people: {@code forever}, {@code 300 s}, {@code 12 ms}. */
    public static String describe(long timeoutNanos) {
        if (timeoutNanos == FOREVER) {
            return "no timeout";
        }
        long ms = TimeUnit.NANOSECONDS.toMillis(timeoutNanos);
        return ms >= 10_000 ? "timeout " + (ms / 1000) + " s" : "timeout " + ms + " ms";
    }
}
