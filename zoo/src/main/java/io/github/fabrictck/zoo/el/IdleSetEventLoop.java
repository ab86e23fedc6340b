package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.Ring;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An event-loop group's idle set (an unseen vendor's design): a loop about to sleep puts itself into the group's
 * {@code ConcurrentHashMap.newKeySet()} (the group also uses it to place new channels on idle loops); a waker, its
 * task added, takes the loop out of the set and writes the eventfd when it was the one to take it out ({@code remove}
 * returns true for one caller only: a test-and-clear without an atomic of its own). With {@code lookFirst}
 * ({@code zoo-el-idle-set-broken}) the only step between the look at the queue and the announcement is the key set's
 * {@code add}, both lock-free and linearizable.
 */
final class IdleSetEventLoop extends AnnouncingEventLoop {

    /** The group's idle loops (one group per JVM here). */
    static final Set<IdleSetEventLoop> IDLE = ConcurrentHashMap.newKeySet();

    IdleSetEventLoop(DriverContext context, Ring ring, boolean lookFirst) {
        super(ring, lookFirst);
        start(context);
    }

    @Override
    void announce() {
        IDLE.add(this);
    }

    @Override
    boolean claim() {
        return IDLE.remove(this);
    }

    @Override
    void retract() {
        IDLE.remove(this);
    }
}
