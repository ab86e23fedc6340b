package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
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
}
