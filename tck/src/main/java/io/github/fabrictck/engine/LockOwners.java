package io.github.fabrictck.engine;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * Which driver threads hold each {@code java.util.concurrent} lock now, and which lock each
 * condition belongs to, as the driver's own calls show them ({@code lock}, {@code tryLock},
 * {@code unlock}, {@code newCondition}, {@code await}, a {@code StampedLock}'s stamps). A thread
 * waiting to acquire a lock waits for its holders: if the kit holds one, the kit stalls it.
 *
 * <p>The JVM names an owner only for an exclusive {@code AbstractOwnableSynchronizer}: a thread
 * waiting for a read-write lock's write lock while others read, or for a {@code StampedLock}, has
 * none in {@code ThreadMXBean}. So read holders are kept too, as a multiset of threads per lock, and
 * the two views of a read-write lock ({@code readLock()}, {@code writeLock()}, a
 * {@code StampedLock}'s {@code asReadLock()} ...) count as one lock when the kit saw them taken
 * from it.
 */
final class LockOwners {

    private record Owner(Thread thread, int depth) {
    }

    /** Exclusive holders, by lock (a view's parent when known). */
    private final Map<Identity, Owner> owners = new ConcurrentHashMap<>();
    /** Read holders, by lock: each thread with how many read holds it has. */
    private final Map<Identity, Map<Thread, Integer>> readers = new ConcurrentHashMap<>();
    private final Map<Identity, Object> lockOf = new ConcurrentHashMap<>();
    /** A read or write view of a read-write lock or stamped lock: the lock it was taken from. */
    private final Map<Identity, Object> parentOf = new ConcurrentHashMap<>();
    /** Views whose {@code lock()} takes a read hold (a {@code StampedLock}'s {@code asReadLock()}). */
    private final Map<Identity, Boolean> readViews = new ConcurrentHashMap<>();

    /** Records what a call did to lock ownership, once it returned. */
    void afterCall(Target target, Object[] args, Object result, Thread t) {
        if (target.isStatic() || args.length == 0) {
            return;
        }
        Object receiver = args[0];
        String m = target.method();
        if (receiver instanceof StampedLock) {
            afterStamped(receiver, m, args, result, t);
        } else if (receiver instanceof Lock) {
            if (m.equals("lock") || m.equals("lockInterruptibly") || m.equals("tryLock") && Boolean.TRUE.equals(result)) {
                if (isRead(receiver)) {
                    addReader(receiver, t);
                } else {
                    owners.merge(key(receiver), new Owner(t, 1),
                            (old, n) -> old.thread == t ? new Owner(t, old.depth + 1) : n);
                }
            } else if (m.equals("newCondition") && result != null) {
                lockOf.put(new Identity(result), receiver);
            }
        } else if (receiver instanceof ReadWriteLock && result != null
                && (m.equals("readLock") || m.equals("writeLock"))) {
            parentOf.put(new Identity(result), sync(receiver));
            if (m.equals("readLock")) {
                readViews.put(new Identity(result), true);
            }
        }
    }

    private void afterStamped(Object lock, String m, Object[] args, Object result, Thread t) {
        if (m.equals("asReadLock") || m.equals("asWriteLock") || m.equals("asReadWriteLock")) {
            if (result != null) {
                parentOf.put(new Identity(result), lock);
                if (m.equals("asReadLock")) {
                    readViews.put(new Identity(result), true);
                }
            }
            return;
        }
        if (!(result instanceof Long stamp) || stamp == 0L) {
            return;
        }
        long from = args.length > 1 && args[1] instanceof Long s ? s : 0L;
        switch (m) {
            case "writeLock", "writeLockInterruptibly", "tryWriteLock" -> owners.put(key(lock), new Owner(t, 1));
            case "readLock", "readLockInterruptibly", "tryReadLock" -> addReader(lock, t);
            case "tryConvertToWriteLock" -> {
                if (StampedLock.isReadLockStamp(from)) {
                    removeReader(lock, t);
                }
                owners.put(key(lock), new Owner(t, 1));
            }
            case "tryConvertToReadLock" -> {
                if (StampedLock.isWriteLockStamp(from)) {
                    owners.remove(key(lock));
                    addReader(lock, t);
                } else if (!StampedLock.isReadLockStamp(from)) {
                    addReader(lock, t);
                }
            }
            case "tryConvertToOptimisticRead" -> {
                if (StampedLock.isWriteLockStamp(from)) {
                    owners.remove(key(lock));
                } else if (StampedLock.isReadLockStamp(from)) {
                    removeReader(lock, t);
                }
            }
            default -> {
                // tryOptimisticRead and validate take no hold
            }
        }
    }

    /** Records what a call will do to lock ownership, before it is made. */
    void beforeCall(Target target, Object[] args, Thread t) {
        if (target.isStatic() || args.length == 0) {
            return;
        }
        Object receiver = args[0];
        String m = target.method();
        if (receiver instanceof StampedLock) {
            long stamp = args.length > 1 && args[1] instanceof Long s ? s : 0L;
            boolean write = m.equals("unlockWrite") || m.equals("tryUnlockWrite")
                    || m.equals("unlock") && StampedLock.isWriteLockStamp(stamp);
            boolean read = m.equals("unlockRead") || m.equals("tryUnlockRead")
                    || m.equals("unlock") && StampedLock.isReadLockStamp(stamp);
            if (write) {
                owners.remove(key(receiver));
            } else if (read) {
                removeReader(receiver, t);
            }
        } else if (receiver instanceof Lock && m.equals("unlock")) {
            if (isRead(receiver)) {
                removeReader(receiver, t);
            } else {
                owners.computeIfPresent(key(receiver), (k, old) -> old.thread == t && old.depth > 1
                        ? new Owner(t, old.depth - 1) : null);
            }
        }
    }

    /** The lock a condition belongs to, or {@code null} if the kit did not see it made. */
    Object lockOf(Object condition) {
        return lockOf.get(new Identity(condition));
    }

    /** The thread that owns a lock exclusively now, or {@code null}. */
    Thread owner(Object lock) {
        Owner o = lock == null ? null : owners.get(key(lock));
        return o == null ? null : o.thread;
    }

    /**
     * Every thread other than {@code self} that holds the lock now, exclusively or for reading: a
     * thread acquiring it in any mode waits for them (a reader behind a queued writer waits for the
     * writer, which waits for them).
     */
    List<Thread> holders(Object lock, Thread self) {
        List<Thread> found = new ArrayList<>();
        if (lock == null) {
            return found;
        }
        // a record the lock itself denies (an unlock the kit did not see) names nobody: a waiter with
        // no known holder is never idle, while one behind a stale holder could be taken for idle
        Object sync = sync(lock);
        boolean writeHeld = !(sync instanceof ReentrantReadWriteLock rw && !rw.isWriteLocked()
                || sync instanceof StampedLock sl && !sl.isWriteLocked()
                || sync instanceof java.util.concurrent.locks.ReentrantLock rl && !rl.isLocked());
        boolean readHeld = !(sync instanceof ReentrantReadWriteLock rw && rw.getReadLockCount() == 0
                || sync instanceof StampedLock sl && !sl.isReadLocked());
        Owner o = owners.get(key(lock));
        if (o != null && o.thread != self && writeHeld) {
            found.add(o.thread);
        }
        Map<Thread, Integer> r = readHeld ? readers.get(key(lock)) : null;
        if (r != null) {
            for (Thread reader : r.keySet()) {
                if (reader != self && !found.contains(reader)) {
                    found.add(reader);
                }
            }
        }
        return found;
    }

    /** An await gives its lock up while it waits and takes it back before it returns. */
    int releaseForAwait(Object lock, Thread t) {
        Owner o = lock == null ? null : owners.get(key(lock));
        if (o == null || o.thread != t) {
            return 0;
        }
        owners.remove(key(lock));
        return o.depth;
    }

    /** The await returned: its thread owns the lock again. */
    void reacquiredAfterAwait(Object lock, Thread t, int depth) {
        if (lock != null && depth > 0) {
            owners.put(key(lock), new Owner(t, depth));
        }
    }

    /** The lock that a view belongs to when the kit saw it taken, else the object itself. */
    private Object sync(Object lock) {
        Object at = lock;
        for (int i = 0; i < 3; i++) {
            Object parent = parentOf.get(new Identity(at));
            if (parent == null) {
                break;
            }
            at = parent;
        }
        return at;
    }

    private Identity key(Object lock) {
        return new Identity(sync(lock));
    }

    private boolean isRead(Object lock) {
        return lock instanceof ReentrantReadWriteLock.ReadLock || readViews.containsKey(new Identity(lock));
    }

    private void addReader(Object lock, Thread t) {
        readers.computeIfAbsent(key(lock), k -> new ConcurrentHashMap<>()).merge(t, 1, Integer::sum);
    }

    /**
     * One read hold is given up. A stamp may be released by another thread than the one that took
     * it: then some holder's, as the kit cannot tell whose.
     */
    private void removeReader(Object lock, Thread t) {
        Map<Thread, Integer> r = readers.get(key(lock));
        if (r == null) {
            return;
        }
        Thread whose = t;
        if (!r.containsKey(t)) {
            Iterator<Thread> any = r.keySet().iterator();
            if (!any.hasNext()) {
                return;
            }
            whose = any.next();
        }
        r.computeIfPresent(whose, (k, n) -> n > 1 ? n - 1 : null);
    }
}
