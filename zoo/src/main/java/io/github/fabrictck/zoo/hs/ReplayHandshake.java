package io.github.fabrictck.zoo.hs;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Per-peer sessions, each guarded by its own monitor (no endpoint-wide lock on the receive path). Data from a
 * peer whose session is not open yet is parked in the session; when the hello response opens the session, the
 * parked data (and our own backlog) is handed to a single "replay" worker, an executor made with the context's
 * thread factory, which transmits the backlog and delivers the parked data in arrival order. A hello timer per
 * session retransmits the request on the context's scheduler.
 *
 * <p>{@code gateAfterReplay == true} is the broken twin: to keep replayed data ahead of newer data, the session
 * opens only after the replay task has delivered what it took from the parking queue, in a second critical
 * section; data that arrives between the two is parked in a queue nobody drains any more.
 */
final class ReplayHandshake implements HandshakeEndpoint {

    static final long HELLO_TIMEOUT_MS = 1000;
    static final int MAX_HELLOS = 8;

    private static final class Session {
        final PeerId peer;
        boolean helloSent;
        boolean open;
        volatile int version;
        int hellos;
        ScheduledFuture<?> timer;
        Queue<byte[]> parked = new ArrayDeque<>();
        Queue<byte[]> backlog = new ArrayDeque<>();

        Session(PeerId peer) {
            this.peer = peer;
        }
    }

    private final Fabric fabric;
    private final ScheduledExecutorService scheduler;
    private final ExecutorService replay;
    private final boolean gateAfterReplay;
    private final ConcurrentMap<PeerId, Session> sessions = new ConcurrentHashMap<>();
    private final Object deliveryLock = new Object();
    private volatile boolean closed;

    ReplayHandshake(DriverContext context, Fabric fabric, boolean gateAfterReplay) {
        this.fabric = fabric;
        this.scheduler = context.scheduler();
        this.replay = Executors.newSingleThreadExecutor(context.threadFactory());
        this.gateAfterReplay = gateAfterReplay;
    }

    private Session session(PeerId peer) {
        return sessions.computeIfAbsent(peer, Session::new);
    }

    @Override
    public void send(PeerId to, byte[] message) {
        if (closed) {
            return;
        }
        Session s = session(to);
        boolean hello = false;
        synchronized (s) {
            if (!s.open) {
                s.backlog.add(message);
                if (!s.helloSent) {
                    s.helloSent = true;
                    hello = true;
                }
                message = null;
            }
        }
        if (message != null) {
            fabric.transmit(to, WireMessage.data(message));
        } else if (hello) {
            hello(s);
        }
    }

    @Override
    public void onReceive(PeerId from, WireMessage message) {
        if (closed) {
            return;
        }
        Session s = session(from);
        switch (message.kind()) {
            case HELLO_REQUEST -> {
                int version = choose(message.payload());
                boolean hello;
                synchronized (s) {
                    hello = !s.helloSent;
                    s.helloSent = true;
                }
                fabric.transmit(from, new WireMessage(WireMessage.Kind.HELLO_RESPONSE, version, new byte[0]));
                if (hello) {
                    hello(s);
                }
            }
            case HELLO_RESPONSE -> {
                if (message.version() != 0) {
                    opened(s, message.version());
                }
            }
            case DATA -> {
                boolean open;
                synchronized (s) {
                    open = s.open;
                    if (!open) {
                        s.parked.add(message.payload());
                    }
                }
                if (open) {
                    deliver(from, message.payload());
                }
            }
        }
    }

    /** The hello response arrived: open the session and hand backlog and parked data to the replay worker. */
    private void opened(Session s, int version) {
        Queue<byte[]> backlog;
        Queue<byte[]> parked;
        synchronized (s) {
            if (s.open || s.version != 0) {
                return; // duplicate answer
            }
            s.version = version;
            if (s.timer != null) {
                s.timer.cancel(false);
                s.timer = null;
            }
            backlog = s.backlog;
            s.backlog = new ArrayDeque<>();
            if (gateAfterReplay) {
                parked = null;
            } else {
                s.open = true;
                parked = s.parked;
                s.parked = new ArrayDeque<>();
            }
        }
        try {
            replay.execute(() -> {
                backlog.forEach(m -> transmitIfOpen(s.peer, m));
                if (gateAfterReplay) {
                    Queue<byte[]> taken;
                    synchronized (s) {
                        taken = s.parked;
                        s.parked = new ArrayDeque<>();
                    }
                    taken.forEach(m -> deliver(s.peer, m));
                    synchronized (s) {
                        s.open = true;
                    }
                    // BUG: anything parked between the two sections above stays parked
                } else {
                    parked.forEach(m -> deliver(s.peer, m));
                }
            });
        } catch (RejectedExecutionException closing) {
            // endpoint closed meanwhile
        }
    }

    private void deliver(PeerId from, byte[] m) {
        synchronized (deliveryLock) {
            if (!closed) {
                fabric.deliver(from, m);
            }
        }
    }

    private void transmitIfOpen(PeerId to, byte[] m) {
        synchronized (deliveryLock) {
            if (!closed) {
                fabric.transmit(to, WireMessage.data(m));
            }
        }
    }

    private void hello(Session s) {
        fabric.transmit(s.peer, request());
        synchronized (s) {
            if (!closed && s.version == 0 && s.timer == null) {
                s.hellos++;
                s.timer = scheduler.schedule(() -> timeout(s), HELLO_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            }
        }
    }

    private void timeout(Session s) {
        synchronized (s) {
            s.timer = null;
            if (closed || s.version != 0 || s.hellos >= MAX_HELLOS) {
                return;
            }
        }
        hello(s);
    }

    @Override
    public int negotiatedVersion(PeerId peer) {
        Session s = sessions.get(peer);
        return s == null ? 0 : s.version; // volatile: written under the session's monitor, read without it
    }

    @Override
    public void close() {
        synchronized (deliveryLock) {
            closed = true;
        }
        for (Session s : sessions.values()) {
            synchronized (s) {
                if (s.timer != null) {
                    s.timer.cancel(false);
                    s.timer = null;
                }
            }
        }
        replay.shutdown();
    }

    private WireMessage request() {
        List<Integer> versions = fabric.versions();
        String list = String.join(" ", versions.stream().map(String::valueOf).toList());
        return new WireMessage(WireMessage.Kind.HELLO_REQUEST, versions.get(versions.size() - 1),
                list.getBytes(StandardCharsets.US_ASCII));
    }

    private int choose(byte[] payload) {
        List<Integer> ours = fabric.versions();
        return Arrays.stream(new String(payload, StandardCharsets.US_ASCII).trim().split(" +"))
                .filter(t -> !t.isEmpty()).map(Integer::valueOf).filter(ours::contains)
                .max(Integer::compare).orElse(0);
    }
}
