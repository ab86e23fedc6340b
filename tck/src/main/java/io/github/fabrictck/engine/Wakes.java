package io.github.fabrictck.engine;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The ledger of wake operations: which JDK synchronisation call can wake a thread blocked in which
 * other call, and how many wakes each waited-on object has had. A thread blocked in a call counts as
 * idle only while no wake that could reach it is under way, and, where the JDK lets the kit read the
 * object it waits on ({@link #ready}), while that object still makes it wait; elsewhere, while no
 * wake has happened since it entered the call. A wake is recorded <em>before</em> the call that
 * performs it is made, so a thread that was signalled but has not run yet is never taken for idle
 * (its {@code Thread.State} still says WAITING).
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

    private static final Set<String> QUEUE_READS = Set.of("size", "isEmpty", "peek", "element", "contains",
            "remainingCapacity", "iterator", "toArray", "toString", "hashCode", "equals", "containsAll", "stream",
            "forEach", "spliterator");

    private final Map<Identity, AtomicLong> counts = new ConcurrentHashMap<>();
    private final Map<Identity, AtomicLong> inFlight = new ConcurrentHashMap<>();
    private final Map<Identity, AtomicLong> handOffs = new ConcurrentHashMap<>();

    /**
     * Records a call on a {@code SynchronousQueue} that returned: a {@code put} or {@code offer} that gave its element
     * counts one up, a {@code take} or {@code poll} that received one, one down (see {@link #handOffsPending}).
     *
     * @param target the method called
     * @param args   its arguments, receiver first
     * @param result what it returned
     */
    public void handedOff(Target target, Object[] args, Object result) {
        if (target.isStatic() || args.length == 0 || !(args[0] instanceof java.util.concurrent.SynchronousQueue<?> q)) {
            return;
        }
        String m = target.method();
        int delta = m.equals("put") || m.equals("offer") && Boolean.TRUE.equals(result) ? 1
                : (m.equals("take") || m.equals("poll")) && result != null ? -1 : 0;
        if (delta != 0) {
            handOffs.computeIfAbsent(new Identity(q), k -> new AtomicLong()).addAndGet(delta);
        }
    }

    /**
     * The hand-offs on a {@code SynchronousQueue} that one side has finished and the other not yet: positive when a
     * {@code put} returned whose taker is still inside its {@code take} (it has the element, it is not idle), negative
     * the other way round. A queue the driver's code both gives to and takes from balances to 0.
     */
    public long handOffsPending(Object queue) {
        AtomicLong c = handOffs.get(new Identity(queue));
        return c == null ? 0 : c.get();
    }

    /** How many wakes of {@code key} have begun so far. */
    public long count(Object key) {
        AtomicLong c = counts.get(new Identity(key));
        return c == null ? 0 : c.get();
    }

    /** How many wakes of {@code key} have begun and not returned yet. */
    public long inFlight(Object key) {
        AtomicLong c = inFlight.get(new Identity(key));
        return c == null ? 0 : c.get();
    }

    /** Records that a wake of {@code key} begins (before the call that makes it). */
    public void begin(Object key) {
        inFlight.computeIfAbsent(new Identity(key), k -> new AtomicLong()).incrementAndGet();
        counts.computeIfAbsent(new Identity(key), k -> new AtomicLong()).incrementAndGet();
    }

    /** Records that the call making a wake of {@code key} returned: its effect is visible now. */
    public void end(Object key) {
        inFlight.get(new Identity(key)).decrementAndGet();
    }

    /**
     * Whether a thread blocked in this call can go on now, read off the object it waits on, where the
     * JDK lets the kit read it: a semaphore has the permits, a latch is open, a
     * queue has an element or room, a future is done, a joined thread has ended. {@code null} where it
     * cannot be read ({@code Object.wait}, {@code Condition.await}, {@code park}, barriers: a
     * signalled condition waiter stays parked on the condition until the signaller unlocks): then any
     * wake since the thread blocked counts.
     *
     * @param target the blocking method called
     * @param args   its arguments, receiver first unless static
     * @param t      the blocked thread
     */
    public static Boolean ready(Target target, Object[] args, Thread t) {
        Object receiver = !target.isStatic() && args.length > 0 ? args[0] : null;
        String m = target.method();
        if (receiver instanceof java.util.concurrent.Semaphore s && (m.startsWith("acquire") || m.equals("tryAcquire"))) {
            int permits = args.length > 1 && args[1] instanceof Integer n ? n : 1;
            return s.availablePermits() >= permits;
        }
        if (receiver instanceof java.util.concurrent.CountDownLatch l) {
            return l.getCount() == 0;
        }
        if (receiver instanceof java.util.concurrent.BlockingQueue<?> q) {
            if (m.startsWith("take") || m.startsWith("poll")) {
                return !q.isEmpty();
            }
            if (m.startsWith("put") || m.startsWith("offer")) {
                return q.remainingCapacity() > 0;
            }
            return null;
        }
        if (receiver instanceof java.util.concurrent.Future<?> f) {
            return f.isDone();
        }
        if (receiver instanceof Thread j && m.equals("join")) {
            return WindowRun.ended(j); // its joiners wake once the JVM has ended it (WindowRun#ended)
        }
        if (receiver instanceof java.util.concurrent.ExecutorService e && isPoolEnd(m)) {
            return e.isTerminated();
        }
        return null;
    }

    /** The executor of {@code CompletableFuture}'s async stages given none (one per JVM, as the JDK's). */
    private static final java.util.concurrent.Executor DEFAULT_ASYNC_POOL =
            new java.util.concurrent.CompletableFuture<Void>().defaultExecutor();

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
        if (m.startsWith("unlock") || m.startsWith("tryUnlock") || m.startsWith("tryConvertTo")) {
            // a stamped lock's conversion may give a write or read hold up
            return ANY_LOCK;
        }
        if ((m.equals("shutdown") || m.equals("shutdownNow")) && receiver instanceof java.util.concurrent.ExecutorService) {
            // its idle workers are interrupted and end: no longer idle in getTask
            return receiver;
        }
        if (isPoolHandOff(m)) {
            // work handed to a pool: its worker waiting in getTask is about to run
            Object executor = m.endsWith("Async") && args.length > 0 ? args[args.length - 1] : receiver;
            if (!(executor instanceof java.util.concurrent.Executor) && m.endsWith("Async")
                    && owner.equals("java.util.concurrent.CompletableFuture")) {
                // an async stage with no executor of the driver's: the JDK's default async pool (the common pool,
                // or a new plain thread per task where the common pool's parallelism is below 2, as on 2 cores)
                executor = receiver instanceof java.util.concurrent.CompletableFuture<?> f ? f.defaultExecutor()
                        : DEFAULT_ASYNC_POOL;
            }
            return executor instanceof java.util.concurrent.Executor ? executor : null;
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

    /** Whether a method of an {@code ExecutorService} waits for the pool to end: {@code awaitTermination}, {@code close}. */
    public static boolean isPoolEnd(String method) {
        return method.equals("awaitTermination") || method.equals("close");
    }

    /**
     * Whether a method hands work to an executor: {@code Executor.execute}, {@code ExecutorService}'s
     * {@code submit}, {@code invokeAll} and {@code invokeAny}, a {@code CompletableFuture}'s
     * {@code …Async} (with an executor as its last argument). None of them blocks for the kit: a
     * caller inside {@code invokeAll} waits for tasks that pool threads run, which are busy meanwhile.
     */
    public static boolean isPoolHandOff(String method) {
        return method.equals("execute") || method.equals("submit") || method.equals("invokeAll")
                || method.equals("invokeAny") || method.endsWith("Async");
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
                || m.startsWith("writeLock") || m.equals("tryReadLock") || m.equals("tryWriteLock")) {
            return ANY_LOCK;
        }
        return receiver == null ? self : receiver;
    }
}
