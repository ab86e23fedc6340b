package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import io.github.fabrictck.spi.hs.WireMessage.Kind;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;

/**
 * A control-thread handshake: one thread per endpoint owns every peer's link state; the
 * application, the fabric's receive threads and the hello timers hand it commands through a
 * {@link SynchronousQueue}, a rendezvous, so a command is handed over only when the control thread
 * is ready for it. Nothing but the control thread reads or writes a {@link Link}; the negotiated
 * versions are published as an immutable snapshot.
 *
 * <p>{@code rejectCrossingHello} is the broken twin: while its own hello is out it refuses a peer's, so two peers
 * whose hellos cross refuse each other and retry in lock-step for ever (HS-4).
 */
final class ControlThreadHandshake implements HandshakeEndpoint {

    static final long HELLO_TIMEOUT_MS = 1_000;

    private sealed interface Command permits Outgoing, Incoming, HelloTimer, Shutdown {
    }

    private record Outgoing(PeerId to, byte[] message) implements Command {
    }

    private record Incoming(PeerId from, WireMessage message) implements Command {
    }

    private record HelloTimer(PeerId peer, int attempt) implements Command {
    }

    private record Shutdown() implements Command {
    }

    /** A peer's link; owned by the control thread. */
    private static final class Link {
        boolean up;
        int version;
        int attempt;
        ScheduledFuture<?> helloTimer;
        final ArrayDeque<byte[]> outbound = new ArrayDeque<>();
        final ArrayDeque<byte[]> inbound = new ArrayDeque<>();
    }

    private final DriverContext context;
    private final Fabric fabric;
    private final boolean rejectCrossingHello;
    private final BlockingQueue<Command> inbox;
    private final Map<PeerId, Link> links = new HashMap<>();
    private final Thread control;
    private volatile Map<PeerId, Integer> published = Map.of();
    private volatile boolean closed;

    ControlThreadHandshake(DriverContext context, Fabric fabric, boolean rejectCrossingHello) {
        this.inbox = new SynchronousQueue<>();
        this.context = context;
        this.fabric = fabric;
        this.rejectCrossingHello = rejectCrossingHello;
        this.control = context.threadFactory().newThread(this::controlLoop);
        this.control.setName("hs-control-" + fabric.self());
        this.control.start();
    }

    @Override
    public void send(PeerId to, byte[] message) {
        hand(new Outgoing(to, message));
    }

    @Override
    public void onReceive(PeerId from, WireMessage message) {
        hand(new Incoming(from, message));
    }

    @Override
    public int negotiatedVersion(PeerId peer) {
        return published.getOrDefault(peer, 0);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            inbox.put(new Shutdown());
            control.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void hand(Command c) {
        if (closed) {
            return;
        }
        try {
            inbox.put(c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- everything below runs on the control thread only ----

    private void controlLoop() {
        try {
            while (true) {
                Command c = inbox.take();
                if (c instanceof Shutdown) {
                    break;
                } else if (c instanceof Outgoing o) {
                    outgoing(o.to(), o.message());
                } else if (c instanceof Incoming i) {
                    incoming(i.from(), i.message());
                } else if (c instanceof HelloTimer t) {
                    helloTimer(t.peer(), t.attempt());
                }
            }
        } catch (InterruptedException e) {
            // endpoint torn down
        } finally {
            for (Link l : links.values()) {
                if (l.helloTimer != null) {
                    l.helloTimer.cancel(false);
                }
            }
        }
    }

    private void outgoing(PeerId to, byte[] message) {
        Link l = links.get(to);
        if (l == null) {
            l = open(to);
        }
        if (l.up) {
            fabric.transmit(to, WireMessage.data(message));
        } else {
            l.outbound.add(message);
        }
    }

    private void incoming(PeerId from, WireMessage m) {
        Link l = links.get(from);
        switch (m.kind()) {
            case HELLO_REQUEST -> {
                if (rejectCrossingHello && l != null && !l.up) {
                    // our own hello is out: refuse theirs so only one session gets set up
                    fabric.transmit(from, new WireMessage(Kind.HELLO_RESPONSE, 0, new byte[0]));
                    return;
                }
                fabric.transmit(from, new WireMessage(Kind.HELLO_RESPONSE, highestCommon(m.payload()), new byte[0]));
                if (l == null) {
                    open(from);
                }
            }
            case HELLO_RESPONSE -> {
                if (l == null || l.up || m.version() == 0) {
                    return; // duplicate answer or refusal: the hello timer retries
                }
                l.up = true;
                l.version = m.version();
                if (l.helloTimer != null) {
                    l.helloTimer.cancel(false);
                    l.helloTimer = null;
                }
                Map<PeerId, Integer> next = new HashMap<>(published);
                next.put(from, l.version);
                published = Map.copyOf(next);
                while (!l.outbound.isEmpty()) {
                    fabric.transmit(from, WireMessage.data(l.outbound.poll()));
                }
                while (!l.inbound.isEmpty()) {
                    fabric.deliver(from, l.inbound.poll());
                }
            }
            case DATA -> {
                if (l == null) {
                    l = open(from);
                }
                if (l.up) {
                    fabric.deliver(from, m.payload());
                } else {
                    l.inbound.add(m.payload());
                }
            }
        }
    }

    private void helloTimer(PeerId peer, int attempt) {
        Link l = links.get(peer);
        if (l != null && !l.up && l.attempt == attempt) {
            sendHello(peer, l);
        }
    }

    private Link open(PeerId peer) {
        Link l = new Link();
        links.put(peer, l);
        sendHello(peer, l);
        return l;
    }

    private void sendHello(PeerId peer, Link l) {
        l.attempt++;
        int attempt = l.attempt;
        fabric.transmit(peer, new WireMessage(Kind.HELLO_REQUEST, highest(), encodeVersions()));
        l.helloTimer = context.scheduler().schedule(() -> hand(new HelloTimer(peer, attempt)),
                HELLO_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    }

    private int highest() {
        return fabric.versions().get(fabric.versions().size() - 1);
    }

    private byte[] encodeVersions() {
        byte[] b = new byte[fabric.versions().size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (int) fabric.versions().get(i);
        }
        return b;
    }

    private int highestCommon(byte[] theirs) {
        int best = 0;
        for (byte t : theirs) {
            if (fabric.versions().contains((int) t) && t > best) {
                best = t;
            }
        }
        return best;
    }
}
