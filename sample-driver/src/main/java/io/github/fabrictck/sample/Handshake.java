package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every handshake endpoint of this module shares: per peer a state (new, hello sent, up to
 * date), the application messages waiting for the handshake, data that arrived early, and the
 * hello retry timers. The rules that differ between the compliant driver and the known-broken ones
 * are the hooks: what a hello request does ({@link #onHelloRequest}) and whether it is rejected
 * instead of answered ({@link #rejectsHelloRequest}), what happens to data from a peer that is not
 * up to date yet ({@link #onEarlyData}), where hello timers are armed ({@link #onHelloSent},
 * {@link #onQueued}) and how often they retry ({@link #mayRetryHello}).
 *
 * <p>A hello timer is a one-shot {@code schedule} of {@link #T_HELLO} on the kit's scheduler: when
 * it fires and the peer is still {@link State#HELLO_SENT}, it retransmits the hello request and is
 * armed again, as long as {@link #mayRetryHello} allows; the peer becoming up to date and
 * {@link #close()} cancel it. The compliant driver arms one per peer, when the peer enters
 * {@code HELLO_SENT}. A hello response of version 0 is a rejection (a connection race lost): the
 * peer stays {@code HELLO_SENT} and its hello timer retries.
 *
 * <p>Handlers and timers run on different threads: all state is guarded by {@link #lock}. What a
 * handler decides under the lock (transmits, timers to arm, messages for the application) it does
 * after releasing it, in that order ({@link Out}), so that a hold of the kit on a transmit never
 * stops a thread inside the lock, and a timer starts once the hello request it guards is out.
 */
abstract class Handshake implements HandshakeEndpoint {

    /** How long a hello request waits for its response before it is retransmitted. */
    static final Duration T_HELLO = Duration.ofSeconds(1);
    /** How many times the compliant driver retransmits a hello request before it gives up. */
    static final int MAX_HELLO_RETRIES = 10;
    /** How long early data is kept for replay (LU-19474: until a deadline). */
    static final Duration EARLY_DEADLINE = Duration.ofSeconds(30);

    enum State { NEW, HELLO_SENT, UP_TO_DATE }

    /** What this endpoint knows of one peer. Guarded by the endpoint's lock. */
    static final class Remote {
        final PeerId peer;
        State state = State.NEW;
        int version;
        final ArrayDeque<byte[]> unsent = new ArrayDeque<>();
        final ArrayDeque<Early> early = new ArrayDeque<>();
        /** The hello timers running for this peer (the compliant driver has at most one). */
        final List<HelloTimer> helloTimers = new ArrayList<>();

        Remote(PeerId peer) {
            this.peer = peer;
        }
    }

    /** Data that arrived before the peer was up to date. */
    record Early(byte[] message, long arrivedMillis) {
    }

    /** One hello retry timer: a one-shot schedule, armed again each time it fires. Guarded by the lock. */
    static final class HelloTimer {
        final Remote remote;
        /** How many hello requests this timer has retransmitted. */
        int retransmitted;
        ScheduledFuture<?> future;
        boolean cancelled;

        HelloTimer(Remote remote) {
            this.remote = remote;
        }
    }

    /** Messages dropped, as kfilnd counts them ("Dropping message from ... due to stale peer"). */
    protected final AtomicLong dropped = new AtomicLong();
    protected final Fabric fabric;
    protected final Clock clock;
    protected final Object lock = new Object();
    private final ScheduledExecutorService scheduler;
    // ---- guarded by lock
    private final Map<PeerId, Remote> remotes = new HashMap<>();
    private boolean closed;

    Handshake(DriverContext context, Fabric fabric) {
        this.fabric = fabric;
        this.clock = context.clock();
        this.scheduler = context.scheduler();
    }

    // ---------------------------------------------------------------- hooks

    /** What a hello request from a peer does to its state, after it was answered. Under the lock. */
    protected abstract void onHelloRequest(Remote remote, int version, Out out);

    /** Data from a peer that is not up to date: kept for later, or dropped. Under the lock. */
    protected abstract void onEarlyData(Remote remote, byte[] message);

    /**
     * Whether a hello request from this peer is rejected (a hello response of version 0) instead of
     * answered. The compliant driver answers every request. Under the lock.
     */
    protected boolean rejectsHelloRequest(Remote remote) {
        return false;
    }

    /**
     * A hello request to a peer went out for the first time (the peer entered {@code HELLO_SENT}):
     * the compliant driver arms the peer's one hello timer. Under the lock.
     */
    protected void onHelloSent(Remote remote, Out out) {
        armHelloTimer(remote, out);
    }

    /**
     * An application message to a peer that is not up to date was queued for the handshake; the
     * compliant driver arms nothing per message. Under the lock.
     */
    protected void onQueued(Remote remote, Out out) {
    }

    /**
     * Whether a hello timer that has retransmitted this many requests is armed again; the
     * compliant driver gives up after {@link #MAX_HELLO_RETRIES}.
     */
    protected boolean mayRetryHello(int retransmitted) {
        return retransmitted < MAX_HELLO_RETRIES;
    }

    // ---------------------------------------------------------------- HandshakeEndpoint

    @Override
    public void send(PeerId to, byte[] message) {
        Out out = new Out(to);
        synchronized (lock) {
            if (closed) {
                return;
            }
            Remote r = remote(to);
            if (r.state == State.UP_TO_DATE) {
                out.transmit(WireMessage.data(message));
            } else {
                r.unsent.add(message);
                if (r.state == State.NEW) {
                    startHello(r, out);
                }
                onQueued(r, out);
            }
        }
        out.run();
    }

    @Override
    public void onReceive(PeerId from, WireMessage message) {
        Out out = new Out(from);
        synchronized (lock) {
            if (closed) {
                return;
            }
            Remote r = remote(from);
            switch (message.kind()) {
                case HELLO_REQUEST -> {
                    if (rejectsHelloRequest(r)) {
                        out.transmit(new WireMessage(WireMessage.Kind.HELLO_RESPONSE, 0, new byte[0]));
                    } else {
                        int version = chooseVersion(message);
                        out.transmit(new WireMessage(WireMessage.Kind.HELLO_RESPONSE, version, new byte[0]));
                        onHelloRequest(r, version, out);
                    }
                }
                case HELLO_RESPONSE -> {
                    // version 0: rejected (a connection race lost); the peer stays HELLO_SENT and
                    // its hello timer retries
                    if (message.version() != 0) {
                        upToDate(r, message.version(), out);
                    }
                }
                case DATA -> {
                    if (r.state == State.UP_TO_DATE) {
                        out.deliver(message.payload());
                    } else {
                        onEarlyData(r, message.payload());
                    }
                }
            }
        }
        out.run();
    }

    @Override
    public int negotiatedVersion(PeerId peer) {
        synchronized (lock) {
            Remote r = remotes.get(peer);
            return r != null && r.state == State.UP_TO_DATE ? r.version : 0;
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            remotes.values().forEach(Handshake::cancelHelloTimers);
            remotes.clear();
        }
    }

    // ---------------------------------------------------------------- state changes (under the lock)

    /** The peer enters {@code HELLO_SENT}: a hello request goes out. Under the lock. */
    protected final void startHello(Remote r, Out out) {
        r.state = State.HELLO_SENT;
        out.transmit(helloRequest());
        onHelloSent(r, out);
    }

    /**
     * Marks a peer up to date on a version: its hello timers stop, its unsent messages go out, its
     * early data is delivered. Under the lock.
     */
    protected final void upToDate(Remote r, int version, Out out) {
        r.state = State.UP_TO_DATE;
        r.version = version;
        cancelHelloTimers(r);
        while (!r.unsent.isEmpty()) {
            out.transmit(WireMessage.data(r.unsent.poll()));
        }
        while (!r.early.isEmpty()) {
            out.deliver(r.early.poll().message());
        }
    }

    /** A hello request: the highest version this endpoint speaks, and all of them in the payload. */
    protected final WireMessage helloRequest() {
        List<Integer> versions = fabric.versions();
        String list = String.join(",", versions.stream().map(String::valueOf).toList());
        return new WireMessage(WireMessage.Kind.HELLO_REQUEST, versions.get(versions.size() - 1),
                list.getBytes(StandardCharsets.UTF_8));
    }

    // ---------------------------------------------------------------- hello timers

    /**
     * Arms a new hello timer for a peer once what is decided so far has been transmitted (the
     * timer guards the hello request that goes out first). Under the lock.
     */
    protected final void armHelloTimer(Remote r, Out out) {
        HelloTimer t = new HelloTimer(r);
        r.helloTimers.add(t);
        out.arm(t);
    }

    /** Schedules a hello timer, outside the lock, unless it was cancelled in the meantime. */
    private void schedule(HelloTimer t) {
        synchronized (lock) {
            if (t.cancelled || closed) {
                return;
            }
            t.future = scheduler.schedule(() -> onHelloTimer(t), T_HELLO.toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** A hello timer fired: retransmits the hello request if the peer is still waiting for a response. */
    private void onHelloTimer(HelloTimer t) {
        Remote r = t.remote;
        Out out = new Out(r.peer);
        synchronized (lock) {
            if (t.cancelled || closed) {
                return; // cancelled after it had started to fire
            }
            t.future = null;
            if (r.state != State.HELLO_SENT) {
                r.helloTimers.remove(t);
                return;
            }
            t.retransmitted++;
            out.transmit(helloRequest()); // the hello retransmission
            if (mayRetryHello(t.retransmitted)) {
                out.arm(t);
            } else {
                r.helloTimers.remove(t); // give up: the peer stays HELLO_SENT, a late response still completes it
            }
        }
        out.run();
    }

    /** Stops every hello timer of a peer. Under the lock. */
    private static void cancelHelloTimers(Remote r) {
        for (HelloTimer t : r.helloTimers) {
            t.cancelled = true;
            if (t.future != null) {
                t.future.cancel(false);
                t.future = null;
            }
        }
        r.helloTimers.clear();
    }

    // ---------------------------------------------------------------- helpers

    /** The highest version both this endpoint and the requester speak. */
    private int chooseVersion(WireMessage request) {
        List<Integer> theirs = Arrays.stream(new String(request.payload(), StandardCharsets.UTF_8).split(","))
                .filter(s -> !s.isBlank()).map(Integer::parseInt).toList();
        return fabric.versions().stream().filter(theirs::contains).max(Integer::compare).orElse(0);
    }

    private Remote remote(PeerId peer) {
        return remotes.computeIfAbsent(peer, Remote::new);
    }

    /**
     * What a handler decided under the lock for one peer, done after releasing it in this order:
     * transmits, then hello timers to arm (so that a timer starts once its request is out), then
     * messages for the application.
     */
    final class Out {
        private final PeerId peer;
        private final List<WireMessage> transmits = new ArrayList<>();
        private final List<HelloTimer> timers = new ArrayList<>();
        private final List<byte[]> deliveries = new ArrayList<>();

        Out(PeerId peer) {
            this.peer = peer;
        }

        void transmit(WireMessage message) {
            transmits.add(message);
        }

        void arm(HelloTimer timer) {
            timers.add(timer);
        }

        void deliver(byte[] message) {
            deliveries.add(message);
        }

        void run() {
            transmits.forEach(m -> fabric.transmit(peer, m));
            timers.forEach(Handshake.this::schedule);
            deliveries.forEach(m -> fabric.deliver(peer, m));
        }
    }
}
