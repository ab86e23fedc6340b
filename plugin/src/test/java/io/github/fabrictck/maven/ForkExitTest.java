package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ForkExitTest {

    @Test
    void timeoutNamesTheLimit() {
        assertEquals("The Fabric TCK fork ran longer than its time limit (fabric-tck.forkTimeout = 600 s) and was killed "
                + "with its child processes.", new ForkExit(137, true, "ignored").whatHappened(600));
    }

    @Test
    void exitZeroWithoutTheEndIsNoCompleteRun() {
        assertEquals("The Fabric TCK fork ended with exit code 0 without the launcher's end (a JVM ended by halt or "
                + "exit, whatever its status, does not complete a run).", new ForkExit(0, false, null).whatHappened(600));
    }

    @Test
    void aCrashQuotesTheLastLinesOfStandardError() {
        assertEquals("The Fabric TCK fork ended with exit code 137 without the launcher's end (the JVM crashed, was "
                + "killed, or the driver ended it); the last lines on its standard error: Exception in thread \"x\" "
                + "java.lang.OutOfMemoryError: Java heap space",
                new ForkExit(137, false, null, List.of("Exception in thread \"x\" java.lang.OutOfMemoryError: Java heap space"))
                        .whatHappened(600).replaceAll("\\.$", ""));
    }
}
