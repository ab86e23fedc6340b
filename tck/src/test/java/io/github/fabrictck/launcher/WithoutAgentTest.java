package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowResult;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher in a JVM of its own, without the agent, and with bad input. */
class WithoutAgentTest {

    @TempDir
    Path out;

    private Process launch(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher did not end");
        return p;
    }

    @Test
    void withoutTheAgentEveryWindowIsAnErrorNeverAPass() throws Exception {
        Process p = launch("--out", out.toString(), "--driver", "fixture-event-means-completion");
        assertEquals(0, p.exitValue(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        Result r = ResultJson.read(out.resolve(ResultJson.FILE_NAME));
        assertEquals(Catalog.discover().entries().size(), r.windows().size());
        for (WindowResult w : r.windows()) {
            if (w.family().equals("completion-queue")) {
                assertEquals(Outcome.ERROR, w.outcome());
                assertTrue(w.reason().contains("agent is not attached"), w.reason());
            } else {
                assertEquals(Outcome.NOT_APPLICABLE, w.outcome(), "the fixture implements the completion-queue family only");
            }
        }
    }

    @Test
    void badInputIsOneLineOnStderrAndExitStatusTwo() throws Exception {
        Process p = launch("--out", out.toString());
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(Main.CONFIGURATION_ERROR, p.exitValue());
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("fabric-tck: A driver listed in META-INF/services/io.github.fabrictck.spi.Driver could "
                + "not be loaded: "), err);
        assertTrue(err.contains("java.lang.IllegalStateException: boom in static init at io.github.fabrictck.fixtures."
                + "FixtureDrivers$StaticInitThrows.boom(FixtureDrivers.java:"), err);
        Process unknown = launch("--out", out.toString(), "--driver", "fixture-no-family", "--windows", "CQ-0");
        assertEquals(Main.CONFIGURATION_ERROR, unknown.exitValue());
        assertTrue(new String(unknown.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)
                .startsWith("fabric-tck: Unknown window id CQ-0"));
        Process nope = launch("--out", out.toString(), "--driver", "nope");
        assertEquals(Main.CONFIGURATION_ERROR, nope.exitValue());
        assertTrue(new String(nope.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)
                .startsWith("fabric-tck: A driver listed"), "a broken listed driver is reported before a wrong name");
        assertTrue(!new File(out.toFile(), ResultJson.FILE_NAME).exists());
    }
}
