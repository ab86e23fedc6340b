package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ForkExitTest {

    @Test
    void normalExitIsNeitherFailureNorProblem() {
        ForkExit exit = new ForkExit(0, false, null);
        assertNull(exit.failure());
        assertNull(exit.problem(600));
    }

    @Test
    void configurationErrorFailsTheBuildWithTheLaunchersSentence() {
        assertEquals("No driver found on the class path.", new ForkExit(2, false, "No driver found on the class path.").failure());
        assertNull(new ForkExit(2, false, "x").problem(600));
        assertEquals("The Fabric TCK fork reported a configuration error (exit code 2) without explaining it; see its output above.",
                new ForkExit(2, false, null).failure());
    }

    @Test
    void timeoutIsAProblemNamingTheLimit() {
        ForkExit exit = new ForkExit(137, true, "ignored");
        assertNull(exit.failure());
        assertEquals("The Fabric TCK fork ran longer than its time limit (fabric-tck.forkTimeout = 600 s) and was killed "
                + "with its child processes.", exit.problem(600));
    }

    @Test
    void otherExitCodesAreAProblem() {
        assertNull(new ForkExit(1, false, null).failure());
        assertEquals("The Fabric TCK fork exited with code 137 before the launcher finished (the JVM crashed or the driver "
                + "exited it).", new ForkExit(137, false, null).problem(600));
        assertEquals("The Fabric TCK fork exited with code 1: the kit failed: java.lang.IllegalStateException: x.",
                new ForkExit(1, false, "the kit failed: java.lang.IllegalStateException: x").problem(600));
    }
}
