package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A handshake with a lock-free fast path for data: every message is handled on the fabric's receive thread that
 * brought it, and a DATA first reads the peer's {@code volatile} state without the lock; a peer that is up stays up,
 * so its data is delivered at once. Otherwise the handler takes the endpoint's {@link ReentrantLock}, looks at the
 * state again and either delivers or keeps the data for the step that makes the peer up (which delivers what was kept,
 * under the same lock, after sending what the application queued). Hellos, the one hello timer per peer and the
 * application's sends go through the lock; transmits and deliveries decided under it are done after it is released.
 *
 * <p>With {@code decideBeforeLock} ({@code zoo-hs-fast-path-broken}) the slow path keeps the data on the strength of
 * the lock-free look alone: a hello response processed on the other receive thread between that look and the lock
 * has already delivered what was kept, so the data kept after it waits for a replay that never comes (HS-2/concurrent).
 */
final class FastPathHandshake implements HandshakeEndpoint {

    static final long HELLO_MS = 1_000;
    static final int MAX_RETRIES = 10;

    private enum State { IDLE, ASKING, UP }

    private static final class Remote {
        final PeerId id;
        volatile State state = State.IDLE;
        volatile int version;
        final List<byte[]> queued = new ArrayList<>();
        final List<byte[]> kept = new ArrayList<>();
        ScheduledFuture<?> timer;
        int retries;

        Remote(PeerId id) {
            this.id = id;
        }
    }

    private final Fabric fabric;
    private final ScheduledExecutorService scheduler;
    private final boolean decideBeforeLock;
    private final ReentrantLock lock = new ReentrantLock();
    private final ConcurrentHashMap<PeerId, Remote> remotes = new ConcurrentHashMap<>();
    private boolean closed; // under lock

    FastPathHandshake(DriverContext context, Fabric fabric, boolean decideBeforeLock) {
        this.fabric = fabric;
        this.scheduler = context.scheduler();
        this.decideBeforeLock = decideBeforeLock;
    }

    private Remote remote(PeerId id) {
        return remotes.computeIfAbsent(id, Remote::new);
    }

    @Override
    public void send(PeerId to, byte[] message) {
        Remote r = remote(to);
        List<Runnable> after = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                return;
            }
            if (r.state == State.UP) {
                after.add(() -> fabric.transmit(to, WireMessage.data(message)));
            } else {
                r.queued.add(message);
                if (r.state == State.IDLE) {
                    ask(r, after);
                }
            }
        } finally {
            lock.unlock();
        }
        after.forEach(Runnable::run);
    }

    @Override
    public void onReceive(PeerId from, WireMessage message) {
        if (message.kind() == WireMessage.Kind.DATA) {
            data(from, message.payload());
            return;
        }
        List<Runnable> after = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                return;
            }
            Remote r = remote(from);
            if (message.kind() == WireMessage.Kind.HELLO_REQUEST) {
                int v = choose(message.payload());
                after.add(() -> fabric.transmit(from, new WireMessage(WireMessage.Kind.HELLO_RESPONSE, v, new byte[0])));
                if (r.state == State.IDLE) {
                    ask(r, after);
                }
            } else if (message.version() != 0 && r.state != State.UP) {
                r.version = message.version();
                r.state = State.UP;
                if (r.timer != null) {
                    r.timer.cancel(false);
                    r.timer = null;
                }
                List<byte[]> queued = new ArrayList<>(r.queued);
                List<byte[]> kept = new ArrayList<>(r.kept);
                r.queued.clear();
                r.kept.clear();
                queued.forEach(m -> after.add(() -> fabric.transmit(from, WireMessage.data(m))));
                kept.forEach(m -> after.add(() -> fabric.deliver(from, m)));
            }
        } finally {
            lock.unlock();
        }
        after.forEach(Runnable::run);
    }

    private void data(PeerId from, byte[] payload) {
        Remote seen = remotes.get(from);
        boolean upAtFirstLook = seen != null && seen.state == State.UP;
        if (upAtFirstLook) {
            fabric.deliver(from, payload); // the fast path: a peer that is up stays up
            return;
        }
        boolean deliver;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            Remote r = remote(from);
            // BROKEN twin: trusts the look taken before the lock
            deliver = decideBeforeLock ? upAtFirstLook : r.state == State.UP;
            if (!deliver) {
                r.kept.add(payload);
            }
        } finally {
            lock.unlock();
        }
        if (deliver) {
            fabric.deliver(from, payload);
        }
    }

    /** Under the lock: the peer is asked, its hello goes out after the lock, then its one timer is armed. */
    private void ask(Remote r, List<Runnable> after) {
        r.state = State.ASKING;
        after.add(() -> fabric.transmit(r.id, hello()));
        after.add(() -> arm(r));
    }

    private void arm(Remote r) {
        lock.lock();
        try {
            if (!closed && r.state == State.ASKING && r.timer == null) {
                r.timer = scheduler.schedule(() -> expired(r), HELLO_MS, TimeUnit.MILLISECONDS);
            }
        } finally {
            lock.unlock();
        }
    }

    private void expired(Remote r) {
        lock.lock();
        try {
            r.timer = null;
            if (closed || r.state != State.ASKING || r.retries >= MAX_RETRIES) {
                return;
            }
            r.retries++;
        } finally {
            lock.unlock();
        }
        fabric.transmit(r.id, hello());
        arm(r);
    }

    /** A hello request names the versions this side speaks, one byte each, highest last. */
    private WireMessage hello() {
        List<Integer> versions = fabric.versions();
        byte[] spoken = new byte[versions.size()];
        for (int i = 0; i < spoken.length; i++) {
            spoken[i] = versions.get(i).byteValue();
        }
        return new WireMessage(WireMessage.Kind.HELLO_REQUEST, versions.get(versions.size() - 1), spoken);
    }

    /** The highest version both sides speak, 0 for none (a rejection). */
    private int choose(byte[] spoken) {
        int best = 0;
        for (byte v : spoken) {
            if (v > best && fabric.versions().contains((int) v)) {
                best = v;
            }
        }
        return best;
    }

    @Override
    public int negotiatedVersion(PeerId peer) {
        Remote r = remotes.get(peer);
        return r != null && r.state == State.UP ? r.version : 0;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            remotes.values().forEach(r -> {
                if (r.timer != null) {
                    r.timer.cancel(false);
                    r.timer = null;
                }
            });
        } finally {
            lock.unlock();
        }
    }
}
