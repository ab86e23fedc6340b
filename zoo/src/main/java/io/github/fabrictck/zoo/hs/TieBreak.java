package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import io.github.fabrictck.spi.hs.WireMessage.Kind;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Fixed roles by node id: of every pair, the lower id runs the hello and the higher id only answers
 * it. The lower id's hello request carries the versions it speaks; the higher id answers with the
 * highest common one and is connected from then on. When the higher id has something to send first,
 * its hello request is only a "call me": the lower id does not answer it, it sends its own request
 * (once). The lower id is connected by the higher id's response; data from the higher id that
 * overtakes that response is buffered and delivered once the response arrived. Each side keeps its
 * own outgoing data until connected. One retry task per peer (fixed delay on the context's
 * scheduler) repeats the side's request until connected.
 *
 * <p>State is kept per session, under that session's monitor; transmits run after the monitor is
 * released. {@code bufferEarly == false} is the broken twin: the lower id drops data that arrives
 * before the response.
 */
class TieBreak implements HandshakeEndpoint {

    private static final long RETRY_MS = 1000;
    private static final int GIVE_UP_AFTER = 10;

    private static final class Session {
        boolean initiated;
        int agreed;
        int attempts;
        ScheduledFuture<?> retry;
        final Queue<byte[]> outgoing = new LinkedList<>();
        final Queue<byte[]> early = new LinkedList<>();
    }

    private final Fabric fabric;
    private final ScheduledExecutorService scheduler;
    private final boolean bufferEarly;
    private final ConcurrentMap<PeerId, Session> sessions = new ConcurrentHashMap<>();
    private volatile boolean closing;

    TieBreak(DriverContext context, Fabric fabric, boolean bufferEarly) {
        this.fabric = fabric;
        this.scheduler = context.scheduler();
        this.bufferEarly = bufferEarly;
    }

    /** Whether this side runs the hello with that peer (the lower id does). */
    private boolean leads(PeerId peer) {
        return fabric.self().compareTo(peer) < 0;
    }

    @Override
    public void send(PeerId to, byte[] message) {
        if (closing) {
            return;
        }
        Session s = sessions.computeIfAbsent(to, k -> new Session());
        boolean hello = false;
        synchronized (s) {
            if (s.agreed == 0) {
                s.outgoing.add(message);
                hello = start(to, s);
                message = null;
            }
        }
        if (message != null) {
            fabric.transmit(to, WireMessage.data(message));
        }
        if (hello) {
            fabric.transmit(to, hello());
        }
    }

    @Override
    public void onReceive(PeerId from, WireMessage message) {
        if (closing) {
            return;
        }
        Session s = sessions.computeIfAbsent(from, k -> new Session());
        List<WireMessage> out = new ArrayList<>();
        synchronized (s) {
            if (message.kind() == Kind.HELLO_REQUEST) {
                if (leads(from)) {
                    // the peer's "call me": we run the hello, once
                    if (s.agreed == 0 && start(from, s)) {
                        out.add(hello());
                    }
                } else {
                    int v = pick(message.payload());
                    out.add(new WireMessage(Kind.HELLO_RESPONSE, v, new byte[0]));
                    if (s.agreed == 0 && v > 0) {
                        established(from, s, v, out);
                    }
                }
            } else if (message.kind() == Kind.HELLO_RESPONSE) {
                if (leads(from) && s.agreed == 0 && message.version() > 0) {
                    established(from, s, message.version(), out);
                }
            } else if (s.agreed != 0) {
                fabric.deliver(from, message.payload());
            } else if (bufferEarly) {
                s.early.add(message.payload());
            }
        }
        for (WireMessage m : out) {
            fabric.transmit(from, m);
        }
    }

    /** Starts this side's request and its retry task, unless already started. Under the session's monitor. */
    private boolean start(PeerId peer, Session s) {
        if (s.initiated) {
            return false;
        }
        s.initiated = true;
        s.retry = scheduler.scheduleWithFixedDelay(() -> retry(peer, s), RETRY_MS, RETRY_MS, TimeUnit.MILLISECONDS);
        return true;
    }

    private void retry(PeerId peer, Session s) {
        synchronized (s) {
            if (closing || s.agreed != 0 || ++s.attempts > GIVE_UP_AFTER) {
                if (s.retry != null) {
                    s.retry.cancel(false);
                }
                return;
            }
        }
        fabric.transmit(peer, hello());
    }

    /** Connected: stop retrying, queue our data for transmission, hand the buffered data over. Under the monitor. */
    private void established(PeerId peer, Session s, int version, List<WireMessage> out) {
        s.agreed = version;
        if (s.retry != null) {
            s.retry.cancel(false);
            s.retry = null;
        }
        while (!s.outgoing.isEmpty()) {
            out.add(WireMessage.data(s.outgoing.remove()));
        }
        while (!s.early.isEmpty()) {
            fabric.deliver(peer, s.early.remove());
        }
    }

    private WireMessage hello() {
        List<Integer> versions = fabric.versions();
        StringBuilder csv = new StringBuilder();
        for (int v : versions) {
            csv.append(csv.length() == 0 ? "" : ";").append(v);
        }
        return new WireMessage(Kind.HELLO_REQUEST, versions.get(versions.size() - 1),
                csv.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }

    private int pick(byte[] offered) {
        int best = 0;
        for (String v : new String(offered, java.nio.charset.StandardCharsets.US_ASCII).split(";")) {
            if (!v.isEmpty()) {
                int n = Integer.parseInt(v);
                if (n > best && fabric.versions().contains(n)) {
                    best = n;
                }
            }
        }
        return best;
    }

    @Override
    public int negotiatedVersion(PeerId peer) {
        Session s = sessions.get(peer);
        if (s == null) {
            return 0;
        }
        synchronized (s) {
            return s.agreed;
        }
    }

    @Override
    public void close() {
        closing = true;
        for (Session s : sessions.values()) {
            synchronized (s) {
                if (s.retry != null) {
                    s.retry.cancel(false);
                }
            }
        }
        sessions.clear();
    }
}
