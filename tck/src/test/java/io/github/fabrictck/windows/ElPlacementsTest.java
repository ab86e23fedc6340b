package io.github.fabrictck.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fabrictck.engine.Hit;
import io.github.fabrictck.engine.Point;
import io.github.fabrictck.sim.SimulatedRing;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where EL-2 holds the loop's side of the race: its way back to its wait, and the driver's other threads. */
class ElPlacementsTest {

    private static Hit hit(String thread, Point.Kind kind, String target, String at) {
        return new Hit(thread, new Point(kind, target, at), false, 0);
    }

    @Test
    void theLoopsSideIsItsWayBackToItsWaitAndEveryPointOfATimerThatCarriesItsWakeup() {
        String wait = "Loop.await(Loop.java:9)";
        List<Hit> hits = List.of(
                hit("app", Point.Kind.SPI_ENTRY, "Loop.execute", "Loop.execute(Loop.java:3)"),
                hit("driver-1", Point.Kind.VOLATILE_WRITE, "Loop.sleeping", "Loop.run(Loop.java:7)"),
                hit("driver-1", Point.Kind.ENVIRONMENT_CALL, "Ring.enter", wait),
                hit("driver-1", Point.Kind.ENVIRONMENT_CALL, "Ring.poll", "Loop.await(Loop.java:10)"),
                // a timer of the context's scheduler: it never waits in the ring, and it is the loop's wakeup
                hit("driver-2", Point.Kind.SYNC_CALL, "AtomicBoolean.compareAndSet", "Loop.wake(Loop.java:20)"),
                hit("driver-2", Point.Kind.SYNC_CALL, "AtomicBoolean.set", "Loop.wake(Loop.java:21)"));
        Map<String, SimulatedRing.FirstWait> waits = Map.of("driver-1", new SimulatedRing.FirstWait(wait, -1));
        assertEquals(List.of("driver-1 Loop.sleeping", "driver-1 Ring.enter", "driver-2 AtomicBoolean.compareAndSet",
                "driver-2 AtomicBoolean.set"), EL2TaskWhileDecidingToBlock.loopSide(hits, waits).stream()
                .map(h -> h.thread() + " " + h.point().target()).toList());
    }
}
