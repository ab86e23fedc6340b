package io.github.fabrictck.engine;

import java.lang.invoke.MethodHandle;
import java.util.List;
import net.bytebuddy.asm.MemberSubstitution;

/**
 * The hooks the agent's rewritten driver code calls. Nothing is decided here: each hook hands the
 * point to the current {@link WindowRun}, or just makes the original call outside a window.
 */
public final class Points {

    private Points() {
    }

    /** Replaces a driver call to an environment method. */
    public static Object environment(@MemberSubstitution.AllArguments(includeSelf = true) Object[] args,
                                     @MemberSubstitution.SelfCallHandle(bound = false) MethodHandle original,
                                     @MemberSubstitution.Origin String method) throws Throwable {
        int[] depth = IN_ENVIRONMENT_CALL.get();
        depth[0]++;
        try {
            return call(Point.Kind.ENVIRONMENT_CALL, args, original, method);
        } finally {
            depth[0]--;
        }
    }

    /** How many environment (or library boundary) calls of the agent's making each thread is inside. */
    private static final ThreadLocal<int[]> IN_ENVIRONMENT_CALL = ThreadLocal.withInitial(() -> new int[1]);

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    /**
     * Called by the kit's simulated environment at each operation it offers the driver
     * ({@code CompletionQueue.poll}, {@code FastPathLink.send}, ...). A call that did not come through a
     * point of the agent's making comes from code the agent did not rewrite: an adapter's environment
     * package, a library call the adapter did not declare as its boundary, a class defined from bytes
     * at run time, a reflective call. The kit could neither hold nor see it, so whatever the window
     * concludes is not a verdict on the driver: the window is ERROR, naming the call and its caller.
     * The kit's own calls (its simulated application, its device) are not the driver's.
     *
     * @param operation what was called, for example {@code CompletionQueue.requestNotify}
     */
    public static void environmentReached(String operation) {
        if (IN_ENVIRONMENT_CALL.get()[0] > 0) {
            return;
        }
        WindowRun run = WindowRun.current();
        if (run == null || !Agent.attached()) {
            return;
        }
        // the first frame outside the environment's own class (its nested classes and lambdas included) and the JDK
        StackWalker.StackFrame caller = WALKER.walk(frames -> {
            List<StackWalker.StackFrame> top = frames.skip(1).limit(64).toList();
            if (top.isEmpty()) {
                return null;
            }
            String environment = outermost(top.get(0).getClassName());
            return top.stream().filter(f -> !outermost(f.getClassName()).equals(environment) && !isJdk(f.getClassName()))
                    .findFirst().orElse(null);
        });
        if (caller == null || isKitCode(caller.getClassName())) {
            return;
        }
        run.misused(operation + " was called at " + Site.format(caller.toStackTraceElement()) + " on thread '"
                + Thread.currentThread().getName() + "' without passing a point the agent made: the calling code was "
                + "not rewritten (" + whyNotRewritten(caller.getClassName(), Agent.config() == null ? List.of()
                : Agent.config().packages()) + "), so the kit could neither hold nor see it");
    }

    /**
     * Why a caller of the environment was not rewritten, as the causes it may have: a dependency outside the
     * instrumented packages, with the package to add, only when adding it can help ({@link StuckDetector#addable}).
     */
    static String whyNotRewritten(String callerClass, java.util.Collection<String> packages) {
        String others = "an adapter's environment package, a library call outside the adapter's boundary types, a "
                + "class defined at run time, or a reflective call";
        if (!StuckDetector.addable(callerClass, packages)) {
            return others;
        }
        java.util.Set<String> property = new java.util.LinkedHashSet<>();
        packages.forEach(p -> property.add(p.endsWith(".") ? p.substring(0, p.length() - 1) : p));
        property.add(callerClass.substring(0, callerClass.lastIndexOf('.')));
        return "a dependency outside the instrumented packages: add its package with -Dfabric-tck.instrumentPackages="
                + String.join(",", property) + "; " + others;
    }

    private static String outermost(String className) {
        int nested = className.indexOf('$');
        return nested < 0 ? className : className.substring(0, nested);
    }

    private static boolean isJdk(String className) {
        return className.startsWith("java.") || className.startsWith("jdk.") || className.startsWith("sun.");
    }

    /** The kit's own code, which calls its environment for its simulated application and device. */
    private static boolean isKitCode(String className) {
        return AgentConfig.isKitClass(className) || className.startsWith("io.github.fabrictck.explore.")
                || className.startsWith("io.github.fabrictck.adapter.");
    }

    /**
     * Stands for a library's call to a native of a type an adapter redirects that the adapter's environment does
     * not answer ({@link io.github.fabrictck.adapter.Adapter#redirects()}): see {@link #unsimulatedReached}.
     *
     * @param nativeMethod the native, {@code Native.ioUringRegister(int, int, long, int)}
     * @param at           where the library called it
     */
    public static void unsimulated(String nativeMethod, String at) {
        throw unsimulatedReached("the native " + nativeMethod, at);
    }

    /**
     * Something the library did that the adapter's environment does not simulate: the current window is ERROR,
     * naming it and where, and the returned error is for the environment to throw, as a kernel or a native with
     * nothing behind it would fail.
     *
     * @param what what was reached, {@code the native Native.ioUringRegister(int, int, long, int)}
     * @param at   where the library reached it, or {@code null} for the caller the kit finds
     */
    public static UnsatisfiedLinkError unsimulatedReached(String what, String at) {
        String message = "the library reached " + what + " at " + (at == null ? Site.caller() : at) + " on thread '"
                + Thread.currentThread().getName() + "', which the adapter's environment does not simulate: "
                + "the kit cannot judge code that ran past it";
        WindowRun run = WindowRun.current();
        if (run != null) {
            run.misused(message);
        }
        return new UnsatisfiedLinkError(message);
    }

    /**
     * Written by the agent just before a rewritten call site (its last instruction before the call): where the call is,
     * as {@link Site#caller()} would find it by walking the stack, and the name of the method it calls. The hook the
     * call reaches next takes it ({@link #takeSite}); a hook that finds none, or one for another method, walks the
     * stack as before. A walk cost about 2 µs a point, a quarter of a connection-setup sweep's processor time.
     */
    public static void at(String site, String callee) {
        String[] s = SITE.get();
        s[0] = site;
        s[1] = callee;
    }

    /** Per thread: the call site {@link #at} announced and the method it calls, until a hook takes it. */
    private static final ThreadLocal<String[]> SITE = ThreadLocal.withInitial(() -> new String[2]);

    /** The call site {@link #at} announced for a call to {@code callee}, taken (once), else {@code null}. */
    static String takeSite(String callee) {
        String[] s = SITE.get();
        String site = s[0];
        if (site == null) {
            return null;
        }
        String announced = s[1];
        s[0] = null;
        s[1] = null;
        return callee.equals(announced) ? site : null;
    }

    /** Replaces a driver call to JDK synchronisation. */
    public static Object sync(@MemberSubstitution.AllArguments(includeSelf = true) Object[] args,
                              @MemberSubstitution.SelfCallHandle(bound = false) MethodHandle original,
                              @MemberSubstitution.Origin String method) throws Throwable {
        return call(Point.Kind.SYNC_CALL, args, original, method);
    }

    /**
     * Replaces a driver call that would end the JVM ({@code System.exit}, {@code Runtime.exit},
     * {@code Runtime.halt}): the call is not made; the current window (if any) records it, and the
     * driver's thread gets a {@link DriverExit}.
     */
    public static Object terminate(@MemberSubstitution.AllArguments(includeSelf = true) Object[] args,
                                   @MemberSubstitution.SelfCallHandle(bound = false) MethodHandle original,
                                   @MemberSubstitution.Origin String method) {
        Target target = Target.parse(method);
        String status = args.length == 0 ? "" : String.valueOf(args[args.length - 1]);
        String what = "the driver called " + target.display() + "(" + status + ") at " + Site.caller()
                + " on thread " + Thread.currentThread().getName();
        WindowRun run = WindowRun.current();
        if (run != null) {
            run.exitAttempted(what);
        }
        throw new DriverExit(what + "; the kit did not let it end the JVM");
    }

    private static Object call(Point.Kind kind, Object[] args, MethodHandle original, String method) throws Throwable {
        WindowRun run = WindowRun.current();
        if (run == null) {
            SITE.get()[0] = null;
            return invoke(original, args);
        }
        Target target = Target.parse(method);
        String at = takeSite(target.method());
        if (target.owner().equals("java.util.concurrent.TimeUnit")) {
            return timeUnit(run, target, args, original, at);
        }
        return run.call(kind, target, args, original, at);
    }

    private static final MethodHandle OBJECT_WAIT;
    private static final MethodHandle THREAD_JOIN;
    private static final MethodHandle THREAD_SLEEP;

    static {
        try {
            java.lang.invoke.MethodHandles.Lookup lookup = java.lang.invoke.MethodHandles.publicLookup();
            java.lang.invoke.MethodType longInt = java.lang.invoke.MethodType.methodType(void.class, long.class, int.class);
            OBJECT_WAIT = lookup.findVirtual(Object.class, "wait", longInt);
            THREAD_JOIN = lookup.findVirtual(Thread.class, "join", longInt);
            THREAD_SLEEP = lookup.findStatic(Thread.class, "sleep", longInt);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * {@code TimeUnit.timedWait}, {@code timedJoin} and {@code sleep}: the {@code Object.wait},
     * {@code Thread.join} and {@code Thread.sleep} they make inside the JDK, made here as the sync
     * calls the kit knows (their waits, wakes and timeouts), with the same effect. A timeout of zero
     * or less does not wait, as the JDK's does not.
     */
    private static Object timeUnit(WindowRun run, Target target, Object[] args, MethodHandle original, String at)
            throws Throwable {
        String m = target.method();
        java.util.concurrent.TimeUnit unit = (java.util.concurrent.TimeUnit) args[0];
        long timeout = (Long) args[args.length - 1];
        if (timeout <= 0) {
            return run.call(Point.Kind.SYNC_CALL, target, args, original, at);
        }
        long ms = unit.toMillis(timeout);
        int ns = (int) (unit.toNanos(timeout) - java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(ms));
        return switch (m) {
            case "timedWait" -> run.call(Point.Kind.SYNC_CALL, new Target("java.lang.Object", "wait", false),
                    new Object[] {args[1], ms, ns}, OBJECT_WAIT, at);
            case "timedJoin" -> run.call(Point.Kind.SYNC_CALL, new Target("java.lang.Thread", "join", false),
                    new Object[] {args[1], ms, ns}, THREAD_JOIN, at);
            default -> run.call(Point.Kind.SYNC_CALL, new Target("java.lang.Thread", "sleep", true),
                    new Object[] {ms, ns}, THREAD_SLEEP, at);
        };
    }

    /** Each call site's handle adapted to take its arguments as an array, built once per call site. */
    private static final java.util.Map<MethodHandle, MethodHandle> SPREAD = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Makes the original call with the arguments in an array, as {@code invokeWithArguments} does,
     * but through an adapted handle cached per call site (a call site's handle is a constant), which
     * is several times faster on the pass-through path.
     */
    static Object invoke(MethodHandle original, Object[] args) throws Throwable {
        MethodHandle spread = SPREAD.get(original);
        if (spread == null) {
            if (SPREAD.size() >= MAX_CALL_SITES) {
                return original.invokeWithArguments(args);
            }
            spread = original.asSpreader(Object[].class, original.type().parameterCount())
                    .asType(java.lang.invoke.MethodType.methodType(Object.class, Object[].class));
            SPREAD.putIfAbsent(original, spread);
        }
        return (Object) spread.invokeExact(args);
    }

    /** A bound on the cache, in case a handle were not a per-site constant: past it, no caching. */
    private static final int MAX_CALL_SITES = 100_000;

    /**
     * Called before a driver's {@code synchronized} block takes its monitor: under an exploration the
     * scheduler lets the thread take it, so two driver threads never race for a monitor unseen.
     */
    public static void monitorEnter() {
        WindowRun run = WindowRun.current();
        if (run != null) {
            run.monitorEnter(null);
        }
    }

    /** {@link #monitorEnter()} at a call site the agent wrote down ({@code Class.method(File.java:LINE)}). */
    public static void monitorEnter(String site) {
        WindowRun run = WindowRun.current();
        if (run != null) {
            run.monitorEnter(site);
        }
    }

    /**
     * Called before a driver's write of a {@code volatile} field, {@code field} as {@code Class.name}, or before its
     * access through a {@code VarHandle} other than a read ({@code VarHandle.compareAndSet}), at the site the agent
     * wrote down ({@code Class.method(File.java:LINE)}, or {@code null} where the method has no line).
     */
    public static void volatileWrite(String site, String field) {
        WindowRun run = WindowRun.current();
        if (run != null) {
            run.memoryPoint(Point.Kind.VOLATILE_WRITE, field, site);
        }
    }

    /**
     * Called before a driver's call to a collection that its static type does not name as the JDK's synchronisation
     * ({@code Queue.isEmpty}, {@code Set.remove}, {@code ConcurrentLinkedQueue.poll}), with the collection: a point when
     * the collection is one of java.util.concurrent's ({@code ConcurrentLinkedQueue.isEmpty}), where a design's
     * lock-free steps are; nothing for any other ({@code HashMap}).
     */
    public static void collection(Object receiver, String site, String method) {
        WindowRun run = WindowRun.current();
        if (run != null && (receiver instanceof java.util.Collection<?> || receiver instanceof java.util.Map<?, ?>)) {
            String type = receiver.getClass().getName();
            if (type.startsWith("java.util.concurrent.")) {
                run.memoryPoint(Point.Kind.SYNC_CALL, type.substring(type.lastIndexOf('.') + 1) + "." + method, site);
            }
        }
    }

    /**
     * Called on entry into a driver's {@code synchronized} method, before it takes its monitor (the
     * agent rewrites the method's body as a block): the same point as {@link #monitorEnter()}, unless
     * the call site just passed that one.
     */
    public static void synchronizedMethod() {
        WindowRun run = WindowRun.current();
        if (run != null) {
            run.synchronizedMethod();
        }
    }

    /**
     * Called on entry into a driver's SPI method, with its arguments (holds can match on them); {@code key} names the
     * method with its descriptor ({@code #t.#m#d}).
     */
    public static void enter(String method, String key, Object[] arguments) {
        WindowRun run = WindowRun.current();
        if (run != null) {
            run.spi(Point.Kind.SPI_ENTRY, method, arguments, null, spiSite(ENTRY_SITES, key));
        }
    }

    /** Called on exit from a driver's SPI method. */
    public static void exit(String method, String key, Throwable thrown) {
        WindowRun run = WindowRun.current();
        if (run != null) {
            run.spi(Point.Kind.SPI_EXIT, method, new Object[0], thrown, spiSite(EXIT_SITES, key));
        }
    }

    /**
     * Where an SPI method's entry (or exit) point is, as {@link Site#caller()} finds it: the advice's code is one block
     * at the method's start (at its end, where every return goes), so the walk's answer is the same every time and is
     * made once per method. A walk cost about 2 µs a point, a quarter of a connection-setup sweep's processor time.
     */
    private static String spiSite(java.util.Map<String, String> sites, String key) {
        String site = sites.get(key);
        if (site == null) {
            site = Site.caller();
            if (site != null && sites.size() < MAX_CALL_SITES) {
                sites.put(key, site);
            }
        }
        return site;
    }

    private static final java.util.Map<String, String> ENTRY_SITES = new java.util.concurrent.ConcurrentHashMap<>();
    private static final java.util.Map<String, String> EXIT_SITES = new java.util.concurrent.ConcurrentHashMap<>();
}
