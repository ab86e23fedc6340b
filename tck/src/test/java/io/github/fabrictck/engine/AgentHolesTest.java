package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static net.bytebuddy.matcher.ElementMatchers.none;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.fixtures.AgentHoles;
import io.github.fabrictck.report.TraceEvent;
import io.github.fabrictck.spi.cq.Completion;
import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Driver code shaped to slip past the agent is rewritten, intercepted or reported, never silently left alone. */
class AgentHolesTest {

    private WindowRun run;

    @BeforeAll
    static void attachAgent() {
        FixtureAgent.attach();
    }

    @AfterEach
    void finish() {
        if (run != null) {
            run.finish();
        }
    }

    private List<String> pointsAfter(Runnable driverCode) {
        run = WindowRun.start(Duration.ofSeconds(1));
        driverCode.run();
        return run.trace().events().stream().map(TraceEvent::event).toList();
    }

    private static void assertPoint(String target, List<String> events) {
        assertTrue(events.stream().anyMatch(e -> e.contains(target)), "no point at " + target + " in " + events);
    }

    @Test
    void anEnvironmentMethodInheritedOnlyFromInterfacesIsAPoint() {
        assertPoint("CompletionQueue.requestNotify", pointsAfter(() -> AgentHoles.rearm(new KitQueue())));
    }

    @Test
    void anEnvironmentMethodBridgedAgainstAGenericInterfaceIsAPoint() {
        assertPoint("CompletionQueue.name", pointsAfter(() -> AgentHoles.nameOf(new KitQueue())));
    }

    @Test
    void anEnvironmentMethodReferenceIsAPoint() {
        assertPoint("CompletionQueue.poll", pointsAfter(() -> AgentHoles.pollThroughReference(new KitQueue())));
    }

    @Test
    void noDriverClassFailedSoFar() {
        AgentHoles.rearm(new KitQueue());
        assertEquals(Map.of(), Agent.failures());
        assertTrue(Agent.isInstrumented(AgentHoles.class.getName()));
    }

    @Test
    void anExitInAStaticInitialiserIsStoppedAndTheWindowSaysWhere() {
        run = WindowRun.start(Duration.ofSeconds(1));
        DriverExit e = assertThrows(DriverExit.class, AgentHoles.ExitsInStaticInit::touch);
        assertTrue(e.getMessage().startsWith("the driver called System.exit(4) at io.github.fabrictck.fixtures."
                + "AgentHoles$ExitsInStaticInit.<clinit>(AgentHoles.java:"), e.getMessage());
        assertTrue(run.misuse().contains("a driver must not end the JVM"), run.misuse());
    }

    @Test
    void anExitByReflectionIsStoppedAndTheWindowSaysWhere() {
        run = WindowRun.start(Duration.ofSeconds(1));
        InvocationTargetException e = assertThrows(InvocationTargetException.class, AgentHoles::exitByReflection);
        assertInstanceOf(DriverExit.class, e.getCause());
        assertTrue(run.misuse().startsWith("the driver called Runtime.exit(5) at io.github.fabrictck.fixtures."
                + "AgentHoles.exitByReflection(AgentHoles.java:"), run.misuse());
    }

    @Test
    void aHaltThroughAMethodHandleIsStoppedAndTheWindowSaysWhere() {
        run = WindowRun.start(Duration.ofSeconds(1));
        assertThrows(DriverExit.class, AgentHoles::haltByMethodHandle);
        assertTrue(run.misuse().startsWith("the driver called Runtime.halt(6) at io.github.fabrictck.fixtures."
                + "AgentHoles.haltByMethodHandle(AgentHoles.java:"), run.misuse());
    }

    @Test
    void anExitOutsideAnyWindowIsStoppedAndKeptForTheNextWindowOnce() {
        assertNull(WindowRun.current());
        InvocationTargetException e = assertThrows(InvocationTargetException.class, AgentHoles::exitByReflection);
        assertInstanceOf(DriverExit.class, e.getCause());
        List<String> taken = ExitGuard.takeAttemptsOutsideWindows();
        assertEquals(1, taken.size(), taken.toString());
        assertTrue(taken.get(0).startsWith("the driver called Runtime.exit(5) at io.github.fabrictck.fixtures."
                + "AgentHoles.exitByReflection(AgentHoles.java:"), taken.get(0));
        assertEquals(List.of(), ExitGuard.takeAttemptsOutsideWindows());
    }

    @Test
    void aSynchronizedMethodIsABlockThatTakesItsMonitorAtAPointAndLetsItGoOnEveryWayOut() throws Exception {
        // a kit thread's call takes the monitor at a point too, as a driver's synchronized block does; the lambdas
        // below capture an Object: a lambda's parameter of the fixture's type would load it before the agent is in
        AgentHoles.SynchronizedShapes shapes = new AgentHoles.SynchronizedShapes();
        Object captured = shapes;
        assertTrue(Agent.isInstrumented(AgentHoles.SynchronizedShapes.class.getName()), Agent.failures().toString());
        assertTrue(!java.lang.reflect.Modifier.isSynchronized(AgentHoles.SynchronizedShapes.class
                .getMethod("add", int.class, long.class, double.class, Object.class, boolean.class).getModifiers()));
        assertEquals(6L, shapes.add(1, 2L, 3.5, "x", false));
        assertTrue(shapes.holds(), "the body runs holding the monitor");
        assertTrue(!Thread.holdsLock(shapes), "a return lets it go");
        IllegalStateException thrown = assertThrows(IllegalStateException.class,
                () -> ((AgentHoles.SynchronizedShapes) captured).add(1, 1L, 1.0, "y", true));
        assertEquals("asked to fail with y", thrown.getMessage());
        assertTrue(!Thread.holdsLock(shapes), "a throw lets it go");
        shapes.waitBriefly();
        assertEquals("n!", AgentHoles.SynchronizedShapes.named("n"));
        assertTrue(!Thread.holdsLock(AgentHoles.SynchronizedShapes.class));
        // another thread takes both monitors at once: nothing was left held
        Thread other = new Thread(() -> {
            synchronized (captured) {
                synchronized (AgentHoles.SynchronizedShapes.class) {
                    ((AgentHoles.SynchronizedShapes) captured).add(1, 0L, 0.0, null, false);
                }
            }
        });
        other.start();
        other.join(10_000);
        assertTrue(!other.isAlive());
        assertEquals(7L, shapes.add(0, 0L, 0.0, null, false));
        assertEquals(Map.of(), Agent.failures());
    }

    @Test
    void aTimedWaitThroughTimeUnitIsTheWaitItMakes() throws Exception {
        // TimeUnit.timedWait waits inside the JDK: unseen, the driver never settled (review 5)
        run = WindowRun.start(Duration.ofSeconds(1));
        Object monitor = new Object();
        Thread waiter = new Thread(() -> {
            try {
                AgentHoles.timedWaitOn(monitor);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "waiter");
        waiter.setDaemon(true);
        run.track(waiter);
        waiter.start();
        StuckDetector.ThreadView view = null;
        for (long end = System.nanoTime() + 10_000_000_000L; view == null && System.nanoTime() < end; Thread.sleep(5)) {
            view = run.views().stream().filter(v -> v.name().equals("waiter") && v.blockedIn() != null
                    && v.state() == Thread.State.TIMED_WAITING).findFirst().orElse(null);
        }
        assertNotNull(view, "the wait is a point the kit sees");
        assertTrue(view.blockedIn().startsWith("Object.wait at io.github.fabrictck.fixtures.AgentHoles.timedWaitOn("),
                view.blockedIn());
        assertEquals(30_000_000_000L, view.timeoutNanos());
        synchronized (monitor) {
            monitor.notifyAll();
        }
        waiter.join(10_000);
        assertTrue(!waiter.isAlive());
    }

    @Test
    void theGateIsInTheBootstrapLoaderWhereRuntimeSeesIt() {
        assertNull(ExitGate.class.getClassLoader());
    }

    @Test
    void anExitWithNoDriverCodeOnTheStackIsLetThroughOutsideTheLauncher() {
        // what Runtime.exit asks first; the kit's own tests and the bench's probes end their JVMs
        // this way (the call returns, so Runtime would go on to exit)
        ExitGate.enter("exit", 0);
    }

    /** Rewrites a fixture class as the agent would, without loading it: what the rewrite reports of it. */
    private String reported(String name) {
        Map<String, String> failed = new HashMap<>();
        ClassFileLocator locator = ClassFileLocator.ForClassLoader.of(getClass().getClassLoader());
        Agent.rewrite(new ByteBuddy().ignore(none()).redefine(TypePool.Default.of(locator).describe(name).resolve(),
                locator), failed).make();
        String reason = failed.get(name);
        assertNotNull(reason, failed.toString());
        return reason;
    }

    @Test
    void aCallSiteTheAgentCannotRewriteIsReportedWithItsClassAndLine() {
        // by name: loading it would have the agent rewrite it, and its failure would make every window ERROR
        String name = "io.github.fabrictck.fixtures.AgentHoles$DrainsInDefaultMethod";
        String reason = reported(name);
        assertTrue(reason.startsWith("the agent could not rewrite 1 call site(s) the kit must see"), reason);
        assertTrue(reason.contains("a method reference to CompletionQueue.poll at " + name + ".drain(AgentHoles.java:"),
                reason);
    }

    @Test
    void aDriverInterfaceImplementedByAnInheritedJdkLockIsReported() {
        String reason = reported("io.github.fabrictck.fixtures.AgentHoles$InheritedLock");
        assertTrue(reason.contains("calls through Lockable.lock, implemented by ReentrantLock.lock which "
                + "io.github.fabrictck.fixtures.AgentHoles$InheritedLock inherits"), reason);
    }

    /** The kit's side of a queue: not a driver class, so its own code is never rewritten. */
    static final class KitQueue extends AgentHoles.QueueBase<Object> {
        @Override
        public String name() {
            return "send";
        }

        @Override
        public Completion poll() {
            return null;
        }

        @Override
        public int requestNotify(boolean reportMissedEvents) {
            return 0;
        }

        @Override
        public void acknowledgeEvents(int count) {
        }
    }
}
