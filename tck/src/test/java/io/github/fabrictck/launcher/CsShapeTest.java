package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.engine.Agent;
import io.github.fabrictck.engine.AgentConfig;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import net.bytebuddy.agent.ByteBuddyAgent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CS-1 loses the server's fast path from its answer to the client on, whatever number and order of fast-path
 * messages the server sends ({@code fixtures.CsShapeFixtures}): losing one message by its number let a link confirm
 * that came second only when the server was stalled, or that was sent twice, through, and CS-1 PASSed the pre-fix
 * equal timeouts; it lost a correct server's application data sent after it had ended setup, and FAILed it.
 */
class CsShapeTest {

    @BeforeAll
    static void attachAgent() {
        Agent.install(ByteBuddyAgent.install(), new AgentConfig(List.of(), List.of("io.github.fabrictck.fixtures")));
    }

    private static List<WindowResult> cs1(String driver) throws ConfigurationError {
        RunRecord record = new RunRecord(null);
        Result r = Launcher.run(new Launcher.Config(driver, Set.of("CS-1"), Set.of(), 1, "mvn fabric-tck:run",
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
                        record.accept(RunRecord.verdictMessage(run));
                    }
                });
        assertEquals(2, r.windows().size(), r.windows()::toString);
        return r.windows();
    }

    @Test
    void aLinkConfirmThatComesSecondOnlyWhenStalledIsLostAndTheEqualTimeoutsFail() throws ConfigurationError {
        for (WindowResult w : cs1("fixture-cs-shape-late-dummy-equal")) {
            assertEquals(Outcome.FAIL, w.outcome(), w.label() + ": " + w.reason());
            assertTrue(w.reason().startsWith("each application reads exactly the bytes"), w.reason());
        }
    }

    @Test
    void aLinkConfirmSentTwiceIsLostBothTimesAndTheEqualTimeoutsFail() throws ConfigurationError {
        for (WindowResult w : cs1("fixture-cs-shape-link-twice-equal")) {
            assertEquals(Outcome.FAIL, w.outcome(), w.label() + ": " + w.reason());
        }
    }

    @Test
    void aFastPathKeepaliveCostsACorrectServerNothingAndItsEqualTwinFails() throws ConfigurationError {
        for (WindowResult w : cs1("fixture-cs-shape-keepalive")) {
            assertEquals(Outcome.PASS, w.outcome(), w.label() + ": " + w.reason());
        }
        for (WindowResult w : cs1("fixture-cs-shape-keepalive-equal")) {
            assertEquals(Outcome.FAIL, w.outcome(), w.label() + ": " + w.reason());
            assertTrue(w.reason().contains("the server's fast-path answer to the client and every fast-path message it "
                    + "sends after it"), w.reason());
        }
    }
}
