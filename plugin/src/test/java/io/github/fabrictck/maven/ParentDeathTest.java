package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** SIGTERM to Maven's process (Ctrl-C, a CI job cancelled) leaves no fork behind. */
class ParentDeathTest {

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "destroy() is no SIGTERM there")
    void sigtermToMavensProcessKillsTheForkWithinFiveSeconds() throws Exception {
        Process parent = new ProcessBuilder(FakeParent.command()).redirectErrorStream(true).start();
        ProcessHandle fork;
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(parent.getInputStream()));
            String line = out.readLine();
            assertTrue(line != null && line.startsWith("fork "), String.valueOf(line));
            fork = ProcessHandle.of(Long.parseLong(line.substring(5))).orElseThrow();
            assertTrue(fork.isAlive());

            parent.destroy();   // SIGTERM
            assertTrue(parent.waitFor(60, TimeUnit.SECONDS));
        } finally {
            parent.destroyForcibly();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (fork.isAlive() && System.nanoTime() < deadline) {
            fork.onExit().get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
        }
        boolean alive = fork.isAlive();
        fork.destroyForcibly();
        assertFalse(alive, "the fork outlived Maven's process by 5 s");
    }
}
