package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The kfilnd exchange (every request answered, a request from a new peer answered with one of our
 * own, only a response makes a peer up to date, early data kept and replayed) with no timer at
 * all: each peer remembers when its hello request went out, and every {@code send} and
 * {@code onReceive} first retransmits the requests that have waited longer than the timeout. An
 * idle endpoint never retries; the next call it gets does.
 */
class LazyTimeout implements HandshakeEndpoint {

    private static final long HELLO_TIMEOUT_MS = 1000;

    private static final class Peer {
        boolean requested;
        boolean up;
        int version;
        long requestSentAt;
        final List<byte[]> unsent = new ArrayList<>();
        final List<byte[]> early = new ArrayList<>();
    }

    private final Fabric fabric;
    private final Clock clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<PeerId, Peer> peers = new LinkedHashMap<>();
    private boolean closed;

    LazyTimeout(DriverContext context, Fabric fabric) {
        this.fabric = fabric;
        this.clock = context.clock();
    }

    @Override
    public void send(PeerId to, byte[] message) {
        List<Runnable> after = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                return;
            }
            retryExpired(after);
            Peer p = peer(to);
            if (p.up) {
                after.add(() -> fabric.transmit(to, WireMessage.data(message)));
            } else {
                p.unsent.add(message);
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
            retryExpired(after);
            Peer p = peer(from);
            switch (message.kind()) {
                case HELLO_REQUEST -> {
                    int version = choose(message);
                    after.add(() -> fabric.transmit(from, new WireMessage(WireMessage.Kind.HELLO_RESPONSE, version,
                            new byte[0])));
                    if (!p.up) {
                        request(from, p, after);
                    }
                }
                case HELLO_RESPONSE -> {
                    if (!p.up && message.version() != 0) {
                        p.up = true;
                        p.version = message.version();
                        p.unsent.forEach(m -> after.add(() -> fabric.transmit(from, WireMessage.data(m))));
                        p.early.forEach(m -> after.add(() -> fabric.deliver(from, m)));
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

    /** Sends the peer our hello request unless one is already out. Under the lock. */
    private void request(PeerId id, Peer p, List<Runnable> after) {
        if (!p.requested) {
            p.requested = true;
            p.requestSentAt = clock.millis();
            after.add(() -> fabric.transmit(id, helloRequest()));
        }
    }

    /** The lazy timeout: every request that has waited too long goes out again, now. Under the lock. */
    private void retryExpired(List<Runnable> after) {
        long now = clock.millis();
        peers.forEach((id, p) -> {
            if (p.requested && !p.up && now - p.requestSentAt >= HELLO_TIMEOUT_MS) {
                p.requestSentAt = now;
                after.add(() -> fabric.transmit(id, helloRequest()));
            }
        });
    }

    private Peer peer(PeerId id) {
        return peers.computeIfAbsent(id, k -> new Peer());
    }

    private WireMessage helloRequest() {
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
    }
}
