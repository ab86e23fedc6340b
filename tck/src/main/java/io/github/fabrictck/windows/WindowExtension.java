package io.github.fabrictck.windows;

import io.github.fabrictck.engine.Agent;
import io.github.fabrictck.engine.Libraries;
import io.github.fabrictck.engine.ExitGuard;
import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.ThreadDump;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.report.Evidence;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * Runs each window variant inside a {@link WindowRun}: checks the driver implements the family
 * and the agent is attached, gives the test its fixture, and afterwards closes everything, checks
 * that the driver's classes were really rewritten, and leaves evidence and trace for the verdict.
 * Awaitility's failures become {@link InvariantViolation}s named after the awaited invariant.
 */
public final class WindowExtension implements BeforeEachCallback, AfterEachCallback, ParameterResolver,
        TestExecutionExceptionHandler, InvocationInterceptor {

    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(WindowExtension.class);

    /** The JUnit configuration parameter the launcher passes a variant's time limit in, in seconds. */
    public static final String WINDOW_TIMEOUT_PARAMETER = WindowDeadline.PARAMETER;

    @Override
    public void beforeEach(ExtensionContext context) {
        Session session = Session.current();
        if (session == null) {
            throw new IllegalStateException("the race-window catalog runs only through the Fabric TCK launcher");
        }
        // a library the agent could not rewrite as it must is found before any window: every window is ERROR with it
        String scan = Libraries.scanProblem();
        if (scan != null) {
            throw new WindowNotOpened(scan);
        }
        RaceWindow window = context.getRequiredTestClass().getAnnotation(RaceWindow.class);
        Assumptions.assumeTrue(session.families().contains(window.family()),
                () -> "driver " + session.driver().name() + " does not implement the " + window.family().id()
                        + " family (Driver.families())");
        if (!Agent.attached()) {
            throw new WindowNotOpened("the Fabric TCK agent is not attached to this JVM: start it with "
                    + "-javaagent:<fabric-tck jar> (the Maven plugin does)");
        }
        context.getStore(NS).put(WindowRun.class, WindowRun.start(session.bound()));
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == CqWindow.class || type == SharedCqWindow.class || type == HsWindow.class || type == CsWindow.class
                || type == CmWindow.class || type == ElWindow.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Session session = Session.current();
        WindowRun run = context.getStore(NS).get(WindowRun.class, WindowRun.class);
        Class<?> type = parameter.getParameter().getType();
        WindowFixture fixture = type == CqWindow.class ? new CqWindow(run, session)
                : type == SharedCqWindow.class ? new SharedCqWindow(run, session)
                : type == HsWindow.class ? new HsWindow(run, session)
                : type == CmWindow.class ? new CmWindow(run, session)
                : type == ElWindow.class ? new ElWindow(run, session) : new CsWindow(run, session);
        context.getStore(NS).put(WindowFixture.class, fixture);
        return fixture;
    }

    /**
     * Runs the variant under its time limit ({@link WindowDeadline}): {@value WindowDeadline#PARAMETER}, which the
     * launcher sets; without it (a test that runs a window class itself) the variant runs on this thread, unbounded.
     */
    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<java.lang.reflect.Method> call,
                                    ExtensionContext context) throws Throwable {
        java.util.Optional<String> seconds = context.getConfigurationParameter(WindowDeadline.PARAMETER);
        if (seconds.isEmpty()) {
            invocation.proceed();
            return;
        }
        WindowRun run = context.getStore(NS).get(WindowRun.class, WindowRun.class);
        WindowDeadline.run(invocation, call.getExecutable().getName(),
                java.time.Duration.ofSeconds(Long.parseLong(seconds.get().strip())),
                run == null ? () -> 0L : () -> run.trace().restarts());
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        throw translate(thrown);
    }

    /** Awaitility's timeout and fail-fast exceptions, as the invariant they checked. */
    static Throwable translate(Throwable thrown) {
        if (thrown instanceof TerminalFailureException && thrown.getCause() instanceof InvariantViolation v) {
            return v;
        }
        if (thrown instanceof ConditionTimeoutException) {
            String m = String.valueOf(thrown.getMessage());
            int a = m.indexOf("alias '");
            int b = a < 0 ? -1 : m.indexOf('\'', a + 7);
            if (b > a) {
                return new InvariantViolation(m.substring(a + 7, b), m);
            }
        }
        return thrown;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        WindowRun run = context.getStore(NS).get(WindowRun.class, WindowRun.class);
        if (run == null) {
            return;
        }
        Throwable thrown = context.getExecutionException().map(WindowExtension::translate).orElse(null);
        boolean unfinished = thrown instanceof WindowNotOpened || thrown instanceof TimeoutException;
        String where = run.whereThreadsAre();
        String dump = unfinished ? ThreadDump.take(run.threads()) : null;
        WindowFixture fixture = context.getStore(NS).get(WindowFixture.class, WindowFixture.class);
        List<String> endpointClasses = fixture == null ? List.of() : fixture.driverClassNames();
        try {
            if (fixture != null) {
                fixture.close();
            }
        } finally {
            run.finish();
            if (!Libraries.libraries().isEmpty()) {
                // an adapter's library: the result lists the call sites (rewrittenCallSites), the trace counts them
                int sites = Libraries.rewrittenSites().size();
                run.trace().add("kit", sites + " call sites of " + String.join(", ", Libraries.libraries())
                        + " rewritten by the agent" + (sites == 0 ? "" : " (listed in the result's rewrittenCallSites)"), null);
            }
            Evidence evidence = run.evidence();
            String kitError = kitError(run, endpointClasses);
            if (fixture != null) {
                fixture.judged(thrown == null && kitError == null);
            }
            Session.current().records().put(context.getUniqueId(), new Session.Record(evidence, run.trace().events(),
                    evidence.holds().stream().map(h -> h.thread() + " held at " + h.point() + " in " + h.at()).toList(),
                    kitError, where, dump));
        }
    }

    /** Why the kit cannot accept the window's verdict whatever it was, or {@code null}. */
    private static String kitError(WindowRun run, List<String> endpointClasses) {
        if (run.misuse() != null) {
            return run.misuse();
        }
        List<String> exits = ExitGuard.takeAttemptsOutsideWindows();
        if (!exits.isEmpty()) {
            return "before this window, " + exits.get(0) + "; a driver must not end the JVM";
        }
        Map<String, String> failures = Agent.failures();
        if (!failures.isEmpty()) {
            Map.Entry<String, String> first = failures.entrySet().iterator().next();
            return failures.size() + " driver class(es) could not be transformed by the agent, first " + first.getKey()
                    + ": " + first.getValue();
        }
        // judged only where the library ran: a window the driver declined before reaching it is not the library's
        if (!Libraries.libraries().isEmpty() && !Libraries.hasBoundarySite()
                && run.trace().events().stream().anyMatch(e -> Libraries.isLibraryCode(e.at()))) {
            return "the agent rewrote no boundary call site of " + String.join(", ", Libraries.libraries())
                    + ": the adapter's boundary types (Adapter.boundaryTypes()) are not called from its packages";
        }
        for (String endpointClass : endpointClasses) {
            if (!Agent.isInstrumented(endpointClass)) {
                return "the driver's class " + endpointClass + " was not rewritten by the agent: " + (Libraries.exempted(endpointClass)
                        ? "an adapter declares its package as the environment (Adapter.environmentPackages() or replacedPackages()), "
                        + "which the agent leaves as it is; the environment simulates the hardware and must not hold driver code"
                        : "it is not loaded from the driver's module; add its package with -Dfabric-tck.instrumentPackages");
            }
        }
        List<String> leaked = run.leakedThreads();
        if (!leaked.isEmpty()) {
            return "the driver left non-daemon thread(s) running, which would keep the JVM alive: "
                    + ThreadDump.listing(leaked, ", ") + "; start threads with DriverContext.threadFactory()";
        }
        return null;
    }
}
