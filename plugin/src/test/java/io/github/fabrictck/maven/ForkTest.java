package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Runs real JVMs: a fork that never ends is what the time limit is for, so it ends here by being killed. */
class ForkTest {

    /** Only a bound on the wait for a JVM's start, never reached when the test passes. */
    private static final long START_BOUND_SECONDS = 60;

    @TempDir
    Path dir;

    private final List<String> out = new CopyOnWriteArrayList<>();
    private final List<String> err = new CopyOnWriteArrayList<>();

    /** The fork of a test, killed after it even when an assertion failed before its end. */
    private Fork fork;

    @AfterEach
    void killFork() throws InterruptedException {
        if (fork != null) {
            fork.kill();
        }
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "asserts the SIGQUIT thread dump, which the plugin cannot "
            + "request on Windows (no kill -QUIT); killingTheForkKillsWhatItStarted covers the kill there")
    void outputIsPassedOnWhileTheForkRunsAndAnOverrunningForkIsKilled() throws Exception {
        CountDownLatch started = new CountDownLatch(2);
        fork = Fork.start(FakeLauncher.command("talk-and-hang"), dir,
                line -> { out.add(line); started.countDown(); },
                line -> { err.add(line); started.countDown(); });

        assertTrue(started.await(START_BOUND_SECONDS, TimeUnit.SECONDS), "output arrives while the fork runs");
        ForkExit exit = fork.await(Duration.ofMillis(1));

        assertTrue(exit.timedOut());
        assertEquals("window CQ-1 started", out.get(0));
        assertTrue(out.stream().anyMatch(line -> line.startsWith("Full thread dump")),
                "an overrunning fork is asked for a thread dump before it is killed: " + out);
        assertTrue(out.stream().anyMatch(line -> line.contains("FakeLauncher.hang")), "the dump shows where it hung");
        assertEquals(List.of("a warning"), err);
        assertFalse(ProcessHandle.of(fork.pid()).map(ProcessHandle::isAlive).orElse(false));
    }

    @Test
    void killingTheForkKillsWhatItStarted() throws Exception {
        CountDownLatch spawned = new CountDownLatch(1);
        fork = Fork.start(FakeLauncher.command("spawn-and-hang"), dir,
                line -> { out.add(line); if (line.startsWith("child ")) spawned.countDown(); }, err::add);
        assertTrue(spawned.await(START_BOUND_SECONDS, TimeUnit.SECONDS));
        // the child inherits the fork's output: its own first line may come before the fork's "child <pid>"
        long child = Long.parseLong(out.stream().filter(line -> line.startsWith("child ")).findFirst().orElseThrow()
                .substring("child ".length()));
        ProcessHandle childHandle = ProcessHandle.of(child).orElseThrow();

        ForkExit exit = fork.await(Duration.ofMillis(1));

        assertTrue(exit.timedOut());
        childHandle.onExit().get(START_BOUND_SECONDS, TimeUnit.SECONDS);
        assertFalse(childHandle.isAlive());
    }

    @Test
    void configurationErrorIsTheLaunchersStderrLineWithoutItsPrefix() throws Exception {
        fork = Fork.start(FakeLauncher.command("configuration-error"), dir, out::add, err::add);
        ForkExit exit = fork.await(Duration.ZERO);

        assertEquals(2, exit.exitCode());
        assertEquals("No driver found on the class path: add the driver's jar.", exit.explanation());
        assertEquals(List.of("fabric-tck: a driver's own line, before the launcher's",
                "fabric-tck: No driver found on the class path: add the driver's jar."), exit.errorTail());
        assertEquals(List.of("fabric-tck: a driver's own line, before the launcher's",
                "fabric-tck: No driver found on the class path: add the driver's jar."), err);
    }

    @Test
    void forkRunsInTheGivenDirectory() throws Exception {
        fork = Fork.start(FakeLauncher.command("working-directory"), dir, out::add, err::add);
        ForkExit exit = fork.await(Duration.ofSeconds(START_BOUND_SECONDS));

        assertEquals(new ForkExit(0, false, null), exit);
        assertEquals(1, out.size(), out::toString);
        assertTrue(Files.isSameFile(dir, Path.of(out.get(0))), out::toString);
    }

    @Test
    @EnabledOnOs(value = OS.LINUX, disabledReason = "a child found after the fork exited is found by the marker in "
            + "its environment, which only /proc shows; elsewhere only children seen while the fork ran are")
    void aChildTheForkLeftIsEndedAndNamedAtItsNormalEnd() throws Exception {
        fork = Fork.start(FakeLauncher.command("spawn-and-exit"), dir, out::add, err::add);
        ForkExit exit = fork.await(Duration.ofSeconds(START_BOUND_SECONDS));

        assertEquals(0, exit.exitCode());
        assertFalse(exit.timedOut());
        long child = Long.parseLong(out.stream().filter(line -> line.startsWith("child ")).findFirst().orElseThrow()
                .substring("child ".length()));
        assertFalse(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false), "the child was ended");
        assertEquals(1, exit.leftovers().size(), exit.leftovers()::toString);
        String sentence = exit.leftovers().get(0);
        assertTrue(sentence.startsWith("the driver left process " + child + " `"), sentence);
        assertTrue(sentence.contains("FakeLauncher hang`"), sentence);
        assertTrue(sentence.endsWith("running: ended"), sentence);
        assertEquals(exit.leftovers(), exit.warnings());
    }

    @Test
    @EnabledOnOs(value = OS.LINUX, disabledReason = "the marker in the environment is read from /proc")
    void aGrandchildThatLeftTheForksTreeIsFoundByTheMarkerInItsEnvironment() throws Exception {
        fork = Fork.start(FakeLauncher.command("double-fork"), dir, out::add, err::add);
        ForkExit exit = fork.await(Duration.ofSeconds(START_BOUND_SECONDS));

        long grandchild = Long.parseLong(out.stream().filter(line -> line.startsWith("grandchild ")).findFirst()
                .orElseThrow().substring("grandchild ".length()));
        assertFalse(ProcessHandle.of(grandchild).map(ProcessHandle::isAlive).orElse(false), "the grandchild was ended");
        assertTrue(exit.leftovers().contains("the driver left process " + grandchild + " `/usr/bin/sleep 150` running: "
                + "ended") || exit.leftovers().contains("the driver left process " + grandchild + " `/bin/sleep 150` "
                + "running: ended"), exit.leftovers()::toString);
    }

    @Test
    void outputPastTheLogsShareGoesToTheFileAndIsCounted() throws Exception {
        Path file = dir.resolve(ForkOutput.FILE_NAME);
        ForkOutput output = new ForkOutput(file, () -> Files.newOutputStream(file), 10, 1 << 20, 500);
        fork = Fork.start(FakeLauncher.command("flood"), dir, null, List.of(), output, out::add, err::add);
        ForkExit exit = fork.await(Duration.ofSeconds(START_BOUND_SECONDS));

        assertEquals(10, out.size(), "the log gets the first 10 lines");
        assertEquals("line 0 " + "x".repeat(90), out.get(0));
        assertEquals(500, Files.size(file), "the file holds the first 500 bytes of the rest");
        assertTrue(Files.readString(file).startsWith("line 10 "));
        long rest = 90 * ("line 10 ".length() + 90 + 1L) + 200_000; // lines 10..99 are as long as line 10
        assertEquals("the fork wrote " + ForkOutput.size(rest) + " more output than the log shows (the log shows at "
                + "most 10 lines or 1 MiB): " + file + " (first 500 bytes)", exit.output());
        assertTrue(ForkOutput.size(rest).endsWith(" kB"), ForkOutput.size(rest));
    }

    @Test
    void theLogsShareIsCappedInBytesTooAndALineWithoutEndComesInPieces() throws Exception {
        ForkOutput output = new ForkOutput(null, null, 1000, 100_000, 0);
        fork = Fork.start(FakeLauncher.command("flood"), dir, null, List.of(), output, out::add, err::add);
        fork.await(Duration.ofSeconds(START_BOUND_SECONDS));

        assertEquals(100 + 1, out.size(), "100 lines, then one 64 KiB piece of the line without end: " + out.size());
        assertEquals(64 * 1024, out.get(100).length());
        assertEquals(200_000 - 64 * 1024, output.overflowBytes(), "the two other pieces are counted, not shown");
    }

    @Test
    void aForkThatSentItsEndGetsAGraceAndIsThenKilled() throws Exception {
        CompletableFuture<Void> endArrived = new CompletableFuture<>();
        fork = Fork.start(FakeLauncher.command("talk-and-hang"), dir, out::add, line -> {
            err.add(line);
            endArrived.complete(null); // stands for the launcher's end message over the channel
        });
        ForkExit exit = fork.await(Duration.ofSeconds(START_BOUND_SECONDS), endArrived, Duration.ofMillis(200));

        assertFalse(exit.timedOut(), "killed after its end: not a time-out");
        assertEquals("the fork sent its end but did not exit within 200 ms: killed", exit.lingered());
        assertFalse(out.stream().anyMatch(line -> line.startsWith("Full thread dump")), "no thread dump: " + out);
        assertFalse(ProcessHandle.of(fork.pid()).map(ProcessHandle::isAlive).orElse(false));
    }
}
