package io.github.fabrictck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A passing exploration that the time budget ended early says so, with how many schedules ran of how many. */
class ExplorationBudgetTest {

    private static final Exploration.Trial PASSING = (scheduler, seed) -> new Controller.Outcome(List.of("app"), seed, null);

    @Test
    void aTimeBudgetSpentBeforeTheSchedulesIsNamed() {
        // a budget already spent before the first schedule ends: one schedule runs, then time is up
        Exploration.Settings s = new Exploration.Settings("pct", 10, Duration.ofNanos(-1), 0, null, 0);
        Exploration.Report r = Exploration.explore(s, PASSING);
        assertEquals(1, r.ran());
        assertTrue(r.cutByTime(s));
        assertTrue(r.describe(s).contains("the time budget ended it after 1 of the 10 schedules asked"), r.describe(s));
    }

    @Test
    void aBudgetInSchedulesSpentIsNotACut() {
        Exploration.Settings s = new Exploration.Settings("pct", 3, Duration.ofDays(1), 0, null, 0);
        Exploration.Report r = Exploration.explore(s, PASSING);
        assertEquals(3, r.ran());
        assertFalse(r.cutByTime(s));
        assertFalse(r.describe(s).contains("time budget"), r.describe(s));
    }
}
