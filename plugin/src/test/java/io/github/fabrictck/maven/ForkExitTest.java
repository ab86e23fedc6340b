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
        assertEquals("The Fabric TCK fork ended with exit code 134 without the launcher's end (the JVM crashed, was "
                + "killed, or the driver ended it); the last lines on its standard error: # A fatal error has been "
                + "detected by the Java Runtime Environment:",
                new ForkExit(134, false, null, List.of("# A fatal error has been detected by the Java Runtime Environment:"))
                        .whatHappened(600).replaceAll("\\.$", ""));
    }

    @Test
    void aHeapTheDriverFilledIsNamedNotCalledACrash() {
        assertEquals("The Fabric TCK fork ended with exit code 1 without the launcher's end: its JVM failed with "
                + "java.lang.OutOfMemoryError: Java heap space (the driver's threads share its heap and stacks: raise "
                + "-Xmx or -Xss in fabric-tck.argLine, or look for what in the driver holds so much); the last lines on "
                + "its standard error: Exception in thread \"x\" java.lang.OutOfMemoryError: Java heap space",
                new ForkExit(1, false, null, List.of("Exception in thread \"x\" java.lang.OutOfMemoryError: Java heap space"))
                        .whatHappened(600).replaceAll("\\.$", ""));
        // the launcher's own last words, when its stack trace pushed the error out of the tail
        assertEquals("java.lang.StackOverflowError", new ForkExit(1, false, "the fork's JVM failed with "
                + "java.lang.StackOverflowError (the driver's threads share its heap and stacks: ...)",
                List.of("\tat a.B.c(B.java:1)")).exhausted());
        assertEquals(null, new ForkExit(137, false, null, List.of("Killed")).exhausted());
    }
}
