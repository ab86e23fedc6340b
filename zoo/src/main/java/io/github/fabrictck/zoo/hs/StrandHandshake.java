package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A per-peer strand handshake. Every peer has its own single-thread {@link ThreadPoolExecutor}
 * (a "strand", its worker from the context's thread factory) that owns that peer's whole state: the
 * application's {@code send}, every wire message from the peer and the peer's hello timer only submit a
 * step to the strand, so no state is ever shared between threads and there is no lock. The receive
 * threads and the application never wait.
 *
 * <p>Protocol: a hello request carries the versions the sender speaks (4 bytes each); the answer names
 * the highest common one. Only a hello response makes a peer up to date; a request from a peer we never
 * contacted makes us send our own request too. Data from a peer that is not up to date is parked on its
 * strand and delivered, in order, in the step that makes it up to date. One hello timer per peer
 * ({@link #HELLO_MS} on the context's scheduler) retransmits the request while the peer is waiting, up to
 * {@link #MAX_RETRIES} times.
 *
 * <p>The broken twin arms a hello timer for every message queued behind the handshake instead of one per
 * peer (LU-17838): two sends in the same instant time out together and put two hello requests in flight.
 */
final class StrandHandshake implements HandshakeEndpoint {

    static final long HELLO_MS = 1_000;
    static final int MAX_RETRIES = 10;

    private enum Phase { NEW, HELLO_SENT, UP }

    /** One peer: its strand and the state only that strand touches. */
    private final class Peer {
        final PeerId id;
        final java.util.concurrent.ExecutorService strand;
        // ---- strand only
        Phase phase = Phase.NEW;
        int version;
        final ArrayDeque<byte[]> unsent = new ArrayDeque<>();
        final ArrayDeque<byte[]> parked = new ArrayDeque<>();
        final List<ScheduledFuture<?>> timers = new ArrayList<>();
        int retries;
        /** What {@code negotiatedVersion} reads from other threads. */
        volatile int versionSeen;

        Peer(PeerId id) {
            this.id = id;
            this.strand = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), threads);
        }

        void step(Runnable r) {
            if (closed) {
                return;
            }
            strand.execute(() -> {
                if (!closed) {
                    r.run();
                }
            });
        }
    }

    private final Fabric fabric;
    private final ScheduledExecutorService scheduler;
    private final java.util.concurrent.ThreadFactory threads;
    private final boolean timerPerMessage;
    private final ConcurrentHashMap<PeerId, Peer> peers = new ConcurrentHashMap<>();
    private volatile boolean closed;

    StrandHandshake(DriverContext context, Fabric fabric, boolean timerPerMessage) {
        this.fabric = fabric;
        this.scheduler = context.scheduler();
        this.threads = context.threadFactory();
        this.timerPerMessage = timerPerMessage;
    }

    private Peer peer(PeerId id) {
        return peers.computeIfAbsent(id, Peer::new);
    }

    @Override
    public void send(PeerId to, byte[] message) {
        Peer p = peer(to);
        p.step(() -> {
            if (p.phase == Phase.UP) {
                fabric.transmit(p.id, WireMessage.data(message));
                return;
            }
            p.unsent.add(message);
            if (p.phase == Phase.NEW) {
                sendHello(p);
                armTimer(p);
            } else if (timerPerMessage) {
                armTimer(p);
            }
        });
    }

    @Override
    public void onReceive(PeerId from, WireMessage message) {
        Peer p = peer(from);
        p.step(() -> {
            switch (message.kind()) {
                case HELLO_REQUEST -> {
                    int v = choose(message.payload());
                    fabric.transmit(p.id, new WireMessage(WireMessage.Kind.HELLO_RESPONSE, v, new byte[0]));
                    if (p.phase == Phase.NEW) {
                        sendHello(p);
                        armTimer(p);
                    }
                }
                case HELLO_RESPONSE -> {
                    if (p.phase != Phase.UP && message.version() != 0) {
                        up(p, message.version());
                    }
                }
                case DATA -> {
                    if (p.phase == Phase.UP) {
                        fabric.deliver(p.id, message.payload());
                    } else {
                        p.parked.add(message.payload());
                    }
                }
            }
        });
    }

    private void sendHello(Peer p) {
        p.phase = Phase.HELLO_SENT;
        List<Integer> versions = fabric.versions();
        ByteBuffer b = ByteBuffer.allocate(4 * versions.size());
        versions.forEach(b::putInt);
        fabric.transmit(p.id, new WireMessage(WireMessage.Kind.HELLO_REQUEST, versions.get(versions.size() - 1), b.array()));
    }

    private void armTimer(Peer p) {
        ScheduledFuture<?>[] self = new ScheduledFuture<?>[1];
        self[0] = scheduler.schedule(() -> p.step(() -> onTimer(p, self[0])), HELLO_MS, TimeUnit.MILLISECONDS);
        p.timers.add(self[0]);
    }

    private void onTimer(Peer p, ScheduledFuture<?> which) {
        p.timers.remove(which);
        if (p.phase != Phase.HELLO_SENT || p.retries >= MAX_RETRIES) {
            return;
        }
        p.retries++;
        sendHello(p);
        armTimer(p);
    }

    private void up(Peer p, int version) {
        p.phase = Phase.UP;
        p.version = version;
        p.versionSeen = version;
        p.timers.forEach(t -> t.cancel(false));
        p.timers.clear();
        while (!p.unsent.isEmpty()) {
            fabric.transmit(p.id, WireMessage.data(p.unsent.poll()));
        }
        while (!p.parked.isEmpty()) {
            fabric.deliver(p.id, p.parked.poll());
        }
    }

    private int choose(byte[] theirs) {
        ByteBuffer b = ByteBuffer.wrap(theirs);
        int best = 0;
        while (b.remaining() >= 4) {
            int v = b.getInt();
            if (v > best && fabric.versions().contains(v)) {
                best = v;
            }
        }
        return best;
    }

    @Override
    public int negotiatedVersion(PeerId peer) {
        Peer p = peers.get(peer);
        if (p == null) {
            return 0;
        }
        return p.versionSeen;
    }

    @Override
    public void close() {
        closed = true;
        peers.values().forEach(p -> p.strand.shutdown());
    }
}
