package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.engine.StuckDetector.ThreadView;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StuckDetectorTest {

    private static final Duration BOUND = Duration.ofSeconds(1);
    private static final List<String> WORK = List.of("1 completion(s) wait in the send CQ");

    private static ThreadView waiting(String name, long timeoutNanos) {
        return ThreadView.of(name, Thread.State.TIMED_WAITING, false, false, "Object.wait at X.y(X.java:1)", timeoutNanos, false);
    }

    private static ThreadView idleForWork(String name) {
        return ThreadView.of(name, Thread.State.WAITING, false, true, null, Blocking.NOT_BLOCKING, false);
    }

    @Test
    void everyThreadAsleepBeyondTheBoundWithUnannouncedWorkIsStuck() {
        Optional<String> stuck = StuckDetector.judge(
                List.of(waiting("app", TimeUnit.MINUTES.toNanos(5)), idleForWork("device-interrupt")), WORK, BOUND);
        assertTrue(stuck.isPresent());
        assertTrue(stuck.get().contains("app waits in Object.wait at X.y(X.java:1) (timeout 300 s)"), stuck.get());
        assertTrue(stuck.get().contains("1 completion(s) wait in the send CQ"), stuck.get());
    }

    @Test
    void aThreadThatWakesWithinTheBoundIsNotStuck() {
        assertEquals(Optional.empty(), StuckDetector.judge(
                List.of(waiting("app", TimeUnit.MILLISECONDS.toNanos(100)), idleForWork("device-interrupt")), WORK, BOUND));
    }

    @Test
    void noPendingWorkIsNeverStuck() {
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(waiting("app", Blocking.FOREVER)), List.of(), BOUND));
    }

    @Test
    void aRunnableOrHeldThreadIsNotIdle() {
        ThreadView running = ThreadView.of("app", Thread.State.RUNNABLE, false, false, null, Blocking.NOT_BLOCKING, false);
        ThreadView held = ThreadView.of("app", Thread.State.WAITING, true, false, null, Blocking.NOT_BLOCKING, false);
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(running, idleForWork("i")), WORK, BOUND));
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(held, idleForWork("i")), WORK, BOUND));
    }

    @Test
    void aThreadInsideABlockingCallThatHasNotParkedYetIsNotIdle() {
        ThreadView entering = ThreadView.of("app", Thread.State.RUNNABLE, false, false, "Object.wait", Blocking.FOREVER, false);
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(entering), WORK, BOUND));
    }

    @Test
    void terminatedThreadsCountAsIdle() {
        ThreadView ended = ThreadView.of("t", Thread.State.TERMINATED, false, false, null, Blocking.NOT_BLOCKING, false);
        assertTrue(StuckDetector.judge(List.of(ended, waiting("app", Blocking.FOREVER)), WORK, BOUND).isPresent());
    }

    @Test
    void aThreadWokenSinceItBlockedIsNotIdle() {
        ThreadView signalled = ThreadView.of("app", Thread.State.WAITING, false, false, "Condition.await at X.y(X.java:1)",
                Blocking.FOREVER, true);
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(signalled, idleForWork("i")), WORK, BOUND));
        assertTrue(StuckDetector.judge(List.of(waiting("app", Blocking.FOREVER), idleForWork("i")), WORK, BOUND).isPresent());
    }

    @Test
    void aThreadWaitingForWorkThatWasQueuedIsNotIdle() {
        ThreadView busy = ThreadView.of("app", Thread.State.WAITING, false, false, null, Blocking.NOT_BLOCKING, false);
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(busy), WORK, BOUND));
    }

    private static ThreadView lockWaiter(long id, String name, long owner) {
        return new ThreadView(id, name, Thread.State.BLOCKED, false, false, "synchronized at X.y(X.java:2)",
                Blocking.NOT_BLOCKING, false, false, List.of(owner), "java.lang.Object@1", null);
    }

    private static ThreadView view(long id, String name, Thread.State state, boolean held, long timeout) {
        return new ThreadView(id, name, state, held, false, held ? null : "Object.wait at X.y(X.java:1)", timeout, false,
                false, List.of(), null, held ? "X.z(X.java:3)" : null);
    }

    @Test
    void aThreadBlockedOnAMonitorIsIdleOnlyIfItsOwnerIs() {
        ThreadView owner = view(1, "handler", Thread.State.WAITING, false, Blocking.FOREVER);
        ThreadView running = view(1, "handler", Thread.State.RUNNABLE, false, Blocking.NOT_BLOCKING);
        assertTrue(StuckDetector.judge(List.of(owner, lockWaiter(2, "app", 1)), WORK, BOUND).isPresent());
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(running, lockWaiter(2, "app", 1)), WORK, BOUND));
        // an owner the kit does not know of (not a driver thread) may still run
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(owner, lockWaiter(2, "app", 9)), WORK, BOUND));
    }

    @Test
    void aCycleOfLockWaitsIsADeadlockAndIdle() {
        assertTrue(StuckDetector.judge(List.of(lockWaiter(1, "a", 2), lockWaiter(2, "b", 1)), WORK, BOUND).isPresent());
    }

    @Test
    void aThreadStalledBehindAHeldLockOwnerIsReportedAndNotStuck() {
        ThreadView held = view(1, "device-interrupt", Thread.State.WAITING, true, Blocking.NOT_BLOCKING);
        StuckDetector.Settle settle = StuckDetector.settle(List.of(held, lockWaiter(2, "app", 1)));
        assertTrue(settle.settled());
        assertEquals(List.of(2L), settle.stalledIds());
        assertTrue(settle.stalled().get(0).contains("app waits for java.lang.Object@1"), settle.stalled().toString());
        assertTrue(settle.stalled().get(0).contains("device-interrupt owns while the kit holds it at X.z(X.java:3)"),
                settle.stalled().toString());
        assertEquals(Optional.empty(), StuckDetector.judge(List.of(held, lockWaiter(2, "app", 1)), WORK, BOUND));
    }

    @Test
    void aTimedWaitSettlesWhateverItsTimeout() {
        assertTrue(StuckDetector.settle(List.of(view(1, "app", Thread.State.TIMED_WAITING, false, 1_000_000))).settled());
        assertTrue(!StuckDetector.settle(List.of(view(1, "app", Thread.State.RUNNABLE, false, Blocking.NOT_BLOCKING)))
                .settled());
    }

    @Test
    void aThreadInAClassOutsideTheInstrumentedPackagesGetsTheHintToAddIt() {
        assertEquals("", StuckDetector.outsideInstrumentedPackages(List.of(), List.of("com.acme.")));
        assertEquals("; com.acme.core.Poller is outside the instrumented packages, so the kit cannot see what it waits "
                + "for: add its package with `-Dfabric-tck.instrumentPackages=com.acme.core` (or in the plugin's `<instrumentPackages>`)",
                StuckDetector.outsideInstrumentedPackages(List.of("com.acme.core.Poller"), List.of()));
        assertEquals("; com.acme.core.Poller, org.lib.Ring are outside the instrumented packages, so the kit cannot see "
                + "what they wait for: add their packages with `-Dfabric-tck.instrumentPackages=com.acme.driver,com.acme.core,org.lib` "
                + "(or in the plugin's `<instrumentPackages>`)",
                StuckDetector.outsideInstrumentedPackages(List.of("org.lib.Ring", "com.acme.core.Poller"),
                        List.of("com.acme.driver.")));
    }

    @Test
    void theHintNeverNamesAPackageThatAddingCannotHelp() {
        // the kit's own classes, the JDK's and the kit's libraries are never rewritten; a package given already is
        for (String never : List.of("io.github.fabrictck.explore.Controller", "io.github.fabrictck.engine.Worker",
                "io.github.fabrictck.windows.CqTrial", "java.util.concurrent.ThreadPoolExecutor", "javax.net.ssl.SSLEngine",
                "jdk.internal.misc.Unsafe", "sun.nio.ch.EPoll", "com.sun.net.httpserver.HttpServer",
                "net.bytebuddy.Agent", "com.acme.driver.Poller", "com.acme.driver.ring.Ring", "Unnamed")) {
            assertEquals("", StuckDetector.outsideInstrumentedPackages(List.of(never), List.of("com.acme.driver.")), never);
        }
        // mixed: only the class whose package can be added is named, and the property keeps what was given
        assertEquals("; org.lib.Ring is outside the instrumented packages, so the kit cannot see what it waits for: add its "
                + "package with `-Dfabric-tck.instrumentPackages=com.acme.driver,org.lib` (or in the plugin's `<instrumentPackages>`)",
                StuckDetector.outsideInstrumentedPackages(List.of("io.github.fabrictck.explore.Controller", "java.lang.Thread",
                        "org.lib.Ring", "com.acme.driver.Poller"), List.of("com.acme.driver.")));
    }

    @Test
    void anUnrewrittenCallerOfTheEnvironmentIsToldToAddItsPackageOnlyWhenThatCanHelp() {
        assertEquals("a dependency outside the instrumented packages: add its package with "
                + "-Dfabric-tck.instrumentPackages=com.acme.driver,org.lib; an adapter's environment package, a library "
                + "call outside the adapter's boundary types, a class defined at run time, or a reflective call",
                Points.whyNotRewritten("org.lib.Ring", List.of("com.acme.driver.")));
        for (String never : List.of("io.github.fabrictck.explore.World", "javax.net.ssl.SSLEngine", "com.acme.driver.Poller")) {
            String why = Points.whyNotRewritten(never, List.of("com.acme.driver."));
            assertTrue(!why.contains("instrumentPackages"), why);
        }
    }
}
