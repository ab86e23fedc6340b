package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A one-sided hello whose connection race is broken by a coin flip, run by one event-loop thread
 * (from the context's factory) that owns every piece of state and takes its work from a queue:
 * {@code send}, {@code onReceive} and the timers only enqueue. Every request carries a random
 * nonce; the answer to a request makes the answerer up to date (the request listed every version).
 * When requests cross, the higher nonce wins: its sender's request is answered, the other is
 * rejected (a response of version 0). Equal nonces: both reject, and each retries with a fresh
 * nonce after a random back-off, a timer of the context's scheduler. A request is retransmitted
 * (same nonce) every {@value #HELLO_TIMEOUT_MS} ms. Data to a peer that is not up to date is queued;
 * data from one is kept and delivered once it is (the answerer's data may overtake its answer).
 *
 * <p>The broken twin ({@code keepsEarly == false}) drops data from a peer that is not up to date
 * yet, as a driver that assumes the loser of the race sends nothing before the winner knows it won.
 */
class CoinFlipLoop implements HandshakeEndpoint {

    static final long HELLO_TIMEOUT_MS = 1000;
    static final int RETRIES = 10;

    private enum State { NEW, REQUESTED, UP }

    private static final class Peer {
        State state = State.NEW;
        int version;
        long nonce;
        int retries;
        ScheduledFuture<?> timer;
        final ArrayDeque<byte[]> unsent = new ArrayDeque<>();
        final ArrayDeque<byte[]> early = new ArrayDeque<>();
    }

    private static final Runnable STOP = () -> { };

    private final Fabric fabric;
    private final ScheduledExecutorService scheduler;
    private final boolean keepsEarly;
    private final LinkedBlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
    // owned by the loop thread
    private final Map<PeerId, Peer> peers = new HashMap<>();
    private volatile boolean closed;
    // read by negotiatedVersion from other threads
    private final Map<PeerId, Integer> versions = new java.util.concurrent.ConcurrentHashMap<>();

    CoinFlipLoop(DriverContext context, Fabric fabric, boolean keepsEarly) {
        this.fabric = fabric;
        this.scheduler = context.scheduler();
        this.keepsEarly = keepsEarly;
        context.threadFactory().newThread(this::loop).start();
    }

    private void loop() {
        while (true) {
            Runnable r;
            try {
                r = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            if (r == STOP) {
                peers.values().forEach(CoinFlipLoop::cancel);
                return;
            }
            if (!closed) {
                r.run();
            }
        }
    }

    @Override
    public void send(PeerId to, byte[] message) {
        queue.add(() -> {
            Peer p = peer(to);
            if (p.state == State.UP) {
                fabric.transmit(to, WireMessage.data(message));
                return;
            }
            p.unsent.add(message);
            if (p.state == State.NEW) {
                p.state = State.REQUESTED;
                p.nonce = ThreadLocalRandom.current().nextLong();
                fabric.transmit(to, Hello.request(fabric, Long.toString(p.nonce)));
                arm(to, p, HELLO_TIMEOUT_MS, false);
            }
        });
    }

    @Override
    public void onReceive(PeerId from, WireMessage message) {
        queue.add(() -> handle(from, message));
    }

    private void handle(PeerId from, WireMessage message) {
        Peer p = peer(from);
        switch (message.kind()) {
            case HELLO_REQUEST -> {
                int version = Hello.choose(fabric, message);
                if (p.state == State.REQUESTED) {
                    long theirs = Long.parseLong(Hello.suffix(message));
                    if (theirs < p.nonce) {
                        fabric.transmit(from, Hello.response(0)); // we win: they answer ours
                        return;
                    }
                    if (theirs == p.nonce) {
                        fabric.transmit(from, Hello.response(0)); // a tie: both back off and flip again
                        cancel(p);
                        arm(from, p, 1 + ThreadLocalRandom.current().nextLong(HELLO_TIMEOUT_MS / 2), true);
                        return;
                    }
                }
                fabric.transmit(from, Hello.response(version));
                if (p.state != State.UP) {
                    up(from, p, version);
                }
            }
            case HELLO_RESPONSE -> {
                if (p.state == State.REQUESTED && message.version() != 0) {
                    up(from, p, message.version());
                }
            }
            case DATA -> {
                if (p.state == State.UP) {
                    fabric.deliver(from, message.payload());
                } else if (keepsEarly) {
                    p.early.add(message.payload());
                }
            }
        }
    }

    private void up(PeerId id, Peer p, int version) {
        p.state = State.UP;
        p.version = version;
        versions.put(id, version);
        cancel(p);
        while (!p.unsent.isEmpty()) {
            fabric.transmit(id, WireMessage.data(p.unsent.poll()));
        }
        while (!p.early.isEmpty()) {
            fabric.deliver(id, p.early.poll());
        }
    }

    /** A retry timer: it only enqueues; the loop retransmits (a fresh nonce after a tie). */
    private void arm(PeerId id, Peer p, long delayMs, boolean freshNonce) {
        p.timer = scheduler.schedule(() -> queue.add(() -> {
            if (p.state != State.REQUESTED || p.retries >= RETRIES) {
                return;
            }
            p.retries++;
            if (freshNonce) {
                p.nonce = ThreadLocalRandom.current().nextLong();
            }
            fabric.transmit(id, Hello.request(fabric, Long.toString(p.nonce)));
            arm(id, p, HELLO_TIMEOUT_MS, false);
        }), delayMs, TimeUnit.MILLISECONDS);
    }

    private static void cancel(Peer p) {
        if (p.timer != null) {
            p.timer.cancel(false);
            p.timer = null;
        }
    }

    private Peer peer(PeerId id) {
        return peers.computeIfAbsent(id, k -> new Peer());
    }

    @Override
    public int negotiatedVersion(PeerId peer) {
        return versions.getOrDefault(peer, 0);
    }

    @Override
    public void close() {
        closed = true; // nothing queued runs from now on
        queue.add(STOP);
    }
}
