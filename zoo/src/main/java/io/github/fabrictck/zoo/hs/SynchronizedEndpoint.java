package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The kfilnd exchange written the plainest way: every method of the endpoint, the SPI's included
 * ({@code send}, the receive callback {@code onReceive}, {@code negotiatedVersion}, {@code close}),
 * is a {@code synchronized} method, and every transmit and delivery happens inside the monitor. The
 * fabric calls {@code onReceive} on several receive threads; they simply queue on the monitor.
 *
 * <p>The protocol: a hello request carries every version the sender speaks (one byte each) and is
 * always answered with a response naming the highest common one; a request from a peer we have not
 * asked yet makes us send our own; only a response makes a peer connected. Our data to a peer that
 * is not connected waits in a backlog; data from such a peer is parked and handed to the
 * application, in order, once the response arrives. A request that stays unanswered is sent again
 * by one retry timer per peer.
 *
 * <p>{@code parkEarlyData == false} is the broken twin (LU-17839 before LU-19474): data that arrives
 * from a peer whose hello has not completed on our side is dropped.
 */
class SynchronizedEndpoint implements HandshakeEndpoint {

    private static final long RETRY_MS = 1000;
    private static final int MAX_RETRIES = 8;

    /** What we know about one peer. */
    private static final class PeerRecord {
        boolean asked;
        int version; // 0 until the peer's response arrived
        int retries;
        ScheduledFuture<?> retry;
        final List<byte[]> backlog = new ArrayList<>();
        final List<byte[]> parked = new ArrayList<>();
    }

    private final Fabric fabric;
    private final ScheduledExecutorService timers;
    private final boolean parkEarlyData;
    private final Map<PeerId, PeerRecord> table = new HashMap<>();
    private boolean shut;

    SynchronizedEndpoint(DriverContext context, Fabric fabric, boolean parkEarlyData) {
        this.fabric = fabric;
        this.timers = context.scheduler();
        this.parkEarlyData = parkEarlyData;
    }

    @Override
    public synchronized void send(PeerId to, byte[] message) {
        if (shut) {
            return;
        }
        PeerRecord r = record(to);
        if (r.version != 0) {
            fabric.transmit(to, WireMessage.data(message));
            return;
        }
        r.backlog.add(message);
        ask(to, r);
    }

    @Override
    public synchronized void onReceive(PeerId from, WireMessage message) {
        if (shut) {
            return;
        }
        PeerRecord r = record(from);
        switch (message.kind()) {
            case HELLO_REQUEST -> {
                fabric.transmit(from, new WireMessage(WireMessage.Kind.HELLO_RESPONSE, highestCommon(message.payload()),
                        new byte[0]));
                if (r.version == 0) {
                    ask(from, r);
                }
            }
            case HELLO_RESPONSE -> {
                if (r.version == 0 && r.asked && message.version() > 0) {
                    connected(from, r, message.version());
                }
            }
            case DATA -> {
                if (r.version != 0) {
                    fabric.deliver(from, message.payload());
                } else if (parkEarlyData) {
                    r.parked.add(message.payload());
                }
                // the broken twin: nothing, the message is gone ("stale peer")
            }
        }
    }

    @Override
    public synchronized int negotiatedVersion(PeerId peer) {
        PeerRecord r = table.get(peer);
        return r == null ? 0 : r.version;
    }

    @Override
    public synchronized void close() {
        shut = true;
        for (PeerRecord r : table.values()) {
            if (r.retry != null) {
                r.retry.cancel(false);
            }
        }
        table.clear();
    }

    private synchronized void retryFired(PeerId peer, PeerRecord r) {
        r.retry = null;
        if (shut || r.version != 0 || table.get(peer) != r || r.retries >= MAX_RETRIES) {
            return;
        }
        r.retries++;
        fabric.transmit(peer, request());
        r.retry = timers.schedule(() -> retryFired(peer, r), RETRY_MS, TimeUnit.MILLISECONDS);
    }

    private void ask(PeerId peer, PeerRecord r) {
        if (r.asked) {
            return;
        }
        r.asked = true;
        fabric.transmit(peer, request());
        r.retry = timers.schedule(() -> retryFired(peer, r), RETRY_MS, TimeUnit.MILLISECONDS);
    }

    private void connected(PeerId peer, PeerRecord r, int version) {
        r.version = version;
        if (r.retry != null) {
            r.retry.cancel(false);
            r.retry = null;
        }
        for (byte[] m : r.backlog) {
            fabric.transmit(peer, WireMessage.data(m));
        }
        r.backlog.clear();
        for (byte[] m : r.parked) {
            fabric.deliver(peer, m);
        }
        r.parked.clear();
    }

    private PeerRecord record(PeerId peer) {
        return table.computeIfAbsent(peer, p -> new PeerRecord());
    }

    private WireMessage request() {
        List<Integer> mine = fabric.versions();
        byte[] list = new byte[mine.size()];
        for (int i = 0; i < list.length; i++) {
            list[i] = (byte) mine.get(i).intValue();
        }
        return new WireMessage(WireMessage.Kind.HELLO_REQUEST, mine.get(mine.size() - 1), list);
    }

    private int highestCommon(byte[] theirs) {
        int best = 0;
        for (byte v : theirs) {
            if (fabric.versions().contains((int) v) && v > best) {
                best = v;
            }
        }
        return best;
    }
}
