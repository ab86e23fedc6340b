package io.github.fabrictck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PctTest {

    private static final List<String> OPTIONS = List.of("app", "device-interrupt", "env: send 1 completes");

    @Test
    void onlyAChoiceWhoseNextStepRacesWithTheEnvironmentIsCounted() {
        // threads at their locks and SPI entries, no environment action: no choice counts
        Pct pct = new Pct(7, Pct.DEFAULT_DEPTH, 10);
        for (int step = 0; step < 50; step++) {
            pct.choose(List.of("app", "device-interrupt"), List.of("at enter Endpoint.send", "at sync synchronized"), step);
        }
        assertEquals(0, pct.counted(50));
        // one option alone is no choice: never counted
        Pct alone = new Pct(7, Pct.DEFAULT_DEPTH, 10);
        for (int step = 0; step < 20; step++) {
            alone.choose(List.of("app"), List.of("at call QueuePair.postSend"), step);
        }
        assertEquals(0, alone.counted(20));
        // every step a call into the environment: every choice counts
        Pct calls = new Pct(7, Pct.DEFAULT_DEPTH, 10);
        List<String> steps = List.of("at call CompletionQueue.poll", "at call CompletionQueue.requestNotify",
                "env: send 1 completes");
        for (int step = 0; step < 20; step++) {
            calls.choose(OPTIONS, steps, step);
        }
        assertEquals(20, calls.counted(20));
    }

    @Test
    void aThreadThatNeverBlocksDropsBelowTheOthersAfterAThousandTurns() {
        for (long seed = 0; seed < 20; seed++) {
            Pct pct = new Pct(seed, Pct.DEFAULT_DEPTH, 10);
            List<String> options = List.of("helper", "env: a spurious event");
            List<String> steps = List.of("at sync Thread.yield", "env: a spurious event");
            int first = pct.choose(options, steps, 0);
            int run = 1;
            int step = 1;
            while (step < 5_000 && pct.choose(options, steps, step) == first) {
                run++;
                step++;
            }
            assertTrue(run <= Pct.STARVING, "seed " + seed + ": " + options.get(first) + " ran " + run + " turns in a row");
        }
    }

    @Test
    void theSameSeedMakesTheSameChoices() {
        List<String> steps = List.of("at call CompletionQueue.poll", "at sync synchronized", "env: send 1 completes");
        Pct a = new Pct(42, Pct.DEFAULT_DEPTH, 5);
        Pct b = new Pct(42, Pct.DEFAULT_DEPTH, 5);
        for (int step = 0; step < 30; step++) {
            assertEquals(a.choose(OPTIONS, steps, step), b.choose(OPTIONS, steps, step));
        }
    }
}
