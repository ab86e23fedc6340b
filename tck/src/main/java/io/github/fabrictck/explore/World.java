package io.github.fabrictck.explore;

import java.util.List;
import java.util.Optional;

/**
 * A family's scenario as the scheduler sees it: the environment's enabled actions and the oracles
 * that judge every state the schedule reaches.
 */
public interface World {

    /** Starts the scenario's application calls; called once the scheduler is in charge, so none runs ahead of it. */
    void start();

    /** The environment's actions enabled now, each starting with {@link Controller#ENV}, in a fixed order. */
    List<String> actions();

    /**
     * The environment's actions enabled now, knowing which driver threads are stopped at a point (by
     * name, as the options list them): a world whose actions depend on what else can run (the driver's
     * timers, which may be late only while something else runs) says so here; by default {@link #actions()}.
     */
    default List<String> actions(List<String> stopped) {
        return actions();
    }

    /** Carries out one of {@link #actions()}. */
    void act(String action);

    /** A broken rule seen in any state (a use after destroy, a handler exception), or empty. */
    Optional<Failure> judgeAnyState();

    /**
     * A broken rule when every driver thread is idle (nothing runs until the environment acts), or empty.
     *
     * @param stuck the stuck detector's finding, when there is one
     */
    Optional<Failure> judgeIdle(Optional<String> stuck);

    /**
     * Nothing else can happen (every thread idle, no action enabled): whether the environment's own
     * time ended a timed wait of the driver's that the scenario still waits for (a timed
     * {@code getCqEvent} on the device while {@code close()} waits for that thread, as the scripted
     * windows let the device's time pass at teardown). If so, the schedule goes on. By default no.
     */
    default boolean passTime() {
        return false;
    }

    /**
     * A schedule that cannot end: for {@code decisions} decisions one driver thread, {@code runner}, was the
     * only one offered a turn (so the scheduler starved no other) and it took them, passing points without
     * ending or waiting for anything. A scenario call that waits for it (a {@code close()} that joins it)
     * is the driver's bug, named here; by default empty, and the schedule is the kit's ERROR (a driver that
     * spin-polls).
     */
    default Optional<Failure> judgeEndless(String runner, int decisions) {
        return Optional.empty();
    }

    /** A broken rule once nothing is left to do (every thread idle, no action enabled), or empty. */
    Optional<Failure> judgeEnd();

    /**
     * An oracle's finding.
     *
     * @param invariant the invariant broken, as the catalog words it
     * @param details   what was seen
     */
    record Failure(String invariant, String details) {
    }
}
