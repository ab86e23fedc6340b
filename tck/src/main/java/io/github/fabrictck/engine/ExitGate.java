package io.github.fabrictck.engine;

import java.util.function.ObjIntConsumer;

/**
 * The bridge between {@code java.lang.Runtime.exit} and {@code halt}, which the agent rewrites to
 * call {@link #enter} first ({@link ExitAdvice}), and the kit's {@link ExitGuard}. The agent injects
 * this class into the bootstrap class loader before anything else loads it, so that the JDK's
 * {@code Runtime} and the kit see the same class; it may use nothing but {@code java.base}.
 */
public final class ExitGate {

    private static volatile ObjIntConsumer<String> guard;
    private static volatile Thread permitted;

    private ExitGate() {
    }

    /** Sets what decides whether an exit may proceed (once; later calls are ignored). */
    public static synchronized void guard(ObjIntConsumer<String> decides) {
        if (guard == null) {
            guard = decides;
        }
    }

    /**
     * Lets the calling thread end the JVM from now on: the kit's launcher, at the very end of its
     * run, through {@link ExitGuard#kitEnds()}; a call from any other class is ignored.
     */
    public static void permit() {
        Class<?> caller = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass();
        if (caller.getName().equals("io.github.fabrictck.engine.ExitGuard")) {
            permitted = Thread.currentThread();
        }
    }

    /**
     * Called on entry into {@code Runtime.exit} and {@code Runtime.halt}: returns to let the call
     * proceed, or throws to stop it.
     */
    public static void enter(String method, int status) {
        ObjIntConsumer<String> decides = guard;
        if (decides != null && Thread.currentThread() != permitted) {
            decides.accept(method, status);
        }
    }
}
