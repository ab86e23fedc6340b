package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForkAftermathTest {

    private static final WindowResult DONE = new WindowResult("CQ-1", "a", "lost final completion", "completion-queue",
            Outcome.PASS, 12, null, List.of(), Evidence.none(), "mvn x", List.of());

    private static Result killedDuring(String running) {
        return new Result(Result.SCHEMA, "1", new Result.DriverInfo("d", "1"), new Result.JvmInfo("17", "v"), false,
                running, List.of(DONE));
    }

    @Test
    void theWindowInProgressBecomesAnErrorAndEveryVerdictReachedIsKept() {
        Result r = ForkAftermath.interrupted(killedDuring("CQ-1/b"), "the fork was killed after 600 s", "mvn p:run");
        assertFalse(r.complete());
        assertEquals(2, r.windows().size());
        assertEquals(DONE, r.windows().get(0));
        WindowResult b = r.windows().get(1);
        assertEquals("CQ-1/b", b.label());
        assertEquals(Outcome.ERROR, b.outcome());
        assertEquals("the fork was killed after 600 s while this window ran", b.reason());
        assertEquals("lost final completion (the waiter held on its way from its last poll to blocking)", b.title());
        assertEquals("completion-queue", b.family());
        assertEquals("mvn p:run -Dfabric-tck.driver=d -Dfabric-tck.windows=CQ-1/b", b.reproduce());
    }

    @Test
    void withNoWindowInProgressOnlyTheRunIsMarkedIncomplete() {
        Result r = ForkAftermath.interrupted(killedDuring(null), "the fork exited with code 3", "mvn p:run");
        assertEquals(List.of(DONE), r.windows());
        assertFalse(r.complete());
    }
}
