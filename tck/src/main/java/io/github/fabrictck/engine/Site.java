package io.github.fabrictck.engine;

import java.util.Optional;

/** Finds the driver source location of the code that called into the kit. */
public final class Site {

    private static final StackWalker WALKER = StackWalker.getInstance();

    /** How many times {@link #caller()} walked a stack: a rewritten call site names itself ({@link Points#at}). */
    static final java.util.concurrent.atomic.LongAdder WALKS = new java.util.concurrent.atomic.LongAdder();

    private Site() {
    }

    /**
     * The first stack frame outside the kit, the JDK and an adapter's environment (its calls to the kit's device
     * are the library's, made at the library's line): the driver's call site, as
     * {@code Class.method(File.java:LINE)}; {@code null} when there is none.
     */
    public static String caller() {
        WALKS.increment();
        Optional<StackWalker.StackFrame> frame = WALKER.walk(s -> s.filter(f -> !isKit(f.getClassName())
                && !Libraries.isReplaced(f.getClassName())).findFirst());
        return frame.map(Site::format).orElse(null);
    }

    /**
     * {@code known}, a site the agent wrote down at the rewrite ({@link Points#at}), or else {@link #caller()}: where a
     * point is.
     */
    static String callerUnless(String known) {
        return known != null ? known : caller();
    }

    /** A stack trace element as {@code Class.method(File.java:LINE)}, without class-loader or module prefixes. */
    public static String format(StackTraceElement e) {
        return format(e.getClassName(), e.getMethodName(), e.getFileName(), e.getLineNumber());
    }

    static String format(StackWalker.StackFrame f) {
        return format(f.getClassName(), f.getMethodName(), f.getFileName(), f.getLineNumber());
    }

    /**
     * A site as {@code Class.method(File.java:LINE)}: the one form of a walked frame and of a call site the agent
     * writes down at the rewrite, which must be equal.
     */
    static String format(String className, String method, String file, int line) {
        return className + "." + method + "(" + file + ":" + line + ")";
    }

    /**
     * Where a thread is in the driver's (or library's) code: its innermost {@code n} frames outside
     * the kit, the JDK and an adapter's environment, innermost first, {@code " from "} between them;
     * {@code null} when it has none.
     */
    public static String inDriver(Thread t, int n) {
        java.util.List<String> frames = new java.util.ArrayList<>();
        for (StackTraceElement e : t.getStackTrace()) {
            if (!isKit(e.getClassName()) && !Libraries.isReplaced(e.getClassName())
                    && !e.getClassName().startsWith("net.bytebuddy.")) {
                frames.add(e.getClassName().substring(e.getClassName().lastIndexOf('.') + 1) + "." + e.getMethodName()
                        + "(" + e.getFileName() + ":" + e.getLineNumber() + ")");
                if (frames.size() == n) {
                    break;
                }
            }
        }
        return frames.isEmpty() ? null : String.join(" from ", frames);
    }

    private static boolean isKit(String className) {
        return className.startsWith("io.github.fabrictck.engine.") || className.startsWith("io.github.fabrictck.sim.")
                || className.startsWith("java.") || className.startsWith("jdk.") || className.startsWith("sun.");
    }
}
