package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A handshake whose early data waits in a lock-free inbox: each peer's inbox is an immutable list in an
 * {@link AtomicReference}, appended to by compare-and-set on whichever receive thread brought the data; the peer's
 * state and its outgoing queue change under one {@link ReentrantLock}. A hello response marks the peer up under the
 * lock, then takes the inbox whole ({@code getAndSet} to empty) and delivers it. A receive thread that appended to the
 * inbox looks at the state once more after its compare-and-set: a peer made up meanwhile may have taken the inbox
 * before the append, so that thread takes it again itself. Nothing is delivered or transmitted under the lock.
 *
 * <p>With {@code snapshotFirst} ({@code zoo-hs-inbox-swap-broken}) the response reads the inbox before it takes the
 * lock, to keep the lock short, and empties it under the lock: data appended between that read and the lock, by a
 * receive thread that still saw the peer not up, is thrown away with the inbox (HS-2/concurrent, A's processing of
 * the response held after its read while the data is processed).
 */
final class InboxSwapHandshake implements HandshakeEndpoint {

    private static final long RETRY_MS = 1_000;
    private static final int RETRIES = 10;

    /** What this side knows of one peer. */
    private static final class Link {
        final PeerId peer;
        final AtomicReference<List<byte[]>> inbox = new AtomicReference<>(List.of());
        final List<byte[]> outgoing = new ArrayList<>(); // under lock
        volatile boolean up;
        volatile int version;
        boolean asked; // under lock
        int retries; // under lock
        ScheduledFuture<?> retry; // under lock

        Link(PeerId peer) {
            this.peer = peer;
        }
    }

    private final Fabric fabric;
    private final ScheduledExecutorService timers;
    private final boolean snapshotFirst;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<PeerId, Link> links = new ConcurrentHashMap<>();
    private volatile boolean closed;

    InboxSwapHandshake(DriverContext context, Fabric fabric, boolean snapshotFirst) {
        this.fabric = fabric;
        this.timers = context.scheduler();
        this.snapshotFirst = snapshotFirst;
    }

    private Link link(PeerId peer) {
        return links.computeIfAbsent(peer, Link::new);
    }

    @Override
    public void send(PeerId to, byte[] message) {
        Link l = link(to);
        boolean now;
        boolean ask = false;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            now = l.up;
            if (!now) {
                l.outgoing.add(message);
                ask = !l.asked;
                l.asked = true;
            }
        } finally {
            lock.unlock();
        }
        if (now) {
            fabric.transmit(to, WireMessage.data(message));
        } else if (ask) {
            askAndArm(l);
        }
    }

    @Override
    public void onReceive(PeerId from, WireMessage message) {
        if (closed) {
            return;
        }
        Link l = link(from);
        switch (message.kind()) {
            case DATA -> received(l, message.payload());
            case HELLO_REQUEST -> {
                boolean ask;
                lock.lock();
                try {
                    ask = !l.asked;
                    l.asked = true;
                } finally {
                    lock.unlock();
                }
                fabric.transmit(from, new WireMessage(WireMessage.Kind.HELLO_RESPONSE, agreed(message.payload()),
                        new byte[0]));
                if (ask) {
                    askAndArm(l);
                }
            }
            case HELLO_RESPONSE -> {
                if (message.version() != 0) {
                    answered(l, message.version());
                }
            }
        }
    }

    /** A hello response: the peer is up; what it queued goes out, what it sent early is delivered. */
    private void answered(Link l, int version) {
        // BROKEN twin: the inbox read before the lock, emptied under it: an append in between is lost
        List<byte[]> early = snapshotFirst ? l.inbox.get() : null;
        List<byte[]> out;
        lock.lock();
        try {
            if (l.up || closed) {
                return;
            }
            l.version = version;
            l.up = true;
            if (l.retry != null) {
                l.retry.cancel(false);
                l.retry = null;
            }
            out = new ArrayList<>(l.outgoing);
            l.outgoing.clear();
            if (snapshotFirst) {
                l.inbox.set(List.of());
            }
        } finally {
            lock.unlock();
        }
        out.forEach(m -> fabric.transmit(l.peer, WireMessage.data(m)));
        if (snapshotFirst) {
            early.forEach(m -> fabric.deliver(l.peer, m));
        } else {
            drain(l);
        }
    }

    /** Data from the peer: delivered if it is up, else appended to its inbox for the step that makes it up. */
    private void received(Link l, byte[] payload) {
        for (;;) {
            if (l.up) {
                fabric.deliver(l.peer, payload);
                return;
            }
            List<byte[]> seen = l.inbox.get();
            List<byte[]> with = new ArrayList<>(seen);
            with.add(payload);
            if (l.inbox.compareAndSet(seen, List.copyOf(with))) {
                break;
            }
        }
        if (l.up) {
            drain(l); // made up meanwhile: its inbox may have been taken before the append
        }
    }

    private void drain(Link l) {
        for (byte[] m : l.inbox.getAndSet(List.of())) {
            fabric.deliver(l.peer, m);
        }
    }

    private void askAndArm(Link l) {
        fabric.transmit(l.peer, request());
        lock.lock();
        try {
            if (!closed && !l.up) {
                l.retry = timers.schedule(() -> retry(l), RETRY_MS, TimeUnit.MILLISECONDS);
            }
        } finally {
            lock.unlock();
        }
    }

    private void retry(Link l) {
        lock.lock();
        try {
            l.retry = null;
            if (closed || l.up || l.retries++ >= RETRIES) {
                return;
            }
        } finally {
            lock.unlock();
        }
        askAndArm(l);
    }

    /** A hello request carries the versions this side speaks as a bit set (bit v for version v). */
    private WireMessage request() {
        int spoken = 0;
        for (int v : fabric.versions()) {
            spoken |= 1 << v;
        }
        byte[] p = {(byte) (spoken >>> 24), (byte) (spoken >>> 16), (byte) (spoken >>> 8), (byte) spoken};
        List<Integer> versions = fabric.versions();
        return new WireMessage(WireMessage.Kind.HELLO_REQUEST, versions.get(versions.size() - 1), p);
    }

    /** The highest version in both sets, 0 when none (a rejection). */
    private int agreed(byte[] p) {
        int theirs = p.length < 4 ? 0 : (p[0] & 0xff) << 24 | (p[1] & 0xff) << 16 | (p[2] & 0xff) << 8 | p[3] & 0xff;
        List<Integer> ours = fabric.versions();
        for (int i = ours.size() - 1; i >= 0; i--) {
            int v = ours.get(i);
            if (v < 32 && (theirs & 1 << v) != 0) {
                return v;
            }
        }
        return 0;
    }

    @Override
    public int negotiatedVersion(PeerId peer) {
        Link l = links.get(peer);
        return l != null && l.up ? l.version : 0;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            for (Link l : links.values()) {
                if (l.retry != null) {
                    l.retry.cancel(false);
                    l.retry = null;
                }
            }
        } finally {
            lock.unlock();
        }
    }
}
