package io.github.fabrictck.engine;

import java.util.List;
import net.bytebuddy.agent.ByteBuddyAgent;

/**
 * The agent of the tests that run the fixtures as driver code: installed once per JVM before a test's first use of
 * the engine (which reads the JDK fields the agent opens as it loads), rewriting {@code io.github.fabrictck.fixtures}.
 */
public final class FixtureAgent {

    private FixtureAgent() {
    }

    /** Installs the agent for the fixtures' package (again is harmless). */
    public static void attach() {
        Agent.install(ByteBuddyAgent.install(), new AgentConfig(List.of(), List.of("io.github.fabrictck.fixtures")));
    }
}
