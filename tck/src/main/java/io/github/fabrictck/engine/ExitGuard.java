package io.github.fabrictck.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.ObjIntConsumer;

/**
 * Decides, on entry into {@code Runtime.exit} or {@code Runtime.halt} ({@link ExitGate}), whether
 * the call is the driver's: then it behaves as a rewritten {@code System.exit} call site does
 * ({@link Points#terminate}): the call is not made, the current window records the misuse (ERROR),
 * and the calling thread gets a {@link DriverExit}. This catches what no call-site rewrite sees:
 * an exit by reflection, through a method handle, or from a class the agent did not rewrite.
 *
 * <p>The call is the driver's when a driver class is on the calling thread's stack (hidden classes,
 * such as a lambda's, count as their host's); and, once the launcher has said that only the kit ends
 * this JVM ({@link #onlyTheKitEndsTheJvm()}), whenever the calling thread is not the one the launcher
 * permitted at its end ({@link ExitGate#permit()}). Outside the launcher (the kit's own tests, the
 * bench's probes), an exit with no driver frame on the stack proceeds.
 */
public final class ExitGuard implements ObjIntConsumer<String> {

    private static final StackWalker WALKER = StackWalker.getInstance(
            java.util.Set.of(StackWalker.Option.RETAIN_CLASS_REFERENCE, StackWalker.Option.SHOW_HIDDEN_FRAMES));
    private static volatile boolean onlyTheKit;
    private static final List<String> OUTSIDE_WINDOWS = Collections.synchronizedList(new ArrayList<>());

    private ExitGuard() {
    }

    /** Installs the guard in the gate; called by the agent once the gate is in the bootstrap loader. */
    static void install() {
        ExitGate.guard(new ExitGuard());
    }

    /**
     * From now on every exit is the driver's unless it comes from the thread that calls
     * {@link #kitEnds()}: the launcher's fork calls this first, as the only code that ends its JVM.
     */
    public static void onlyTheKitEndsTheJvm() {
        onlyTheKit = true;
    }

    /**
     * Lets the calling thread end the JVM: the launcher's {@code Main}, right before it does; a call
     * from any other class (a driver that knows the kit) is ignored.
     */
    public static void kitEnds() {
        if (WALKER.getCallerClass().getName().equals("io.github.fabrictck.launcher.Main")) {
            ExitGate.permit();
        }
    }

    /**
     * The driver's attempts to end the JVM made while no window ran (while its classes loaded, or
     * by a thread left over from an earlier window), each reported once: the window that takes
     * them is ERROR.
     */
    public static List<String> takeAttemptsOutsideWindows() {
        synchronized (OUTSIDE_WINDOWS) {
            List<String> taken = List.copyOf(OUTSIDE_WINDOWS);
            OUTSIDE_WINDOWS.clear();
            return taken;
        }
    }

    @Override
    public void accept(String method, int status) {
        if (!onlyTheKit && !driverOnStack()) {
            return;
        }
        String at = Site.caller();
        String what = "the driver called Runtime." + method + "(" + status + ")" + (at == null ? "" : " at " + at)
                + " on thread " + Thread.currentThread().getName() + " (reached without a call site the agent "
                + "rewrote: by reflection, a method handle or a class it did not rewrite)";
        WindowRun run = WindowRun.current();
        if (run != null) {
            run.exitAttempted(what);
        } else {
            OUTSIDE_WINDOWS.add(what);
        }
        throw new DriverExit(what + "; the kit did not let it end the JVM");
    }

    private static boolean driverOnStack() {
        AgentConfig config = Agent.config();
        return WALKER.walk(frames -> frames.map(StackWalker.StackFrame::getDeclaringClass).anyMatch(c -> {
            Class<?> host = c.isHidden() ? c.getNestHost() : c;
            return Agent.isInstrumented(host.getName()) || Agent.failed(host.getName())
                    || config != null && config.isDriverClass(host.getName(), host.getProtectionDomain());
        }));
    }
}
