package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The kfilnd exchange (every request answered, a request from a new peer answered with one of our
 * own, only a response makes a peer up to date, early data kept and replayed) whose hello timeouts
 * are checked by one periodic housekeeping tick of the endpoint ({@code scheduleAtFixedRate},
 * {@value #TICK_MS} ms, started when the endpoint opens), as LNet's connd/monitor threads do: on
 * each tick every hello request older than {@value #HELLO_TIMEOUT_MS} ms is retransmitted.
 * State under a {@link ReentrantLock}; transmits after releasing it.
 *
 * <p>The broken twin ({@code perMessage}) keeps the deadline per queued message instead of per
 * peer, so two messages queued in the same instant expire on the same tick and each retransmits a
 * hello request: LU-17838 in tick form.
 */
class TickHandshake implements HandshakeEndpoint {

    static final long TICK_MS = 200;
    static final long HELLO_TIMEOUT_MS = 1000;
    static final int RETRIES = 10;

    private static final class Queued {
        final byte[] message;
        long deadline;

        Queued(byte[] message, long deadline) {
            this.message = message;
            this.deadline = deadline;
        }
    }

    private static final class Peer {
        boolean requested;
        boolean up;
        int version;
        long deadline;
        int retries;
        final ArrayDeque<Queued> unsent = new ArrayDeque<>();
        final ArrayDeque<byte[]> early = new ArrayDeque<>();
    }

    private final Fabric fabric;
    private final Clock clock;
    private final boolean perMessage;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<PeerId, Peer> peers = new HashMap<>();
    private final ScheduledFuture<?> tick;
    private boolean closed;

    TickHandshake(DriverContext context, Fabric fabric, boolean perMessage) {
        this.fabric = fabric;
        this.clock = context.clock();
        this.perMessage = perMessage;
        this.tick = context.scheduler().scheduleAtFixedRate(this::onTick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void send(PeerId to, byte[] message) {
        List<Runnable> after = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                return;
            }
            Peer p = peers.computeIfAbsent(to, k -> new Peer());
            if (p.up) {
                after.add(() -> fabric.transmit(to, WireMessage.data(message)));
            } else {
                p.unsent.add(new Queued(message, clock.millis() + HELLO_TIMEOUT_MS));
                request(to, p, after);
            }
        } finally {
            lock.unlock();
        }
        after.forEach(Runnable::run);
    }

    @Override
    public void onReceive(PeerId from, WireMessage message) {
        List<Runnable> after = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                return;
            }
            Peer p = peers.computeIfAbsent(from, k -> new Peer());
            switch (message.kind()) {
                case HELLO_REQUEST -> {
                    WireMessage answer = Hello.response(Hello.choose(fabric, message));
                    after.add(() -> fabric.transmit(from, answer));
                    if (!p.up) {
                        request(from, p, after);
                    }
                }
                case HELLO_RESPONSE -> {
                    if (!p.up && message.version() != 0) {
                        p.up = true;
                        p.version = message.version();
                        for (Queued q : p.unsent) {
                            after.add(() -> fabric.transmit(from, WireMessage.data(q.message)));
                        }
                        for (byte[] m : p.early) {
                            after.add(() -> fabric.deliver(from, m));
                        }
                        p.unsent.clear();
                        p.early.clear();
                    }
                }
                case DATA -> {
                    if (p.up) {
                        after.add(() -> fabric.deliver(from, message.payload()));
                    } else {
                        p.early.add(message.payload());
                    }
                }
            }
        } finally {
            lock.unlock();
        }
        after.forEach(Runnable::run);
    }

    /** Under the lock: our hello request goes out unless one already did. */
    private void request(PeerId id, Peer p, List<Runnable> after) {
        if (!p.requested) {
            p.requested = true;
            p.deadline = clock.millis() + HELLO_TIMEOUT_MS;
            after.add(() -> fabric.transmit(id, Hello.request(fabric)));
        }
    }

    /** The housekeeping tick: retransmits every hello request whose timeout passed. */
    private void onTick() {
        List<Runnable> after = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                return;
            }
            long now = clock.millis();
            peers.forEach((id, p) -> {
                if (!p.requested || p.up || p.retries >= RETRIES) {
                    return;
                }
                if (perMessage) {
                    for (Queued q : p.unsent) { // the bug: one retry per expired message
                        if (q.deadline <= now) {
                            q.deadline = now + HELLO_TIMEOUT_MS;
                            p.retries++;
                            after.add(() -> fabric.transmit(id, Hello.request(fabric)));
                        }
                    }
                } else if (p.deadline <= now) {
                    p.deadline = now + HELLO_TIMEOUT_MS;
                    p.retries++;
                    after.add(() -> fabric.transmit(id, Hello.request(fabric)));
                }
            });
        } finally {
            lock.unlock();
        }
        after.forEach(Runnable::run);
    }

    @Override
    public int negotiatedVersion(PeerId peer) {
        lock.lock();
        try {
            Peer p = peers.get(peer);
            return p != null && p.up ? p.version : 0;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            peers.clear();
        } finally {
            lock.unlock();
        }
        tick.cancel(false);
    }
}
