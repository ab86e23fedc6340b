package io.github.fabrictck.sim;

import io.github.fabrictck.engine.FixtureAgent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.engine.WindowRun;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A thread an exploration keeps from one schedule to the next starts the next as a new thread would:
 * nothing a driver left on it in the last schedule (a thread-local, its name, its priority) is there.
 */
class AppThreadRenewTest {

    private static final ThreadLocal<String> CACHE = new ThreadLocal<>();
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final WindowRun run = WindowRun.start(Duration.ofSeconds(1));

    @BeforeAll
    static void agent() {
        // the agent opens java.lang to the kit, which clears a kept thread's thread-locals with it
        FixtureAgent.attach();
    }

    @AfterEach
    void stop() {
        run.finish();
    }

    @Test
    void aRenewedThreadHasNoThreadLocalNameOrPriorityTheLastScheduleLeft() throws Exception {
        AppThread app = new AppThread(run, "app");
        try {
            int priority = app.thread().getPriority();
            app.submit("a driver's call", () -> {
                CACHE.set("the last schedule's");
                Thread.currentThread().setName("renamed by the driver");
                Thread.currentThread().setPriority(Thread.MIN_PRIORITY);
                return null;
            }).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

            assertTrue(app.renewWithin(WAIT));
            Object[] seen = app.submit("the next schedule's call", () -> new Object[] {CACHE.get(),
                    Thread.currentThread().getName(), Thread.currentThread().getPriority()})
                    .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            assertNull(seen[0], "the thread-local the last schedule set is gone");
            assertEquals("app", seen[1]);
            assertEquals(priority, seen[2]);
        } finally {
            app.close();
        }
    }

    @Test
    void aThreadACallLeftInterruptedIsNotKept() throws Exception {
        AppThread app = new AppThread(run, "app");
        try {
            app.submit("a driver's call that leaves the thread interrupted", () -> {
                Thread.currentThread().interrupt();
                return null;
            }).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            assertFalse(app.renewWithin(WAIT), "a new thread would not start interrupted");
        } finally {
            app.close();
        }
    }
}
