package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fabrictck.report.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The trace is bounded, but the events that carry a verdict's evidence are kept past the bound: an exploration whose
 * failing schedule had 20,000 decisions lost its schedule file and its "window opened" sentence before.
 */
class TraceTest {

    @Test
    void evidenceIsKeptPastTheLimitAndTheDroppedEventsAreCounted() {
        Trace trace = new Trace();
        for (int i = 0; i < Trace.LIMIT + 5; i++) {
            trace.add("driver", "point " + i, null);
        }
        trace.addAlways("kit", "window opened: 1 schedule(s)", null);
        List<TraceEvent> events = trace.events();
        assertEquals(Trace.LIMIT + 2, events.size());
        assertEquals("point " + (Trace.LIMIT - 1), events.get(Trace.LIMIT - 1).event());
        assertEquals("window opened: 1 schedule(s)", events.get(Trace.LIMIT).event());
        assertEquals("5 further events not recorded", events.get(Trace.LIMIT + 1).event());
    }
}
