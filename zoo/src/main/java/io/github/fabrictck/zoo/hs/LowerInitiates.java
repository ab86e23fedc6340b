package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A one-sided hello with a tie-break by address: the peer that has something to say sends a hello
 * request and the other only answers it; the answer makes the answering side up to date (the
 * request carried every version, so the answer settles the version for both). When two requests
 * cross, the lower address's request wins: the higher one withdraws its own and answers, the lower
 * one leaves the higher's request unanswered. Until its peer is up to date an endpoint queues its
 * own data and keeps data that arrives early (it may overtake the answer on the wire), then sends
 * and delivers both in order. A request is retransmitted by one timer per peer.
 */
class LowerInitiates implements HandshakeEndpoint {

    private static final long HELLO_TIMEOUT_MS = 1000;
    private static final int HELLO_RETRIES = 10;

    private enum State { NEW, REQUESTED, UP }

    private static final class Peer {
        State state = State.NEW;
        int version;
        int retries;
        ScheduledFuture<?> timer;
        final ArrayDeque<byte[]> unsent = new ArrayDeque<>();
        final ArrayDeque<byte[]> early = new ArrayDeque<>();
    }

    private final Fabric fabric;
    private final ScheduledExecutorService scheduler;
    /** Whether data that arrives before the peer is up to date is kept; the broken twin drops it. */
    private final boolean keepsEarlyData;
    private final Map<PeerId, Peer> peers = new HashMap<>();
    private boolean closed;

    LowerInitiates(DriverContext context, Fabric fabric, boolean keepsEarlyData) {
        this.fabric = fabric;
        this.scheduler = context.scheduler();
        this.keepsEarlyData = keepsEarlyData;
    }

    @Override
    public void send(PeerId to, byte[] message) {
        List<Runnable> after = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                return;
            }
            Peer p = peers.computeIfAbsent(to, k -> new Peer());
            if (p.state == State.UP) {
                after.add(() -> fabric.transmit(to, WireMessage.data(message)));
            } else {
                p.unsent.add(message);
                if (p.state == State.NEW) {
                    p.state = State.REQUESTED;
                    after.add(() -> fabric.transmit(to, request()));
                    after.add(() -> armTimer(to));
                }
            }
        }
        after.forEach(Runnable::run);
    }

    @Override
    public void onReceive(PeerId from, WireMessage message) {
        List<Runnable> after = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                return;
            }
            Peer p = peers.computeIfAbsent(from, k -> new Peer());
            switch (message.kind()) {
                case HELLO_REQUEST -> {
                    // A crossing request from a higher address loses: ours is the one to answer.
                    if (p.state == State.REQUESTED && fabric.self().compareTo(from) < 0) {
                        return;
                    }
                    int version = choose(message);
                    after.add(() -> fabric.transmit(from, new WireMessage(WireMessage.Kind.HELLO_RESPONSE, version,
                            new byte[0])));
                    if (p.state != State.UP) {
                        up(from, p, version, after);
                    }
                }
                case HELLO_RESPONSE -> {
                    if (p.state == State.REQUESTED && message.version() != 0) {
                        up(from, p, message.version(), after);
                    }
                }
                case DATA -> {
                    if (p.state == State.UP) {
                        after.add(() -> fabric.deliver(from, message.payload()));
                    } else if (keepsEarlyData) {
                        p.early.add(message.payload());
                    }
                }
            }
        }
        after.forEach(Runnable::run);
    }

    /** The peer is up to date: its timer stops, queued data goes out, early data is delivered. Under the lock. */
    private void up(PeerId id, Peer p, int version, List<Runnable> after) {
        p.state = State.UP;
        p.version = version;
        if (p.timer != null) {
            p.timer.cancel(false);
            p.timer = null;
        }
        while (!p.unsent.isEmpty()) {
            byte[] m = p.unsent.poll();
            after.add(() -> fabric.transmit(id, WireMessage.data(m)));
        }
        while (!p.early.isEmpty()) {
            byte[] m = p.early.poll();
            after.add(() -> fabric.deliver(id, m));
        }
    }

    private synchronized void armTimer(PeerId id) {
        Peer p = peers.get(id);
        if (closed || p == null || p.state != State.REQUESTED) {
            return;
        }
        p.timer = scheduler.schedule(() -> onTimer(id), HELLO_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    }

    private void onTimer(PeerId id) {
        synchronized (this) {
            Peer p = peers.get(id);
            if (closed || p == null || p.state != State.REQUESTED || p.retries++ >= HELLO_RETRIES) {
                return;
            }
        }
        fabric.transmit(id, request());
        armTimer(id);
    }

    private WireMessage request() {
        List<Integer> versions = fabric.versions();
        String all = String.join(",", versions.stream().map(String::valueOf).toList());
        return new WireMessage(WireMessage.Kind.HELLO_REQUEST, versions.get(versions.size() - 1),
                all.getBytes(StandardCharsets.UTF_8));
    }

    private int choose(WireMessage request) {
        List<Integer> theirs = Arrays.stream(new String(request.payload(), StandardCharsets.UTF_8).split(","))
                .filter(s -> !s.isBlank()).map(Integer::parseInt).toList();
        return fabric.versions().stream().filter(theirs::contains).max(Integer::compare).orElse(0);
    }

    @Override
    public synchronized int negotiatedVersion(PeerId peer) {
        Peer p = peers.get(peer);
        return p != null && p.state == State.UP ? p.version : 0;
    }

    @Override
    public synchronized void close() {
        closed = true;
        peers.values().forEach(p -> {
            if (p.timer != null) {
                p.timer.cancel(false);
            }
        });
        peers.clear();
    }
}
