package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The kfilnd exchange run entirely on the context's scheduler: {@code send} and {@code onReceive}
 * hand their work to {@code DriverContext.scheduler().execute}, so the caller's thread never runs
 * protocol code (the application and the receive threads return at once); every method is
 * {@code synchronized}, transmits included. One hello timer per peer ({@code schedule}, one-shot,
 * armed again when it fires).
 *
 * <p>{@code inline}: the same code with {@code send} and {@code onReceive} doing their work on the
 * caller's thread: a plain endpoint of {@code synchronized} methods, transmits and deliveries inside
 * the monitor.
 *
 * <p>The broken twin ({@code perMessage}) arms the hello timer per queued message (LU-17838): two
 * sends that wait for the same hello time out together and each retransmits a request.
 */
class ExecutorHandshake implements HandshakeEndpoint {

    static final long HELLO_TIMEOUT_MS = 1000;
    static final int RETRIES = 10;

    private static final class Peer {
        boolean requested;
        boolean up;
        int version;
        final List<ScheduledFuture<?>> timers = new ArrayList<>();
        final ArrayDeque<byte[]> unsent = new ArrayDeque<>();
        final ArrayDeque<byte[]> early = new ArrayDeque<>();
    }

    private final Fabric fabric;
    private final ScheduledExecutorService scheduler;
    private final boolean perMessage;
    /** Whether {@code send} and {@code onReceive} do their work on the caller's thread instead of the scheduler's. */
    private final boolean inline;
    private final Map<PeerId, Peer> peers = new HashMap<>();
    private boolean closed;

    ExecutorHandshake(DriverContext context, Fabric fabric, boolean perMessage, boolean inline) {
        this.fabric = fabric;
        this.scheduler = context.scheduler();
        this.perMessage = perMessage;
        this.inline = inline;
    }

    @Override
    public void send(PeerId to, byte[] message) {
        if (inline) {
            doSend(to, message);
        } else {
            scheduler.execute(() -> doSend(to, message));
        }
    }

    @Override
    public void onReceive(PeerId from, WireMessage message) {
        if (inline) {
            doReceive(from, message);
        } else {
            scheduler.execute(() -> doReceive(from, message));
        }
    }

    private synchronized void doSend(PeerId to, byte[] message) {
        if (closed) {
            return;
        }
        Peer p = peers.computeIfAbsent(to, k -> new Peer());
        if (p.up) {
            fabric.transmit(to, WireMessage.data(message));
            return;
        }
        p.unsent.add(message);
        request(to, p);
        if (perMessage) {
            arm(to, p, 0); // the bug: a hello timer per waiting message
        }
    }

    private synchronized void doReceive(PeerId from, WireMessage message) {
        if (closed) {
            return;
        }
        Peer p = peers.computeIfAbsent(from, k -> new Peer());
        switch (message.kind()) {
            case HELLO_REQUEST -> {
                fabric.transmit(from, Hello.response(Hello.choose(fabric, message)));
                if (!p.up) {
                    request(from, p);
                }
            }
            case HELLO_RESPONSE -> {
                if (!p.up && message.version() != 0) {
                    p.up = true;
                    p.version = message.version();
                    p.timers.forEach(t -> t.cancel(false));
                    p.timers.clear();
                    while (!p.unsent.isEmpty()) {
                        fabric.transmit(from, WireMessage.data(p.unsent.poll()));
                    }
                    while (!p.early.isEmpty()) {
                        fabric.deliver(from, p.early.poll());
                    }
                }
            }
            case DATA -> {
                if (p.up) {
                    fabric.deliver(from, message.payload());
                } else {
                    p.early.add(message.payload());
                }
            }
        }
    }

    private void request(PeerId id, Peer p) {
        if (!p.requested) {
            p.requested = true;
            fabric.transmit(id, Hello.request(fabric));
            if (!perMessage) {
                arm(id, p, 0);
            }
        }
    }

    private void arm(PeerId id, Peer p, int retries) {
        ScheduledFuture<?>[] self = new ScheduledFuture<?>[1];
        self[0] = scheduler.schedule(() -> onTimer(id, p, self[0], retries), HELLO_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        p.timers.add(self[0]);
    }

    private synchronized void onTimer(PeerId id, Peer p, ScheduledFuture<?> timer, int retries) {
        p.timers.remove(timer);
        if (closed || p.up || retries >= RETRIES) {
            return;
        }
        fabric.transmit(id, Hello.request(fabric));
        arm(id, p, retries + 1);
    }

    @Override
    public synchronized int negotiatedVersion(PeerId peer) {
        Peer p = peers.get(peer);
        return p != null && p.up ? p.version : 0;
    }

    @Override
    public synchronized void close() {
        closed = true;
        peers.values().forEach(p -> p.timers.forEach(t -> t.cancel(false)));
        peers.clear();
    }
}
