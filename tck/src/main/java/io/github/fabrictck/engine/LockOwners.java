package io.github.fabrictck.engine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which driver thread owns each {@code java.util.concurrent} lock now, and which lock each
 * condition belongs to, as the driver's own calls show them ({@code lock}, {@code tryLock},
 * {@code unlock}, {@code newCondition}, {@code await}). A signalled thread that must reacquire its
 * condition's lock waits for that lock's owner: if the kit holds the owner, the kit stalls it.
 */
final class LockOwners {

    private record Owner(Thread thread, int depth) {
    }

    private final Map<Object, Owner> owners = new ConcurrentHashMap<>();
    private final Map<Object, Object> lockOf = new ConcurrentHashMap<>();

    /** Records what a call did to lock ownership, once it returned. */
    void afterCall(Target target, Object[] args, Object result, Thread t) {
        if (target.isStatic() || args.length == 0) {
            return;
        }
        Object receiver = args[0];
        String m = target.method();
        if (receiver instanceof java.util.concurrent.locks.Lock) {
            if (m.equals("lock") || m.equals("lockInterruptibly") || m.equals("tryLock") && Boolean.TRUE.equals(result)) {
                owners.merge(new Identity(receiver), new Owner(t, 1),
                        (old, n) -> old.thread == t ? new Owner(t, old.depth + 1) : n);
            } else if (m.equals("newCondition") && result != null) {
                lockOf.put(new Identity(result), receiver);
            }
        }
    }

    /** Records what a call will do to lock ownership, before it is made. */
    void beforeCall(Target target, Object[] args, Thread t) {
        if (target.isStatic() || args.length == 0) {
            return;
        }
        Object receiver = args[0];
        if (receiver instanceof java.util.concurrent.locks.Lock && target.method().equals("unlock")) {
            owners.computeIfPresent(new Identity(receiver), (k, old) -> old.thread == t && old.depth > 1
                    ? new Owner(t, old.depth - 1) : null);
        }
    }

    /** The lock a condition belongs to, or {@code null} if the kit did not see it made. */
    Object lockOf(Object condition) {
        return lockOf.get(new Identity(condition));
    }

    /** The thread that owns a lock now, or {@code null}. */
    Thread owner(Object lock) {
        Owner o = lock == null ? null : owners.get(new Identity(lock));
        return o == null ? null : o.thread;
    }

    /** An await gives its lock up while it waits and takes it back before it returns. */
    int releaseForAwait(Object lock, Thread t) {
        Owner o = lock == null ? null : owners.get(new Identity(lock));
        if (o == null || o.thread != t) {
            return 0;
        }
        owners.remove(new Identity(lock));
        return o.depth;
    }

    /** The await returned: its thread owns the lock again. */
    void reacquiredAfterAwait(Object lock, Thread t, int depth) {
        if (lock != null && depth > 0) {
            owners.put(new Identity(lock), new Owner(t, depth));
        }
    }
}
