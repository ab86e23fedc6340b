package io.github.fabrictck.sample;

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
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every handshake endpoint of this module shares: per peer a state (new, hello sent, up to
 * date), the application messages waiting for the handshake, and data that arrived early. The
 * rules that differ between the compliant driver and the known-broken ones are the two hooks:
 * what a hello request does ({@link #onHelloRequest}) and what happens to data from a peer that is
 * not up to date yet ({@link #onEarlyData}).
 */
abstract class Handshake implements HandshakeEndpoint {

    enum State { NEW, HELLO_SENT, UP_TO_DATE }

    /** What this endpoint knows of one peer. Guarded by the endpoint's lock. */
    static final class Remote {
        State state = State.NEW;
        int version;
        final ArrayDeque<byte[]> unsent = new ArrayDeque<>();
        final ArrayDeque<Early> early = new ArrayDeque<>();
    }

    /** Data that arrived before the peer was up to date. */
    record Early(byte[] message, long arrivedMillis) {
    }

    /** Messages dropped, as kfilnd counts them ("Dropping message from ... due to stale peer"). */
    protected final AtomicLong dropped = new AtomicLong();
    protected final Fabric fabric;
    protected final Clock clock;
    protected final Object lock = new Object();
    private final Map<PeerId, Remote> remotes = new HashMap<>();

    Handshake(Fabric fabric, Clock clock) {
        this.fabric = fabric;
        this.clock = clock;
    }

    /** What a hello request from a peer does to its state; returns what to transmit back. */
    protected abstract List<WireMessage> onHelloRequest(Remote remote, int version);

    /** Data from a peer that is not up to date: kept for later, or dropped. */
    protected abstract void onEarlyData(Remote remote, byte[] message);

    @Override
    public void send(PeerId to, byte[] message) {
        List<WireMessage> out = new ArrayList<>();
        synchronized (lock) {
            Remote r = remote(to);
            if (r.state == State.UP_TO_DATE) {
                out.add(WireMessage.data(message));
            } else {
                r.unsent.add(message);
                if (r.state == State.NEW) {
                    r.state = State.HELLO_SENT;
                    out.add(helloRequest());
                }
            }
        }
        out.forEach(m -> fabric.transmit(to, m));
    }

    @Override
    public void onReceive(PeerId from, WireMessage message) {
        List<WireMessage> out = new ArrayList<>();
        List<byte[]> deliver = new ArrayList<>();
        synchronized (lock) {
            Remote r = remote(from);
            switch (message.kind()) {
                case HELLO_REQUEST -> {
                    int version = chooseVersion(message);
                    out.add(new WireMessage(WireMessage.Kind.HELLO_RESPONSE, version, new byte[0]));
                    out.addAll(onHelloRequest(r, version));
                }
                case HELLO_RESPONSE -> out.addAll(upToDate(r, message.version(), deliver));
                case DATA -> {
                    if (r.state == State.UP_TO_DATE) {
                        deliver.add(message.payload());
                    } else {
                        onEarlyData(r, message.payload());
                    }
                }
            }
        }
        out.forEach(m -> fabric.transmit(from, m));
        deliver.forEach(m -> fabric.deliver(from, m));
    }

    /** Marks a peer up to date on a version: its unsent messages go out, its early data is delivered. */
    protected final List<WireMessage> upToDate(Remote r, int version, List<byte[]> deliver) {
        r.state = State.UP_TO_DATE;
        r.version = version;
        List<WireMessage> out = new ArrayList<>();
        while (!r.unsent.isEmpty()) {
            out.add(WireMessage.data(r.unsent.poll()));
        }
        while (!r.early.isEmpty()) {
            deliver.add(r.early.poll().message());
        }
        return out;
    }

    /** A hello request: the highest version this endpoint speaks, and all of them in the payload. */
    protected final WireMessage helloRequest() {
        List<Integer> versions = fabric.versions();
        String list = String.join(",", versions.stream().map(String::valueOf).toList());
        return new WireMessage(WireMessage.Kind.HELLO_REQUEST, versions.get(versions.size() - 1),
                list.getBytes(StandardCharsets.UTF_8));
    }

    /** The highest version both this endpoint and the requester speak. */
    private int chooseVersion(WireMessage request) {
        List<Integer> theirs = Arrays.stream(new String(request.payload(), StandardCharsets.UTF_8).split(","))
                .filter(s -> !s.isBlank()).map(Integer::parseInt).toList();
        return fabric.versions().stream().filter(theirs::contains).max(Integer::compare).orElse(0);
    }

    private Remote remote(PeerId peer) {
        return remotes.computeIfAbsent(peer, p -> new Remote());
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
            remotes.clear();
        }
    }

    /** How long early data is kept for replay (LU-19474: until a deadline). */
    static final Duration EARLY_DEADLINE = Duration.ofSeconds(30);
}
