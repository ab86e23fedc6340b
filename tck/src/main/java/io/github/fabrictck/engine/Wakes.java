package io.github.fabrictck.engine;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The ledger of wake operations: which JDK synchronisation call can wake a thread blocked in which
 * other call, and how many wakes each waited-on object has had. A thread blocked in a call counts as
 * idle only while no wake that could reach it has happened since it entered the call; a wake is
 * recorded <em>before</em> the call that performs it is made, so a thread that was signalled but has
 * not run yet is never taken for idle (its {@code Thread.State} still says WAITING).
 *
 * <p>Plain Java: the engine feeds it every synchronisation call a driver thread makes, and the kit's
 * own wakes of driver threads (a hold released, a task queued) are known to the engine directly.
 */
public final class Wakes {

    /** Every {@code Lock}: a read-write lock's two views share one synchroniser, so one key for all. */
    static final Object ANY_LOCK = new Object() {
        @Override
        public String toString() {
            return "any Lock";
        }
    };

    /** A blocked call nothing the kit sees can wake (a {@code Future} completed inside a JDK executor). */
    static final Object UNSEEN = new Object() {
        @Override
        public String toString() {
            return "a wake the kit cannot see";
        }
    };

    private static final Set<String> QUEUE_READS = Set.of("size", "isEmpty", "peek", "element", "contains",
            "remainingCapacity", "iterator", "toArray", "toString", "hashCode", "equals", "containsAll", "stream",
            "forEach", "spliterator");

    private final Map<Identity, AtomicLong> counts = new ConcurrentHashMap<>();

    /** How many wakes {@code key} has had so far. */
    public long count(Object key) {
        AtomicLong c = counts.get(new Identity(key));
        return c == null ? 0 : c.get();
    }

    /** Records a wake of {@code key}. */
    public void wake(Object key) {
        counts.computeIfAbsent(new Identity(key), k -> new AtomicLong()).incrementAndGet();
    }

    /** Records the wakes a call makes, before it is made. */
    public void beforeCall(Target target, Object[] args) {
        Object key = wakeKey(target, args);
        if (key != null) {
            wake(key);
        }
    }

    /**
     * The object whose waiters a call can wake, or {@code null} when it wakes nobody.
     *
     * @param target the method called
     * @param args   the arguments, receiver first unless static
     */
    public static Object wakeKey(Target target, Object[] args) {
        String owner = target.owner();
        String m = target.method();
        Object receiver = !target.isStatic() && args.length > 0 ? args[0] : null;
        if (owner.equals("java.lang.Object")) {
            return m.equals("notify") || m.equals("notifyAll") ? receiver : null;
        }
        if (owner.equals("java.lang.Thread")) {
            return m.equals("interrupt") ? receiver : null;
        }
        if (owner.equals("java.util.concurrent.locks.LockSupport")) {
            return m.equals("unpark") && args.length > 0 ? args[0] : null;
        }
        if (owner.startsWith("java.util.concurrent.atomic.")) {
            return null;
        }
        if (m.equals("signal") || m.equals("signalAll")) {
            return receiver;
        }
        if (m.equals("unlock") || m.startsWith("unlock") || m.equals("tryConvertToWriteLock")) {
            return ANY_LOCK;
        }
        switch (owner) {
            case "java.util.concurrent.Semaphore" -> {
                return m.equals("release") ? receiver : null;
            }
            case "java.util.concurrent.CountDownLatch" -> {
                return m.equals("countDown") ? receiver : null;
            }
            case "java.util.concurrent.CyclicBarrier", "java.util.concurrent.Phaser",
                    "java.util.concurrent.Exchanger" -> {
                return receiver;
            }
            case "java.util.concurrent.CompletableFuture" -> {
                return m.startsWith("complete") || m.startsWith("obtrude") || m.equals("cancel") ? receiver : null;
            }
            default -> {
                if (receiver instanceof java.util.concurrent.BlockingQueue<?> && !QUEUE_READS.contains(m)) {
                    return receiver;
                }
                return null;
            }
        }
    }

    /**
     * The object whose wakes end a blocking call: the monitor of {@code wait}, the condition of
     * {@code await}, the semaphore, latch, queue or future; the thread itself for {@code park}
     * ({@code unpark} names it) and for {@code sleep} (only an interrupt ends it early).
     *
     * @param target the blocking method called
     * @param args   the arguments, receiver first unless static
     * @param self   the calling thread
     */
    public static Object waitKey(Target target, Object[] args, Thread self) {
        String owner = target.owner();
        String m = target.method();
        Object receiver = !target.isStatic() && args.length > 0 ? args[0] : null;
        if (owner.equals("java.util.concurrent.locks.LockSupport") || owner.equals("java.lang.Thread") && !m.equals("join")) {
            return self;
        }
        if (m.equals("lock") || m.equals("lockInterruptibly") || m.equals("tryLock") || m.startsWith("readLock")
                || m.startsWith("writeLock")) {
            return ANY_LOCK;
        }
        if (receiver instanceof java.util.concurrent.Future<?> && !(receiver instanceof java.util.concurrent.CompletableFuture<?>)) {
            return UNSEEN;
        }
        return receiver == null ? self : receiver;
    }

    /** Identity, not equality: two equal queues are two things to wait on. */
    private record Identity(Object o) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Identity i && i.o == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(o);
        }
    }
}
