package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A JVM watching its standard input as the launcher does ends when the pipe closes: what happens to
 * the fork when Maven's process is killed with SIGKILL (the kernel closes its end of the pipe).
 */
class ParentWatchProcessTest {

    /** The watched JVM: ends with status 3 at the end of its standard input, else hangs. */
    public static void main(String[] args) throws InterruptedException {
        ParentWatch.onEndOfInput(System.in, () -> Runtime.getRuntime().halt(3));
        System.out.println("watching");
        System.out.flush();
        Thread.currentThread().join();
    }

    @Test
    void theForkEndsWhenItsParentsPipeCloses() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), ParentWatchProcessTest.class.getName()).start();
        try {
            byte[] line = new byte[9];
            assertEquals(9, child.getInputStream().readNBytes(line, 0, 9));
            child.getOutputStream().close();
            assertTrue(child.waitFor(5, TimeUnit.SECONDS), "the watched JVM outlived its parent's pipe by 5 s");
            assertEquals(3, child.exitValue());
        } finally {
            child.destroyForcibly();
        }
    }
}
