package io.github.fabrictck.windows;

import static org.awaitility.Awaitility.await;

import io.github.fabrictck.engine.Hold;
import io.github.fabrictck.engine.Match;
import io.github.fabrictck.engine.ThreadDump;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;

/**
 * What a window's test method is given: the simulated environment with the driver opened on it,
 * and the script steps every family shares.
 */
abstract class WindowFixture implements AutoCloseable {

    protected final WindowRun run;
    protected final Session session;

    WindowFixture(WindowRun run, Session session) {
        this.run = run;
        this.session = session;
    }

    /** The engine's run of this window. */
    public WindowRun run() {
        return run;
    }

    /** The run's session: the driver, its settings, bounds and timeouts. */
    Session session() {
        return session;
    }

    /** The classes of the driver's endpoints, which the agent must have rewritten. */
    abstract List<String> driverClassNames();

    /** Closes the driver's endpoints and the environment; never throws. */
    @Override
    public abstract void close();

    /**
     * Called once the window is over and closed, with whether it PASSed with nothing the kit could not accept
     * ({@code clean}): what a window learnt that another may rely on (a sweep it ran) is shared only then.
     */
    void judged(boolean clean) {
    }

    /** Places a hold on a point of the driver. */
    public Hold hold(String name, io.github.fabrictck.engine.PointMatcher match) {
        return run.hold(name, match);
    }

    /**
     * Waits for a hold to catch its thread; ERROR if it never does, at once if the driver's threads
     * deadlock or the driver tries to end the JVM meanwhile.
     */
    public Hold reached(Hold hold) {
        awaitScript(hold.name(), hold::isReached, "the point was never reached: " + hold.name());
        return hold;
    }

    /**
     * Waits until a script condition holds; ERROR (the window could not be forced) if it never does,
     * at once if the driver's threads deadlock or the driver tries to end the JVM meanwhile.
     */
    public void awaitScript(String condition, BooleanSupplier holds) {
        awaitScript(condition, holds, "the window could not be forced: \"" + condition + "\"");
    }

    private void awaitScript(String condition, BooleanSupplier holds, String what) {
        try {
            await(condition).atMost(session.pointTimeout()).pollInSameThread().pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(1))
                    .failFast("the driver deadlocked or did what the kit cannot judge around",
                            () -> run.misuse() != null || ThreadDump.deadlock(run.threads()) != null)
                    .until(holds::getAsBoolean);
        } catch (ConditionTimeoutException e) {
            throw new WindowNotOpened(what + " did not happen within " + session.pointTimeout().toMillis() + " ms");
        } catch (TerminalFailureException e) {
            throw new WindowNotOpened(what + " cannot happen: " + (run.misuse() != null ? run.misuse()
                    : "the driver's threads deadlocked"));
        }
    }
}
