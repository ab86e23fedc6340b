package io.github.fabrictck.adapters.nettyuring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Netty's io_uring event loop, unmodified, under the simulated kernel: netty-incubator-transport-io_uring PR #227's
 * lost wakeup on purpose, for every version of the table ({@code netty-io_uring.table}) and for the version under test
 * ({@code netty-io_uring.version}).
 */
class Pr227InterleavingTest {

    private static final Duration GUARD = Duration.ofSeconds(10);
    private static final Path JARS = Path.of(System.getProperty("netty-io_uring.jars", "target/netty-io_uring"));
    private static final String NETTY = System.getProperty("netty-io_uring.netty.version");
    private static final String SELECTED = System.getProperty("netty-io_uring.version");

    /** Where each released version waits forever in {@code cleanup()} (its {@code completionQueue.ioUringWaitCqe()}). */
    private static final Map<String, Integer> CLEANUP_WAIT_LINE =
        Map.of("0.0.23.Final", 338, "0.0.24.Final", 344, "0.0.25.Final", 363, "0.0.26.Final", 379);
    /** The versions without PR #227's submit() after the first addEventFdRead in run(). */
    private static final List<String> BEFORE_PR227 = List.of("0.0.23.Final");

    static List<String> table() {
        return Arrays.asList(System.getProperty("netty-io_uring.table").split(","));
    }

    /**
     * PR #226/#227's interleaving: the loop has queued its eventfd READ (0.0.23: without submitting it), runs its first
     * task and announces its sleep; it is held there while another thread calls shutdownGracefully (its wakeup writes
     * the eventfd); released, the loop sees a task, skips its submitAndWait, takes the wakeup as pending and shuts down:
     * cleanup() waits for the READ's completion.
     */
    static NettyEventLoop.Outcome pr227Interleaving(String version) throws InterruptedException {
        try (NettyEventLoop loop = NettyEventLoop.open(NettyUringLoader.open(JARS, version, NETTY))) {
            LoopPoints.Hold[] hold = new LoopPoints.Hold[1];
            loop.start(() -> hold[0] = loop.holdAtNextSleepAnnouncement(), GUARD);
            assertNotNull(hold[0].awaitHeld(GUARD), "the loop never announced its sleep");
            loop.shutdownGracefully();
            hold[0].release();
            return loop.awaitEnd(GUARD);
        }
    }

    /**
     * The same after one wakeup: the loop sleeps in submitAndWait (its READ submitted), a task from another thread
     * wakes it through the eventfd; handle() re-queues the READ without submitting it; the loop is held where it
     * announces its next sleep while shutdownGracefully writes the eventfd again; released, it skips submitAndWait (a
     * task is queued), takes the wakeup as pending, and cleanup() waits for the completion of a READ that is still in
     * the submission ring, never published to the kernel.
     */
    static NettyEventLoop.Outcome afterOneWakeupInThePr227Interleaving(String version) throws InterruptedException {
        return afterOneWakeupInThePr227Interleaving(version, Duration.ZERO);
    }

    static NettyEventLoop.Outcome afterOneWakeupInThePr227Interleaving(String version, Duration quietPeriod)
        throws InterruptedException {
        try (NettyEventLoop loop = NettyEventLoop.open(NettyUringLoader.open(JARS, version, NETTY))) {
            Thread loopThread = loop.start(() -> { }, GUARD);
            assertTrue(loop.loader().kernel().awaitBlocked(loopThread, GUARD), "the loop never slept in the kernel");
            LoopPoints.Hold hold = loop.holdAtNextSleepAnnouncement(GUARD);
            assertNotNull(hold.awaitHeld(GUARD), "the loop never announced its next sleep");
            loop.shutdownGracefully(quietPeriod);
            hold.release();
            return loop.awaitEnd(GUARD);
        }
    }

    @ParameterizedTest
    @MethodSource("table")
    void pr227InterleavingHangsOnlyBeforeTheFix(String version) throws InterruptedException {
        NettyEventLoop.Outcome outcome = pr227Interleaving(version);
        System.out.println("PR #227 interleaving: " + outcome);
        assertOutcome(outcome, BEFORE_PR227.contains(version));
    }

    @ParameterizedTest
    @MethodSource("table")
    void afterOneWakeupInThePr227InterleavingEveryReleaseHangs(String version) throws InterruptedException {
        NettyEventLoop.Outcome outcome = afterOneWakeupInThePr227Interleaving(version);
        System.out.println("after one wakeup: " + outcome);
        assertOutcome(outcome, true);
    }

    /**
     * A quiet period does not help: the loop stays in its inner loop running the shutdown's WAKEUP_TASKs until the
     * period has passed, never reaching submitAndWait, then cleanup() waits the same.
     */
    @Test
    void afterOneWakeupWithAQuietPeriodTheLatestReleaseHangs() throws InterruptedException {
        String latest = table().get(table().size() - 1);
        NettyEventLoop.Outcome outcome = afterOneWakeupInThePr227Interleaving(latest, Duration.ofMillis(200));
        System.out.println("after one wakeup, quiet period 200 ms: " + outcome);
        assertOutcome(outcome, true);
    }

    @Test
    void selectedVersionInThePr227Interleaving() throws InterruptedException {
        NettyEventLoop.Outcome outcome = pr227Interleaving(SELECTED);
        System.out.println("selected version, PR #227 interleaving: " + outcome);
        assertOutcome(outcome, BEFORE_PR227.contains(SELECTED));
    }

    @Test
    void selectedVersionAfterOneWakeupInThePr227Interleaving() throws InterruptedException {
        NettyEventLoop.Outcome outcome = afterOneWakeupInThePr227Interleaving(SELECTED);
        System.out.println("selected version, after one wakeup: " + outcome);
        assertOutcome(outcome, CLEANUP_WAIT_LINE.containsKey(SELECTED));
    }

    /** 20 runs each: the version before PR #227 hangs in every run, the version with it in none; times are printed. */
    @Test
    void pr227InterleavingTwentyOfTwenty() throws InterruptedException {
        for (String version : List.of(BEFORE_PR227.get(0), table().get(1))) {
            long[] millis = new long[20];
            for (int i = 0; i < millis.length; i++) {
                long start = System.nanoTime();
                NettyEventLoop.Outcome outcome = pr227Interleaving(version);
                millis[i] = (System.nanoTime() - start) / 1_000_000;
                assertOutcome(outcome, BEFORE_PR227.contains(version));
            }
            Arrays.sort(millis);
            System.out.println("PR #227 interleaving, " + version + ": 20 of 20 " + (BEFORE_PR227.contains(version)
                ? "hang" : "terminate") + "; ms per run (class loading included) median " + millis[10] + ", max "
                + millis[19]);
        }
    }

    /**
     * Without a hold: three tasks from another thread, each while the loop sleeps in the kernel, run; each one's wakeup
     * and shutdownGracefully's write the loop's own eventfd once; the loop terminates.
     */
    @ParameterizedTest
    @MethodSource("table")
    void tasksRunAndTheLoopShutsDownWithoutAHold(String version) throws InterruptedException {
        try (NettyEventLoop loop = NettyEventLoop.open(NettyUringLoader.open(JARS, version, NETTY))) {
            SimulatedUring kernel = loop.loader().kernel();
            Thread loopThread = loop.start(() -> { }, GUARD);
            for (int i = 0; i < 3; i++) {
                assertTrue(kernel.awaitBlocked(loopThread, GUARD), "the loop never slept");
                CountDownLatch ran = new CountDownLatch(1);
                loop.execute(ran::countDown);
                assertTrue(ran.await(GUARD.toMillis(), TimeUnit.MILLISECONDS), "a task did not run");
            }
            assertTrue(kernel.awaitBlocked(loopThread, GUARD), "the loop never slept");
            loop.shutdownGracefully();
            NettyEventLoop.Outcome outcome = loop.awaitEnd(GUARD);
            assertTrue(outcome.terminated(), outcome.toString());
            assertEquals(4, outcome.eventFdWrites().size(), outcome + " " + outcome.trace());
            assertTrue(outcome.eventFdWrites().stream().allMatch(w -> w.target().equals("eventfd#1")), outcome.toString());
            assertEquals(List.of(), kernel.unsupportedOps());
        }
    }

    private static void assertOutcome(NettyEventLoop.Outcome outcome, boolean hangs) {
        assertEquals(64, outcome.uringSha256().length());
        if (hangs) {
            assertTrue(!outcome.terminated(), "expected the loop to hang: " + outcome);
            Integer line = CLEANUP_WAIT_LINE.get(outcome.version());
            String expected = NettyEventLoop.EVENT_LOOP_CLASS + ".cleanup(IOUringEventLoop.java:" + line + ")";
            assertEquals(line == null ? outcome.frame() : expected, outcome.frame(), outcome.toString());
            // the READ cleanup() waits for sits in Netty's submission ring, its tail never published to the kernel
            assertEquals(List.of("READ fd 4 (eventfd#1)"), outcome.unpublishedSqes(), outcome.toString());
        } else {
            assertTrue(outcome.terminated(), "expected the loop to terminate: " + outcome);
        }
    }
}
