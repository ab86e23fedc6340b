package io.github.fabrictck.sim;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * The thread-locals of a thread the kit keeps from one exploration schedule to the next: a driver's
 * thread-local (a cache, a buffer, a flag) set in one schedule must not be there in the next, where a
 * new thread would not have it. The agent opens {@code java.lang} to the kit for this; without it
 * ({@link #resettable()} false) the kit keeps no thread.
 */
final class ThreadState {

    /** {@code Thread.threadLocals}, {@code Thread.inheritableThreadLocals}, {@code ThreadLocal.createInheritedMap}. */
    private record Access(Field locals, Field inherited, Method copy) {
    }

    private static volatile Access access;

    private ThreadState() {
    }

    /** The reflective access, or {@code null} while {@code java.lang} is not open to the kit (tried again then). */
    private static Access access() {
        Access a = access;
        if (a == null) {
            try {
                Field locals = Thread.class.getDeclaredField("threadLocals");
                Field inherited = Thread.class.getDeclaredField("inheritableThreadLocals");
                Method copy = ThreadLocal.class.getDeclaredMethod("createInheritedMap", locals.getType());
                locals.setAccessible(true);
                inherited.setAccessible(true);
                copy.setAccessible(true);
                a = new Access(locals, inherited, copy);
                access = a;
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }
        return a;
    }

    /** Whether the kit can clear a thread's thread-locals. */
    static boolean resettable() {
        return access() != null;
    }

    /** A copy of the thread-locals a thread inherited (as it has them now), or {@code null}: what {@link #reset} restores. */
    static Object inherited(Thread t) {
        Access a = access();
        if (a == null) {
            return null;
        }
        try {
            Object map = a.inherited().get(t);
            return map == null ? null : a.copy().invoke(null, map);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Clears the calling thread's thread-locals and gives it back the inherited ones it started with
     * ({@code inherited}, from {@link #inherited}); whether it could.
     */
    static boolean reset(Thread self, Object inherited) {
        Access a = access();
        if (a == null || self != Thread.currentThread()) {
            return false;
        }
        try {
            a.locals().set(self, null);
            a.inherited().set(self, inherited == null ? null : a.copy().invoke(null, inherited));
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
