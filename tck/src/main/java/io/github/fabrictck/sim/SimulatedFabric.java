package io.github.fabrictck.sim;

import io.github.fabrictck.engine.Points;
import io.github.fabrictck.engine.VirtualTime;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.engine.Worker;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import io.github.fabrictck.spi.hs.PeerId;
import io.github.fabrictck.spi.hs.WireMessage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * A fabric of peers, each running the driver's handshake endpoint, on virtual time. Every
 * transmitted message is delivered exactly once, after a one-way delay; the receiver is served by
 * several receive threads (as CPUs), handshake messages on the first and data on the second.
 * Scripts park messages by sender, receiver and kind and release them later, so any order can be
 * forced; two applications' sends scheduled at the same virtual instant happen in the same
 * instant. The fabric keeps the facts the windows judge: what each application sent, what reached
 * each application, which receive call handled each wire message, and every hello request a peer
 * sent while an earlier one to the same peer was still in flight.
 */
public final class SimulatedFabric implements AutoCloseable {

    /** Receive threads per peer. */
    public static final int RECEIVE_THREADS = 2;

    private final WindowRun run;
    private final Driver driver;
    private final VirtualTime time;
    private final long delay;
    private final Object lock = new Object();
    private final Map<PeerId, Peer> peers = new LinkedHashMap<>();
    private final List<Wire> parked = new ArrayList<>();
    private final List<Wire> wires = new ArrayList<>();
    private final List<AppMessage> sent = new ArrayList<>();
    private final List<String> handlerErrors = new ArrayList<>();
    private final List<Predicate<Wire>> parking = new ArrayList<>();
    private final Map<String, Wire> outstandingHellos = new HashMap<>();
    private final List<String> duplicateHellos = new ArrayList<>();
    private int inFlight;
    private long sequence;
    private boolean closed;

    /** A message on the wire: sequence number, ends, the message, when it was sent, and how it was handled. */
    public static final class Wire {
        final long seq;
        final PeerId from;
        final PeerId to;
        final WireMessage message;
        final long sentAt;
        volatile String handledBy;
        volatile int traceFrom;
        volatile int traceTo;
        volatile boolean handled;

        Wire(long seq, PeerId from, PeerId to, WireMessage message, long sentAt) {
            this.seq = seq;
            this.from = from;
            this.to = to;
            this.message = message;
            this.sentAt = sentAt;
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

        /** Virtual nanoseconds when it was sent. */
        public long sentAt() {
            return sentAt;
        }

        /** Whether the receiver's endpoint has handled it. */
        public boolean handled() {
            return handled;
        }

        /** The wire message in words: {@code #3 DATA 'first from A' 17@kfi->0@kfi}, or {@code v2} for a hello. */
        public String describe() {
            return "#" + seq + " " + message.kind() + (message.kind() == WireMessage.Kind.DATA
                    ? " '" + text(message.payload()) + "'" : " v" + message.version()) + " " + from + "->" + to;
        }
    }

    /** An application message one peer's application sent to another. */
    private record AppMessage(PeerId from, PeerId to, String text) {
    }

    /**
     * A fabric.
     *
     * @param run    the window
     * @param driver the driver under test
     * @param time   the window's virtual time
     * @param delay  the one-way delay of every message, in virtual nanoseconds
     */
    public SimulatedFabric(WindowRun run, Driver driver, VirtualTime time, long delay) {
        this.run = run;
        this.driver = driver;
        this.time = time;
        this.delay = delay;
    }

    /**
     * Adds a peer speaking these versions; its endpoint is opened on its application thread when
     * time runs next.
     */
    public Peer peer(String name, List<Integer> versions) {
        Peer p = new Peer(new PeerId(name), List.copyOf(versions));
        synchronized (lock) {
            peers.put(p.id, p);
        }
        p.opened = p.call("Driver.openHandshake(" + p.id + ")", () -> driver.openHandshake(p.context, p));
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

    /** Delivers the parked messages that match now, in the order sent; the others stay parked. */
    public void release(Predicate<Wire> which) {
        List<Wire> release;
        synchronized (lock) {
            release = parked.stream().filter(which).toList();
            parked.removeAll(release);
        }
        for (Wire w : release) {
            time.at(time.nanos(), "fabric releases " + w.describe(), null, () -> route(w));
        }
    }

    /** The parked messages, in the order sent. */
    public List<Wire> parked() {
        synchronized (lock) {
            return List.copyOf(parked);
        }
    }

    /**
     * Delivers one parked message now, on the receive thread of its kind, without waiting for virtual
     * time (a controlled scheduler decides when each message arrives); nothing when it is not parked.
     */
    public void deliverNow(Wire w) {
        synchronized (lock) {
            if (!parked.remove(w)) {
                return;
            }
        }
        route(w);
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

    /** How many hello requests {@code from} sent to {@code to}. */
    public int helloRequests(PeerId from, PeerId to) {
        return wires(w -> w.from.equals(from) && w.to.equals(to) && w.message.kind() == WireMessage.Kind.HELLO_REQUEST)
                .size();
    }

    /**
     * Hello requests sent to a peer while an earlier one to the same peer was in flight (not
     * answered, and no timer of the sender fired at a later instant), in words.
     */
    public List<String> duplicateHellos() {
        synchronized (lock) {
            return List.copyOf(duplicateHellos);
        }
    }

    /** Whether a message is on its way (sent, not parked, not yet handled). */
    public boolean inFlight() {
        synchronized (lock) {
            return inFlight > 0;
        }
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
                        + " and returned without delivering it, and nothing the driver did afterwards delivered it"
                        + (last == null ? "" : "; last driver line in "
                        + "that call: " + last);
            }
        }
        return "message '" + m.text + "' from " + m.from + " to " + m.to + " was never delivered"
                + (parked.isEmpty() ? " (no data message carrying it is on the wire)" : "");
    }

    /** Exceptions the endpoints threw on the fabric's threads. */
    public List<String> handlerErrors() {
        List<String> all;
        List<Peer> ps;
        synchronized (lock) {
            all = new ArrayList<>(handlerErrors);
            ps = new ArrayList<>(peers.values());
        }
        for (Peer p : ps) {
            for (Worker w : p.workers()) {
                all.addAll(w.errors());
            }
        }
        return all;
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
            if (closed) {
                return;
            }
            closed = true;
            all = new ArrayList<>(peers.values());
        }
        for (Peer p : all) {
            if (p.endpoint != null) {
                p.app.execute(() -> p.endpoint.close());
            }
        }
        try {
            time.awaitIdle();
        } catch (RuntimeException e) {
            run.trace().add("fabric", "the endpoints did not settle after close(): " + e.getMessage(), null);
        }
        for (Peer p : all) {
            p.context.close();
        }
        time.stop();
    }

    private void transmit(Peer from, PeerId to, WireMessage message) {
        Wire w;
        boolean park;
        synchronized (lock) {
            w = new Wire(++sequence, from.id, to, message, time.nanos());
            wires.add(w);
            park = parking.stream().anyMatch(rule -> rule.test(w));
            if (park) {
                parked.add(w);
            }
            if (message.kind() == WireMessage.Kind.HELLO_REQUEST) {
                checkHello(from, w);
            }
        }
        run.trace().add("fabric", time.stamp() + " transmit " + w.describe() + (park ? ": PARKED" : ""), null);
        if (!park) {
            time.after(delay, null, null, () -> route(w));
        }
    }

    /** Records a hello request sent while an earlier one to the same peer is in flight. Under the lock. */
    private void checkHello(Peer from, Wire w) {
        String key = w.from + "->" + w.to;
        Wire previous = outstandingHellos.get(key);
        if (previous != null && from.context.lastTimerFiredAt() <= previous.sentAt) {
            duplicateHellos.add(w.from + " sent a second hello request to " + w.to + " (wire #" + w.seq + " at "
                    + VirtualTime.seconds(w.sentAt) + ") while its request #" + previous.seq + " (sent at "
                    + VirtualTime.seconds(previous.sentAt) + ") was in flight, with no timeout of " + w.from
                    + " fired since" + (w.sentAt == from.context.lastTimerFiredAt() ? " (" + from.context.timersFiredAt(w.sentAt)
                    + " timeouts of " + w.from + " fired at that instant)" : "") + "; sent at "
                    + run.trace().lastSite(Thread.currentThread().getName(), 0, run.trace().size()));
        }
        outstandingHellos.put(key, w);
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
        to.rx.get(w.message.kind().isHandshake() ? 0 : 1).execute(() -> to.handle(w));
    }

    /** A payload as the text an application sent. */
    public static String text(byte[] payload) {
        return new String(payload, StandardCharsets.UTF_8);
    }

    /** One peer: its endpoint, its context, its application thread, receive threads and timer thread. */
    public final class Peer implements Fabric {
        final PeerId id;
        final List<Integer> versions;
        final Worker app;
        final List<Worker> rx = new ArrayList<>();
        final Worker timers;
        final KitContext context;
        final List<String> delivered = new ArrayList<>();
        volatile HandshakeEndpoint endpoint;
        CompletableFuture<HandshakeEndpoint> opened;

        Peer(PeerId id, List<Integer> versions) {
            this.id = id;
            this.versions = versions;
            this.app = time.worker(id + "-app");
            for (int i = 0; i < RECEIVE_THREADS; i++) {
                rx.add(time.worker(id + "-rx" + i));
            }
            this.timers = time.worker(id + "-timer");
            this.context = new KitContext(run::track, time, id.toString(), timers);
        }

        List<Worker> workers() {
            List<Worker> all = new ArrayList<>(rx);
            all.add(app);
            all.add(timers);
            return all;
        }

        /**
         * The endpoint, once time has run past this peer's opening.
         *
         * @throws IllegalStateException when {@code Driver.openHandshake} failed or returned null
         */
        public HandshakeEndpoint endpoint() {
            if (endpoint == null) {
                HandshakeEndpoint e = opened.getNow(null);
                if (opened.isCompletedExceptionally()) {
                    opened.join();
                }
                if (e == null) {
                    throw new IllegalStateException(opened.isDone() ? "Driver.openHandshake returned null"
                            : "the endpoint is not open yet");
                }
                endpoint = e;
            }
            return endpoint;
        }

        /** Whether one of this peer's threads (application, receive, timer) has a task queued or running. */
        public boolean busy() {
            return workers().stream().anyMatch(Worker::hasWork);
        }

        /** The peer's address. */
        public PeerId id() {
            return id;
        }

        /** The receive threads of this peer. */
        public List<Thread> receiveThreads() {
            return rx.stream().map(Worker::thread).toList();
        }

        /** The virtual time at which one of this peer's timers last fired, or -1. */
        public long lastTimerFiredAt() {
            return context.lastTimerFiredAt();
        }

        /** How many timers this peer's driver armed on its context's scheduler. */
        public int timersArmed() {
            return context.timersArmed();
        }

        /** How many of this peer's timers fired. */
        public int timersFired() {
            return context.timersFired();
        }

        /** Has this peer's application send a message to another, now. */
        public void send(Peer to, String text) {
            synchronized (lock) {
                sent.add(new AppMessage(id, to.id, text));
            }
            time.at(time.nanos(), id + "'s application sends '" + text + "' to " + to.id, null,
                    () -> app.execute(() -> endpoint().send(to.id, text.getBytes(StandardCharsets.UTF_8))));
        }

        /** Has this peer's application send a message to another at once, on its application thread, not as an event of time. */
        public void sendNow(Peer to, String text) {
            synchronized (lock) {
                sent.add(new AppMessage(id, to.id, text));
            }
            run.trace().add("fabric", time.stamp() + " " + id + "'s application sends '" + text + "' to " + to.id, null);
            app.execute(() -> endpoint().send(to.id, text.getBytes(StandardCharsets.UTF_8)));
        }

        /** Runs a call on this peer's application thread when time runs next. */
        public <T> CompletableFuture<T> call(String what, Callable<T> call) {
            CompletableFuture<T> f = new CompletableFuture<>();
            app.execute(() -> {
                try {
                    f.complete(call.call());
                } catch (Throwable e) {
                    f.completeExceptionally(e);
                }
            });
            return f;
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
            Points.environmentReached("Fabric.transmit");
            SimulatedFabric.this.transmit(this, to, message);
        }

        @Override
        public void deliver(PeerId from, byte[] message) {
            Points.environmentReached("Fabric.deliver");
            String text = text(message);
            synchronized (lock) {
                delivered.add(from + ":" + text);
            }
            run.trace().add("fabric", time.stamp() + " delivered '" + text + "' from " + from + " to the application of "
                    + id, null);
        }

        void handle(Wire w) {
            String thread = Thread.currentThread().getName();
            run.trace().add("fabric", time.stamp() + " deliver " + w.describe() + " on " + thread, null);
            w.handledBy = thread;
            w.traceFrom = run.trace().size();
            try {
                endpoint().onReceive(w.from, w.message);
            } catch (Throwable t) {
                synchronized (lock) {
                    handlerErrors.add(id + ".onReceive threw " + t);
                }
            } finally {
                w.traceTo = run.trace().size();
                w.handled = true;
                synchronized (lock) {
                    inFlight--;
                    if (w.message.kind() == WireMessage.Kind.HELLO_RESPONSE) {
                        outstandingHellos.remove(w.to + "->" + w.from);
                    }
                }
            }
        }
    }
}
