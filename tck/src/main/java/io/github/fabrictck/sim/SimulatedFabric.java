package io.github.fabrictck.sim;

import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Predicate;

/**
 * A fabric of peers, each running the driver's handshake endpoint. Every transmitted message is
 * delivered exactly once; the receiver is served by several receive threads (as CPUs), handshake
 * messages on the first and data on the second unless the script routes otherwise. Scripts park
 * messages by sender, receiver and kind and release them later, so any order can be forced. The
 * fabric keeps the facts the windows judge: what each application sent, what reached each
 * application, and which receive call handled each wire message.
 */
public final class SimulatedFabric implements AutoCloseable {

    /** Receive threads per peer. */
    public static final int RECEIVE_THREADS = 2;

    private final WindowRun run;
    private final Driver driver;
    private final KitContext context;
    private final Object lock = new Object();
    private final Map<PeerId, Peer> peers = new LinkedHashMap<>();
    private final List<Wire> parked = new ArrayList<>();
    private final List<Wire> wires = new ArrayList<>();
    private final List<AppMessage> sent = new ArrayList<>();
    private final List<String> handlerErrors = new ArrayList<>();
    private final List<Predicate<Wire>> parking = new ArrayList<>();
    private int inFlight;
    private long sequence;

    /** A message on the wire: sequence number, ends, the message, and how it was handled. */
    public static final class Wire {
        final long seq;
        final PeerId from;
        final PeerId to;
        final WireMessage message;
        volatile String handledBy;
        volatile int traceFrom;
        volatile int traceTo;
        volatile boolean handled;

        Wire(long seq, PeerId from, PeerId to, WireMessage message) {
            this.seq = seq;
            this.from = from;
            this.to = to;
            this.message = message;
        }

        /** The sender. */
        public PeerId from() {
            return from;
        }

        /** The receiver. */
        public PeerId to() {
            return to;
        }

        /** The message. */
        public WireMessage message() {
            return message;
        }

        /** Whether the receiver's endpoint has handled it. */
        public boolean handled() {
            return handled;
        }

        String describe() {
            return "#" + seq + " " + message.kind() + (message.kind() == WireMessage.Kind.DATA
                    ? " '" + text(message.payload()) + "'" : " v" + message.version()) + " " + from + "->" + to;
        }
    }

    /** An application message one peer's application sent to another. */
    private record AppMessage(PeerId from, PeerId to, String text) {
    }

    public SimulatedFabric(WindowRun run, Driver driver, KitContext context) {
        this.run = run;
        this.driver = driver;
        this.context = context;
        run.unannouncedWork(this::undeliveredAndIdle);
    }

    /** Adds a peer speaking these versions and opens the driver's endpoint for it. */
    public Peer peer(String name, List<Integer> versions) {
        Peer p = new Peer(new PeerId(name), List.copyOf(versions));
        synchronized (lock) {
            peers.put(p.id, p);
        }
        p.open();
        return p;
    }

    /** From now on, transmitted messages that match are parked until released. */
    public void park(Predicate<Wire> which) {
        synchronized (lock) {
            parking.add(which);
        }
    }

    /** Stops parking and delivers every parked message, in the order sent. */
    public void releaseParked() {
        synchronized (lock) {
            parking.clear();
        }
        release(w -> true);
    }

    /** Delivers the parked messages that match, in the order sent; the others stay parked. */
    public void release(Predicate<Wire> which) {
        List<Wire> release;
        synchronized (lock) {
            release = parked.stream().filter(which).toList();
            parked.removeAll(release);
        }
        for (Wire w : release) {
            run.trace().add("fabric", "released " + w.describe(), null);
            route(w);
        }
    }

    /** How many messages are parked. */
    public int parkedCount() {
        synchronized (lock) {
            return parked.size();
        }
    }

    /** The wire messages sent so far that match. */
    public List<Wire> wires(Predicate<Wire> which) {
        synchronized (lock) {
            return wires.stream().filter(which).toList();
        }
    }

    /** Whether every transmitted message that is not parked has been handled by its receiver. */
    public boolean quiet() {
        synchronized (lock) {
            return inFlight == 0;
        }
    }

    /**
     * Whether every receive thread but the one given is idle with nothing queued: the rest of the
     * fabric has run to quiescence around a held thread.
     */
    public boolean quietExcept(Thread held) {
        List<Peer> all;
        synchronized (lock) {
            all = new ArrayList<>(peers.values());
        }
        for (Peer p : all) {
            for (ReceiveThread r : p.receiveThreads) {
                if (r.thread != held && r.pending.get() > 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Application messages sent but not delivered exactly once, in words (empty when all are). */
    public List<String> deliveryProblems() {
        synchronized (lock) {
            List<String> problems = new ArrayList<>();
            for (AppMessage m : sent) {
                long got = peers.get(m.to).delivered.stream().filter(d -> d.equals(m.from + ":" + m.text)).count();
                if (got == 0) {
                    problems.add(describeMissing(m));
                } else if (got > 1) {
                    problems.add("message '" + m.text + "' from " + m.from + " to " + m.to + " was delivered " + got + " times");
                }
            }
            return problems;
        }
    }

    /** Whether every application message was delivered exactly once. */
    public boolean everyMessageDeliveredOnce() {
        return deliveryProblems().isEmpty();
    }

    private String describeMissing(AppMessage m) {
        for (Wire w : wires) {
            if (w.message.kind() == WireMessage.Kind.DATA && w.from.equals(m.from) && w.to.equals(m.to)
                    && text(w.message.payload()).equals(m.text) && w.handled) {
                String last = run.trace().lastSite(w.handledBy, w.traceFrom, w.traceTo);
                return "message '" + m.text + "' from " + m.from + " to " + m.to + " was dropped by " + m.to + ": its "
                        + "onReceive on " + w.handledBy + " handled wire " + w.describe()
                        + " and returned without delivering or keeping it" + (last == null ? "" : "; last driver line in "
                        + "that call: " + last);
            }
        }
        return "message '" + m.text + "' from " + m.from + " to " + m.to + " was never delivered"
                + (parked.isEmpty() ? " (no data message carrying it is on the wire)" : "");
    }

    /** For the stuck detector: undelivered application messages while nothing is on its way. */
    private List<String> undeliveredAndIdle() {
        synchronized (lock) {
            if (inFlight > 0 || !parked.isEmpty()) {
                return List.of();
            }
        }
        return deliveryProblems();
    }

    /** Exceptions the endpoints threw on receive threads. */
    public List<String> handlerErrors() {
        synchronized (lock) {
            return List.copyOf(handlerErrors);
        }
    }

    /** Names of the endpoints' classes, for the check that the agent rewrote them. */
    public List<String> endpointClassNames() {
        synchronized (lock) {
            return peers.values().stream().filter(p -> p.endpoint != null)
                    .map(p -> p.endpoint.getClass().getName()).distinct().toList();
        }
    }

    @Override
    public void close() {
        List<Peer> all;
        synchronized (lock) {
            all = new ArrayList<>(peers.values());
        }
        for (Peer p : all) {
            p.close();
        }
    }

    private void transmit(Peer from, PeerId to, WireMessage message) {
        Wire w;
        boolean park;
        synchronized (lock) {
            w = new Wire(++sequence, from.id, to, message);
            wires.add(w);
            park = parking.stream().anyMatch(rule -> rule.test(w));
            if (park) {
                parked.add(w);
            }
        }
        run.trace().add("fabric", "transmit " + w.describe() + (park ? ": PARKED" : ""), null);
        run.changed();
        if (!park) {
            route(w);
        }
    }

    private void route(Wire w) {
        Peer to;
        synchronized (lock) {
            to = peers.get(w.to);
            if (to == null) {
                handlerErrors.add("a message was transmitted to " + w.to + ", which is not on the fabric");
                return;
            }
            inFlight++;
        }
        ReceiveThread r = to.receiveThreads.get(w.message.kind().isHandshake() ? 0 : 1);
        r.pending.incrementAndGet();
        r.queue.add(w);
    }

    static String text(byte[] payload) {
        return new String(payload, StandardCharsets.UTF_8);
    }

    /** One peer: its endpoint, its application thread and its receive threads. */
    public final class Peer implements Fabric {
        final PeerId id;
        final List<Integer> versions;
        final AppThread app;
        final List<ReceiveThread> receiveThreads = new ArrayList<>();
        final List<String> delivered = new ArrayList<>();
        volatile HandshakeEndpoint endpoint;

        Peer(PeerId id, List<Integer> versions) {
            this.id = id;
            this.versions = versions;
            this.app = new AppThread(run, id + "-app");
            for (int i = 0; i < RECEIVE_THREADS; i++) {
                receiveThreads.add(new ReceiveThread(this, id + "-rx" + i));
            }
        }

        void open() {
            CompletableFuture<HandshakeEndpoint> opened = app.submit("Driver.openHandshake(" + id + ")",
                    () -> driver.openHandshake(context, this));
            endpoint = opened.join();
            if (endpoint == null) {
                throw new IllegalStateException("Driver.openHandshake returned null");
            }
            receiveThreads.forEach(ReceiveThread::start);
        }

        /** The peer's address. */
        public PeerId id() {
            return id;
        }

        /** The application thread of this peer. */
        public Thread appThread() {
            return app.thread();
        }

        /** The receive threads of this peer. */
        public List<Thread> receiveThreads() {
            return receiveThreads.stream().map(r -> r.thread).toList();
        }

        /** The driver's endpoint. */
        public HandshakeEndpoint endpoint() {
            return endpoint;
        }

        /** Has this peer's application send a message; the future completes when send returned. */
        public CompletableFuture<Void> send(Peer to, String text) {
            synchronized (lock) {
                sent.add(new AppMessage(id, to.id, text));
            }
            return app.submit("send '" + text + "' to " + to.id, () -> {
                endpoint.send(to.id, text.getBytes(StandardCharsets.UTF_8));
                return null;
            });
        }

        /**
         * Has this peer's application count down {@code ready}, then send a message the moment
         * {@code go} opens, so that two peers' first sends start in the same instant.
         */
        public CompletableFuture<Void> sendWhen(java.util.concurrent.CountDownLatch ready,
                                                java.util.concurrent.CountDownLatch go, Peer to, String text) {
            synchronized (lock) {
                sent.add(new AppMessage(id, to.id, text));
            }
            return app.submit("send '" + text + "' to " + to.id + " at the shared instant", () -> {
                ready.countDown();
                go.await();
                endpoint.send(to.id, text.getBytes(StandardCharsets.UTF_8));
                return null;
            });
        }

        /**
         * Has this peer's application count down {@code ready}, then, the moment {@code go} opens,
         * send one message to each of the peers given, in order.
         */
        public CompletableFuture<Void> sendToEachWhen(java.util.concurrent.CountDownLatch ready,
                                                      java.util.concurrent.CountDownLatch go, List<Peer> to,
                                                      java.util.function.Function<Peer, String> text) {
            synchronized (lock) {
                to.forEach(p -> sent.add(new AppMessage(id, p.id, text.apply(p))));
            }
            return app.submit("send to " + to.size() + " peers at the shared instant", () -> {
                ready.countDown();
                go.await();
                for (Peer p : to) {
                    endpoint.send(p.id, text.apply(p).getBytes(StandardCharsets.UTF_8));
                }
                return null;
            });
        }

        /** Runs a call on this peer's application thread. */
        public <T> CompletableFuture<T> call(String what, Callable<T> call) {
            return app.submit(what, call);
        }

        @Override
        public PeerId self() {
            return id;
        }

        @Override
        public List<Integer> versions() {
            return versions;
        }

        @Override
        public void transmit(PeerId to, WireMessage message) {
            SimulatedFabric.this.transmit(this, to, message);
        }

        @Override
        public void deliver(PeerId from, byte[] message) {
            String text = text(message);
            synchronized (lock) {
                delivered.add(from + ":" + text);
            }
            run.trace().add("fabric", "delivered '" + text + "' from " + from + " to the application of " + id, null);
            run.changed();
        }

        void close() {
            try {
                if (endpoint != null) {
                    endpoint.close();
                }
            } catch (RuntimeException e) {
                run.trace().add("fabric", id + ": close() threw " + e, null);
            }
            receiveThreads.forEach(r -> r.thread.interrupt());
            app.close();
        }
    }

    /** A receive thread of one peer (a CPU): takes messages from its queue and calls onReceive. */
    final class ReceiveThread {
        final Peer peer;
        final Thread thread;
        final LinkedBlockingQueue<Wire> queue = new LinkedBlockingQueue<>();
        /** Messages routed to this thread and not yet handled (queued or in its onReceive call). */
        final java.util.concurrent.atomic.AtomicInteger pending = new java.util.concurrent.atomic.AtomicInteger();

        ReceiveThread(Peer peer, String name) {
            this.peer = peer;
            this.thread = new Thread(this::loop, name);
            this.thread.setDaemon(true);
            run.track(thread);
        }

        void start() {
            thread.start();
        }

        private void loop() {
            while (true) {
                Wire w;
                try {
                    w = run.waitingForWork(queue::take);
                } catch (Exception e) {
                    return;
                }
                run.trace().add("fabric", "deliver " + w.describe() + " on " + thread.getName(), null);
                w.handledBy = thread.getName();
                w.traceFrom = run.trace().size();
                try {
                    peer.endpoint.onReceive(w.from, w.message);
                } catch (Throwable t) {
                    synchronized (lock) {
                        handlerErrors.add(peer.id + ".onReceive threw " + t);
                    }
                } finally {
                    w.traceTo = run.trace().size();
                    w.handled = true;
                    pending.decrementAndGet();
                    synchronized (lock) {
                        inFlight--;
                    }
                    run.changed();
                }
            }
        }
    }
}
