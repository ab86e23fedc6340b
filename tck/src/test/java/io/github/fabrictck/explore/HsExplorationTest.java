package io.github.fabrictck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.engine.Agent;
import io.github.fabrictck.engine.AgentConfig;
import io.github.fabrictck.launcher.Launcher;
import io.github.fabrictck.launcher.RunRecord;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.agent.ByteBuddyAgent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HS-X/explore end to end with the agent in this JVM: the exploration finds the data a fixture
 * handshake drops when it overtakes the hello response, its schedule file replays to the same
 * failure every time, and the same handshake that keeps early data passes.
 */
class HsExplorationTest {

    private static final List<String> PROPERTIES = List.of("fabric-tck.explore", "fabric-tck.schedules",
            "fabric-tck.replay", "fabric-tck.seed", "fabric-tck.shrinkRuns");

    @BeforeAll
    static void attachAgent() {
        Agent.install(ByteBuddyAgent.install(), new AgentConfig(List.of(), List.of("io.github.fabrictck.fixtures")));
    }

    @AfterEach
    void clearSettings() {
        PROPERTIES.forEach(System::clearProperty);
    }

    /** Runs HS-X on a fixture driver {@code repeat} times; each run's verdict, and the files Maven's process would write. */
    private static Map.Entry<List<WindowResult>, Map<String, String>> explore(String driver, int repeat) throws Exception {
        RunRecord record = new RunRecord(null);
        List<WindowResult> runs = new ArrayList<>();
        Launcher.run(new Launcher.Config(driver, Set.of("HS-X"), Set.of(), repeat, "mvn fabric-tck:run",
                Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(120)), new Launcher.Listener() {
                    @Override
                    public void header(Result header) {
                        record.accept(RunRecord.headerMessage(header));
                    }

                    @Override
                    public void started(String label, String running) {
                        record.accept(RunRecord.startedMessage(label, running));
                    }

                    @Override
                    public void verdict(WindowResult run) {
                        runs.add(run);
                        record.accept(RunRecord.verdictMessage(run));
                    }
                });
        assertEquals(repeat, runs.size(), "HS-X/explore is listed once exploration is asked for");
        return Map.entry(runs, record.dumps());
    }

    private static String failure(WindowResult w) {
        return w.violated() + " " + w.reason().substring(0, w.reason().indexOf(" [schedule"));
    }

    @Test
    void dataDroppedBeforeTheHelloResponseIsFoundAndReplaysTwentyTimesOutOfTwenty(@TempDir Path dir) throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.schedules", "200");
        System.setProperty("fabric-tck.shrinkRuns", "20");
        Map.Entry<List<WindowResult>, Map<String, String>> found = explore("fixture-hs-drops-early", 1);
        WindowResult w = found.getKey().get(0);
        assertEquals(Outcome.FAIL, w.outcome(), w.reason());
        assertTrue(w.reason().startsWith("every application message is delivered exactly once")
                && w.reason().contains("was dropped by"), w.reason());
        String text = found.getValue().get("schedule-HS-X-explore.txt");
        assertNotNull(text, "the failing schedule is a file for Maven's process to write: " + found.getValue().keySet());
        Schedule schedule = Schedule.parse(text);
        assertEquals("HS-X/explore", schedule.window());
        assertTrue(schedule.decisions().stream().anyMatch(d -> d.startsWith("env: deliver ")), schedule.text());

        Path file = Files.writeString(dir.resolve("schedule.txt"), text, StandardCharsets.UTF_8);
        System.clearProperty("fabric-tck.explore");
        System.setProperty("fabric-tck.replay", file.toString());
        List<WindowResult> replays = explore("fixture-hs-drops-early", 20).getKey();
        for (int i = 0; i < replays.size(); i++) {
            WindowResult again = replays.get(i);
            assertEquals(Outcome.FAIL, again.outcome(), "replay " + (i + 1) + ": " + again.reason());
            assertEquals(failure(w), failure(again), "replay " + (i + 1));
        }
    }

    @Test
    void theHandshakeThatKeepsEarlyDataPasses() throws Exception {
        System.setProperty("fabric-tck.explore", "pct");
        System.setProperty("fabric-tck.schedules", "200");
        WindowResult w = explore("fixture-hs-keeps-early", 1).getKey().get(0);
        assertEquals(Outcome.PASS, w.outcome(), w.reason());
    }
}
