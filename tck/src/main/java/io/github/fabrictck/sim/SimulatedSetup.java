package io.github.fabrictck.sim;

import io.github.fabrictck.engine.Hit;
import io.github.fabrictck.engine.Points;
import io.github.fabrictck.engine.VirtualTime;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.engine.Worker;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.cs.ApplicationSink;
import io.github.fabrictck.spi.cs.Connection;
import io.github.fabrictck.spi.cs.ControlStream;
import io.github.fabrictck.spi.cs.FastPathLink;
import io.github.fabrictck.spi.cs.Mode;
import io.github.fabrictck.spi.cs.Role;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The simulated network of the connection-setup family: a client and a server, each with a
 * control stream to the other (in order, with a one-way delay in virtual time; in memory, or
 * through a real loopback TCP socket pair), a fast-path link that loses the message a trial names,
 * and an application above it.
 *
 * <p>The applications talk as a Redis client and server do: once the client's connection is up its
 * application writes a request; once the server's application has read a request's worth of bytes
 * it writes a reply. Each application must read exactly the bytes the other wrote.
 *
 * <p>Every trial is one setup from scratch on virtual time 0: fresh endpoints, the same kit
 * threads (per side: the application's, the control stream's receive thread, the fast path's
 * receive thread and the timer thread).
 *
 * <p>A trial may <em>stall</em> the server: for a stretch of virtual time nothing of the server
 * runs (no delivery, no timer, no application step); what falls due meanwhile is handed over, in
 * order, when the stall ends, as to a process that was descheduled. That moves every timer the
 * server arms afterwards, whatever it arms it before or after, and needs no hold in the driver's
 * code.
 */
public final class SimulatedSetup implements AutoCloseable {

    /** The client application's request. */
    public static final byte[] REQUEST = "*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII);
    /** The server application's reply. */
    public static final byte[] REPLY = "+PONG\r\n".getBytes(StandardCharsets.US_ASCII);

    /** How the control stream is carried. */
    public enum Form {
        /** In memory: the kit hands each write to the peer when its delay is over. */
        MEMORY,
        /** A real loopback TCP socket pair: the kit writes into it when the delay is over. */
        LOOPBACK;

        /** The form in words, as variants name it. */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A fast-path message to lose: the {@code nth} (from 1) that {@code from} sends.
     *
     * @param from the side that sends it
     * @param nth  which of its messages
     */
    public record Loss(Role from, int nth, int answers) {

        /** The {@code nth} fast-path message of {@code from} (from 1). */
        public Loss(Role from, int nth) {
            this(from, nth, -1);
        }

        /**
         * The server's fast path from its answer to the client on: every fast-path message the server sends, until it
         * ends setup, after a control-stream message of the client that followed at least {@code answers} of its
         * control-stream writes reached it: its link confirm, a copy of it, and whatever it sends beside it (a dead
         * link loses them all, whatever their number or order, which may change with the phase). A loss by number
         * has {@code answers} -1.
         */
        public static Loss serverAnswerOn(int answers) {
            if (answers < 0) {
                throw new IllegalArgumentException("an answer follows no fewer than no control-stream write: " + answers);
            }
            return new Loss(Role.SERVER, 0, answers);
        }

        /**
         * The fast path down for the whole setup: every fast-path message either side sends before both ended setup.
         * For a setup whose server sends nothing on the fast path before it ends (it signals its decision in band, on
         * the control stream): the loss that makes such a setup fall back is the client's, whatever it sends.
         */
        public static Loss wholeSetup() {
            return new Loss(null, 0, -1);
        }

        /** Whether this is {@link #serverAnswerOn}. */
        public boolean fromTheAnswerOn() {
            return answers >= 0;
        }

        /** Whether this is {@link #wholeSetup}. */
        public boolean isWholeSetup() {
            return from == null;
        }

        /** In words: {@code the server's 1st fast-path message}. */
        public String describe() {
            return isWholeSetup() ? "every fast-path message either side sends before both ended setup (the server sends "
                    + "none: the fast path is down for the whole setup)"
                    : fromTheAnswerOn() ? "the server's fast-path answer to the client and every fast-path message it sends "
                    + "after it until it ends setup" : "the " + side(from) + "'s " + Hit.ordinal(nth) + " fast-path message";
        }
    }

    /**
     * A fast-path message as sent.
     *
     * @param from   the sender
     * @param nth    which of its messages, from 1
     * @param at     virtual nanoseconds when sent
     * @param lost   whether the trial lost it
     * @param length its length in bytes
     */
    public record FastMessage(Role from, int nth, long at, boolean lost, int length) {
    }

    /**
     * Where a stall of the server begins: its anchor, for {@link Anchor#SERVER_MESSAGE} which of the server's
     * control-stream writes, and for an anchor on the protocol which fast-path answer of the server it is
     * placed on.
     *
     * <p>Anchored on the protocol, the stall is placed on the server's <em>fast-path answer to the client</em>:
     * a fast-path message the server sends (before it ends setup) after a control-stream message of the client
     * was handed to it. Of its answers, the one to the client's deepest step counts: the first of those that
     * follow a client message with the most control-stream writes of the server before it (SMC-R's LINK_CONFIRM,
     * the answer to CONFIRM, which followed ACCEPT). A fast-path message the server sends before any message of
     * the client reached it (a dummy as it accepts) is no answer: the stall could not make it late for the
     * client. The stall begins as the server's control-stream write that client message replied to reaches the
     * client (SMC-R's ACCEPT, which CONFIRM replies to).
     *
     * @param anchor  the kind of point
     * @param message for {@link Anchor#SERVER_MESSAGE}, the server's control-stream write (from 1) whose
     *                arrival at the client begins the stall: the one the client's message before its fast-path answer
     *                replied to (or its last before that answer, when that client message came before any write); 0
     *                otherwise
     * @param answers for an anchor on the protocol, how many control-stream writes of the server preceded the
     *                client message its fast-path answer follows: in each trial the phase is measured to the
     *                server's first fast-path answer to a client message that followed at least as many; 0
     *                otherwise
     */
    public record StallStart(Anchor anchor, int message, int answers) {

        /** The kinds of point a stall begins at. */
        public enum Anchor {
            /**
             * On the protocol: as the server's {@code message}-th control-stream write, the last it wrote
             * before its fast-path answer to the client, reaches the client. The client's answer (and with it
             * the server's fast-path answer and every timer it arms there) reaches a server that runs the
             * stall behind.
             */
            SERVER_MESSAGE,
            /**
             * On the protocol: before the server's endpoint is opened, for a server that answers the client on
             * the fast path before it writes anything on the control stream.
             */
            SERVER_FIRST,
            /**
             * As the client arms its first timer: only for a server that sends no fast-path answer to the
             * client (nothing on the fast path, or only messages sent before the client said anything).
             */
            CLIENT_FIRST_TIMER,
            /** Before the server's endpoint is opened: only for a server that sends no fast-path answer to the client. */
            SERVER_OPEN
        }

        /** As the client arms its first timer (a setup whose server sends no fast-path answer to the client). */
        public static final StallStart CLIENT_FIRST_TIMER = new StallStart(Anchor.CLIENT_FIRST_TIMER, 0, 0);
        /** Before the server's endpoint is opened (a setup whose server sends no fast-path answer to the client). */
        public static final StallStart SERVER_OPEN = new StallStart(Anchor.SERVER_OPEN, 0, 0);
        /** Before the server's endpoint is opened: its fast-path answer to the client comes before any control write. */
        public static final StallStart SERVER_FIRST = new StallStart(Anchor.SERVER_FIRST, 0, 0);

        /**
         * As the server's {@code nth} control-stream write (from 1) reaches the client: the one a client message its
         * fast-path answer follows replied to ({@code nth == answers}), or its last before that answer.
         */
        public static StallStart serverMessage(int nth, int answers) {
            if (nth < 1) {
                throw new IllegalArgumentException("a control-stream write is counted from 1: " + nth);
            }
            return new StallStart(Anchor.SERVER_MESSAGE, nth, answers);
        }

        /**
         * Whether the phase is measured on the protocol (from the stall's anchor to the server's fast-path
         * answer to the client) rather than between the two sides' first timer arms.
         */
        public boolean onProtocol() {
            return anchor == Anchor.SERVER_MESSAGE || anchor == Anchor.SERVER_FIRST;
        }

        /** The anchor in words, after "the server stalled N ms": {@code as its 1st control-stream write ...}. */
        public String describe() {
            return switch (anchor) {
                case SERVER_MESSAGE -> "from the moment its " + Hit.ordinal(message) + " control-stream write, "
                        + (message == answers ? "which the client's message before its fast-path answer replied to,"
                        : "the last before its fast-path answer to the client,") + " reached the client";
                case SERVER_FIRST -> "before its endpoint opens (it answers the client on the fast path before it writes "
                        + "on the control stream)";
                case CLIENT_FIRST_TIMER -> "from the client's first timer arm";
                case SERVER_OPEN -> "before its endpoint opens";
            };
        }
    }

    private final WindowRun run;
    private final VirtualTime time;
    private final Driver driver;
    private final Form form;
    private final long delay;
    private final Side client;
    private final Side server;
    private final AtomicLong inFlight = new AtomicLong();
    private final Socket clientSocket;
    private final Socket serverSocket;
    private volatile Trial trial;
    private final java.util.Set<String> endpointClasses = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private boolean closed;

    /**
     * The network.
     *
     * @param run    the window
     * @param time   its virtual time
     * @param driver the driver under test
     * @param form   how the control stream is carried
     * @param delay  the one-way delay of the control stream and the fast path
     */
    public SimulatedSetup(WindowRun run, VirtualTime time, Driver driver, Form form, Duration delay) {
        this.run = run;
        this.time = time;
        this.driver = driver;
        this.form = form;
        this.delay = delay.toNanos();
        this.client = new Side(Role.CLIENT);
        this.server = new Side(Role.SERVER);
        time.busyWhile(() -> inFlight.get() != 0);
        if (form == Form.LOOPBACK) {
            try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                clientSocket = new Socket(listener.getInetAddress(), listener.getLocalPort());
                serverSocket = listener.accept();
                clientSocket.setTcpNoDelay(true);
                serverSocket.setTcpNoDelay(true);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open a loopback TCP socket pair for the control stream", e);
            }
            reader(serverSocket, Role.SERVER).start();
            reader(clientSocket, Role.CLIENT).start();
        } else {
            clientSocket = null;
            serverSocket = null;
        }
    }

    /**
     * Reads what the socket brings and hands it to the receiving side's control thread, in the
     * trial running now (a trial ends only once every byte written into the socket was read).
     */
    private Thread reader(Socket socket, Role to) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[4096];
            try (InputStream in = socket.getInputStream()) {
                int n;
                while ((n = in.read(buf)) > 0) {
                    byte[] chunk = Arrays.copyOf(buf, n);
                    Trial.End end = to == Role.CLIENT ? trial.client() : trial.server();
                    end.handOff(end.side.control, () -> end.onControl(chunk));
                    inFlight.addAndGet(-n);
                    time.poke();
                }
            } catch (IOException ignored) {
                // the window is over
            }
        }, "kit-loopback-" + side(to));
        t.setDaemon(true);
        return t;
    }

    /** The form of the control stream. */
    public Form form() {
        return form;
    }

    /**
     * Starts a new trial at virtual time 0: opens a fresh endpoint on each side, then the server
     * accepts and the client connects.
     *
     * @param loss the fast-path message to lose, or {@code null}
     */
    public Trial trial(Loss loss) {
        endTrial();
        time.reset();
        trial = new Trial(loss);
        trial.start();
        return trial;
    }

    /** Closes the endpoints of the trial in progress, if any, and waits until the driver is idle. */
    public void endTrial() {
        if (trial != null) {
            trial.close();
            trial = null;
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        endTrial();
        time.stop();
        for (Socket s : new Socket[] {clientSocket, serverSocket}) {
            if (s != null) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // nothing to do
                }
            }
        }
    }

    /** The driver classes of the endpoints opened so far, for the agent check. */
    public List<String> endpointClassNames() {
        return List.copyOf(endpointClasses);
    }

    private static String side(Role r) {
        return r == Role.CLIENT ? "client" : "server";
    }

    /** The kit threads of one side, kept across trials. */
    private final class Side {
        final Role role;
        final String name;
        final Worker app;
        final Worker control;
        final Worker fast;
        final Worker timers;

        Side(Role role) {
            this.role = role;
            this.name = side(role);
            this.app = time.worker(name + "-app");
            this.control = time.worker(name + "-control-rx");
            this.fast = time.worker(name + "-fastpath-rx");
            this.timers = time.worker(name + "-timer");
        }

        List<Worker> workers() {
            return List.of(app, control, fast, timers);
        }
    }

    /** One setup from scratch. */
    public final class Trial {
        private final Loss loss;
        private final End clientEnd;
        private final End serverEnd;
        private final List<FastMessage> fastMessages = Collections.synchronizedList(new ArrayList<>());
        private final List<String> errors = Collections.synchronizedList(new ArrayList<>());
        private final java.util.concurrent.atomic.AtomicInteger timerSides = new java.util.concurrent.atomic.AtomicInteger();
        /**
         * Orders the deliveries of messages to the endpoints, the server's control-stream writes and fast-path
         * messages and the endpoints' ends within the trial, also within one virtual instant.
         */
        private final java.util.concurrent.atomic.AtomicLong order = new java.util.concurrent.atomic.AtomicLong();
        private volatile int setupMessages = -1;
        private volatile boolean noSetup;
        /** The network's events in flight, by lane ({@code control stream client → server}): each lane is in order. */
        private final java.util.Map<VirtualTime.Event, String> lanes = new java.util.concurrent.ConcurrentHashMap<>();
        /** The fast-path messages in flight that their sender sent before it ended setup: those a loss may take. */
        private final java.util.Map<VirtualTime.Event, Loss> setupInFlight = new java.util.concurrent.ConcurrentHashMap<>();
        private volatile boolean fastPathDown;
        private volatile StallStart stallStart;
        /** Virtual nanoseconds of each control-stream write of the server, in order. */
        private final List<Long> serverWrites = new ArrayList<>();
        /** The place in the trial's order ({@link #order}) of each control-stream write of the server; guarded by serverWrites. */
        private final List<Long> serverWriteOrders = new ArrayList<>();
        /**
         * Each fast-path message the server sent before it ended setup, as {@code {nth, virtual nanoseconds, place in
         * the trial's order, answers, writes}}: {@code answers} is how many control-stream writes the server had made
         * before the last control-stream message of the client handed to it before this message, or -1 if none had
         * been (then the message answers nothing the client said); {@code writes} how many it had made before this
         * message. Guarded by itself.
         */
        private final List<long[]> serverFast = new ArrayList<>();
        /** Virtual nanoseconds at which each control-stream write of the server reached the client, in order. */
        private final List<Long> serverArrivals = new ArrayList<>();
        /** Told the number (from 1) of each server control-stream write as it reaches the client, before the client gets it. */
        private volatile java.util.function.IntConsumer onServerMessageArrival = nth -> { };

        Trial(Loss loss) {
            this.loss = loss;
            for (Side s : List.of(client, server)) {
                for (Worker w : s.workers()) {
                    w.clearErrors();
                }
            }
            this.clientEnd = new End(client);
            this.serverEnd = new End(server);
            clientEnd.peer = serverEnd;
            serverEnd.peer = clientEnd;
        }

        void start() {
            time.at(0, "the server application accepts", null, () -> serverEnd.handOff(serverEnd.side.app, serverEnd::open));
            time.at(0, "the client application connects", null, () -> clientEnd.handOff(clientEnd.side.app, clientEnd::open));
        }

        /**
         * Stalls the server for {@code nanos} of virtual time from {@code start}; call before the
         * trial runs. A stall of 0 does nothing but records where the phase is measured from.
         */
        public void stallServer(long nanos, StallStart start) {
            this.stallStart = start;
            if (nanos <= 0) {
                return;
            }
            switch (start.anchor()) {
                case SERVER_OPEN, SERVER_FIRST -> serverEnd.stall(nanos, start.describe());
                case CLIENT_FIRST_TIMER -> clientEnd.onFirstTimer = () -> serverEnd.stall(nanos, start.describe());
                case SERVER_MESSAGE -> onServerMessageArrival = nth -> {
                    if (nth == start.message()) {
                        serverEnd.stall(nanos, start.describe());
                    }
                };
            }
        }

        /** Where this trial's stall began (or would have: a stall of 0), or {@code null} if not yet known. */
        public StallStart stallStart() {
            return stallStart;
        }

        /** Sets where the phase of this trial is measured from, once a trial without a stall has shown it. */
        public void measureFrom(StallStart start) {
            this.stallStart = start;
        }

        /**
         * Where a stall of the server is anchored for this driver, as this trial (run without a stall)
         * shows it, on the protocol: on the server's fast-path answer to the client (see {@link StallStart}),
         * the arrival at the client of the control-stream write of the server that the client's message the
         * answer follows replied to (SMC-R's ACCEPT, which CONFIRM answers; a note written between CONFIRM and the
         * link confirm is after it), or, for an answer to a client message that came before any write of the
         * server, of the last write the server made before that answer (in the trial's order, which tells apart a
         * write, a delivery and a send in one virtual instant, either way round), or the server's open if it
         * wrote none before. A server that sent no fast-path answer
         * (nothing on the fast path, or only messages sent before the client said anything, such as a dummy as
         * it accepts) has no such point: then the first timer arms decide (the side that armed first is where
         * the stall begins).
         */
        public StallStart protocolAnchor() {
            long[] answer = serverAnswer(-1);
            if (answer == null) {
                return clientArmedFirst() ? StallStart.CLIENT_FIRST_TIMER : StallStart.SERVER_OPEN;
            }
            int answers = (int) answer[3];
            int writes = (int) answer[4];
            // the client's message the answer follows was its reply to the server's answers-th write: the stall begins as
            // that write reaches the client, so a note the server writes between the reply and its answer (an ack) comes
            // after the stall, as the answer does; a server that answers a message the client sent before any write of
            // its own (a link confirm sent with ACCEPT, on PROPOSAL) is anchored on its last write before the answer
            int anchor = answers >= 1 ? answers : writes;
            return anchor == 0 ? StallStart.SERVER_FIRST : StallStart.serverMessage(anchor, answers);
        }

        /**
         * The server's fast-path answer to the client ({@code {nth, nanoseconds, order, answers, writes}}), or
         * {@code null}: with {@code answers} -1 the answer to the client's deepest step (the first of those to a
         * client message with the most writes of the server before it), else the first answer to a client message
         * that followed at least {@code answers} control-stream writes of the server.
         */
        private long[] serverAnswer(int answers) {
            synchronized (serverFast) {
                long most = answers >= 0 ? answers : serverFast.stream().mapToLong(m -> m[3]).max().orElse(-1);
                if (most < 0) {
                    return null;
                }
                return serverFast.stream().filter(m -> m[3] >= most).findFirst().orElse(null);
            }
        }

        /** The server's fast-path answer this trial's phase is measured to (by its {@link #stallStart()}), or {@code null}. */
        private long[] measuredAnswer() {
            StallStart s = stallStart;
            return s == null || !s.onProtocol() ? null : serverAnswer(s.answers());
        }

        /**
         * Virtual nanoseconds of the server's fast-path answer to the client (lost or not) that this trial's phase is
         * measured to, or -1: its first fast-path message sent before it ended setup after a control-stream message
         * of the client that followed at least as many of its control-stream writes as the answer the stall's anchor
         * was placed on ({@link StallStart#answers()}).
         */
        public long serverAnswerAt() {
            long[] a = measuredAnswer();
            return a == null ? -1 : a[1];
        }

        /** Which of the server's fast-path messages (from 1) is the answer {@link #serverAnswerAt()} names, or -1. */
        public int serverAnswerNth() {
            long[] a = measuredAnswer();
            return a == null ? -1 : (int) a[0];
        }

        /**
         * Whether a message of the client (control stream or fast path) was handed to the server's endpoint after
         * its fast-path answer ({@link #serverAnswerAt()}) and before it ended setup (or at all since, if it has
         * not), in the trial's order. If none was, an end on a timer is the server's own timeout; if one was, the
         * end may be the client's word, taken at once, on a later tick of an event loop, or after a linger timer.
         */
        public boolean deliveredToServerAfterAnswer() {
            long[] a = measuredAnswer();
            return a != null && serverEnd.deliveredAfter(a[2]);
        }

        /** Virtual nanoseconds at which the server's {@code nth} control-stream write (from 1) reached the client, or -1. */
        public long serverMessageArrivedAt(int nth) {
            synchronized (serverArrivals) {
                return nth >= 1 && nth <= serverArrivals.size() ? serverArrivals.get(nth - 1) : -1;
            }
        }

        /** Virtual nanoseconds at which the client's application opened its endpoint, or -1. */
        public long clientOpenedAt() {
            return clientEnd.openedAt;
        }

        /**
         * Whether the client armed its first timer before the server did (or the server armed none),
         * by the order of the arms, which tells apart two arms at the same virtual instant.
         */
        public boolean clientArmedFirst() {
            int c = clientEnd.firstTimerOrder;
            int s = serverEnd.firstTimerOrder;
            return c > 0 && (s == 0 || c < s);
        }

        /** Whether the driver opened no endpoint ({@code Driver.openConnectionSetup} returned {@code null}). */
        public boolean noSetup() {
            return noSetup;
        }

        /** The client's side. */
        public End client() {
            return clientEnd;
        }

        /** The server's side. */
        public End server() {
            return serverEnd;
        }

        /** Every fast-path message sent so far, in order. */
        public List<FastMessage> fastMessages() {
            return List.copyOf(fastMessages);
        }

        /** Whether the message to lose was sent (and lost). */
        public boolean lossHappened() {
            return fastMessages().stream().anyMatch(FastMessage::lost);
        }

        /**
         * The fast-path messages sent before both sides ended setup (all sent so far if they have
         * not): the setup messages a sweep loses in turn.
         */
        public List<FastMessage> setupMessages() {
            List<FastMessage> all = fastMessages();
            return setupMessages < 0 ? all : all.subList(0, Math.min(setupMessages, all.size()));
        }

        /** Whether both sides ended setup (the connection completed, normally or not). */
        public boolean ended() {
            return clientEnd.ended() && serverEnd.ended();
        }

        /** What went wrong in driver calls: an endpoint that could not be opened, a handler that threw. */
        public List<String> errors() {
            List<String> all = new ArrayList<>(errors);
            for (Side s : List.of(client, server)) {
                for (Worker w : s.workers()) {
                    all.addAll(w.errors());
                }
            }
            return all;
        }

        /**
         * Whether this is the trial running now. The loopback socket pair serves every trial, so
         * bytes a driver writes late for a trial that has ended (a close that ran on after the trial
         * settled) must not reach the next trial's endpoints: they are dropped, and the trace says so.
         */
        private boolean current() {
            return trial == this;
        }

        /**
         * The lane of a network event in flight ({@code control stream client → server}, {@code fast
         * path server → client}), or {@code null} for any other event: a lane delivers in the order sent.
         */
        public String lane(VirtualTime.Event e) {
            return lanes.get(e);
        }

        /** The side a network event in flight goes to, or {@code null} for any other event. */
        public End receiver(VirtualTime.Event e) {
            String lane = lanes.get(e);
            return lane == null ? null : lane.endsWith("→ server") ? serverEnd : clientEnd;
        }

        /** The setup messages on the fast path in flight (sent before their sender ended setup), in no order. */
        public java.util.Set<VirtualTime.Event> setupMessagesInFlight() {
            return java.util.Set.copyOf(setupInFlight.keySet());
        }

        /** Loses a setup message in flight on the fast path (one of {@link #setupMessagesInFlight()}). */
        public void lose(VirtualTime.Event e) {
            Loss which = setupInFlight.remove(e);
            if (which == null) {
                return;
            }
            e.cancel();
            lanes.remove(e);
            run.trace().add("kit", time.stamp() + " lost: " + which.describe(), null);
        }

        /**
         * The fast path fails during setup (an RDMA-side failure): every setup message in flight on it is
         * lost, and so is every one sent on it from now on in this trial (by a side that has not ended
         * setup). A side that ends on the fast path all the same (on a message it had already taken) has
         * a working link: what it sends after it ended is carried, as the catalog's losses never take
         * application bytes.
         */
        public void failFastPath() {
            fastPathDown = true;
            for (VirtualTime.Event e : List.copyOf(setupInFlight.keySet())) {
                e.cancel();
                lanes.remove(e);
                setupInFlight.remove(e);
            }
            run.trace().add("kit", time.stamp() + " the fast path fails: every setup message on it is lost from now on",
                    null);
        }

        /** Stalls the server from now for {@code nanos} of virtual time, once per trial ({@code when}: in words). */
        public void stallServerNow(long nanos, String when) {
            serverEnd.stall(nanos, when);
        }

        /** Whether the server is stalled now, or was in this trial. */
        public boolean serverStalled() {
            return serverEnd.stalled();
        }

        private void oneEnded() {
            if (clientEnd.ended() && serverEnd.ended() && setupMessages < 0) {
                setupMessages = fastMessages.size();
            }
        }

        void close() {
            List<CompletableFuture<Void>> closing = new ArrayList<>();
            for (End e : List.of(clientEnd, serverEnd)) {
                if (e.endpoint != null) {
                    CompletableFuture<Void> returned = new CompletableFuture<>();
                    e.side.app.execute(() -> {
                        try {
                            e.endpoint.close();
                        } finally {
                            returned.complete(null);
                        }
                    });
                    closing.add(returned);
                }
            }
            // the next trial starts once both close() calls returned: a close task still queued when the driver looked
            // idle ran into the next trial (review6-cs-wheel's CS-3, under load); a close() that does not return within
            // the settle bound is left as before, and the trace says so
            try {
                CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new))
                        .get(time.settle().toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                run.trace().add("kit", "an endpoint's close() had not returned " + time.settle().toMillis()
                        + " ms after the trial ended", null);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            try {
                time.awaitIdle();
            } catch (RuntimeException ignored) {
                // the verdict is already known; a driver that does not settle on close is reported there
            }
            clientEnd.context.close();
            serverEnd.context.close();
        }

        /** One side of one trial: the driver's endpoint and what its application saw. */
        public final class End implements SetupLink {
            private final Side side;
            private final KitContext context;
            private final ControlStream controlStream = this::writeControl;
            private final FastPathLink fastPath = this::sendFastPath;
            private final ApplicationSink sink = this::deliver;
            private final ByteArrayOutputStream received = new ByteArrayOutputStream();
            private final ByteArrayOutputStream written = new ByteArrayOutputStream();
            private End peer;
            private volatile SetupEndpoint endpoint;
            private volatile Connection connection;
            private volatile boolean opened;
            private volatile Mode mode;
            private volatile String failure;
            private volatile long endedAt = -1;
            private long controlArrival;
            private int fastSent;
            private boolean replied;
            private volatile Runnable onFirstTimer = () -> { };
            private volatile int firstTimerOrder;
            private volatile long openedAt = -1;
            /**
             * Each message of the peer (control stream or fast path) handed to this side's endpoint: virtual
             * nanoseconds and its place in the trial's order of deliveries, the server's writes and sends, and ends
             * ({@link Trial#order}). Stamped as the endpoint gets it, so a message that arrived while this side
             * was stalled counts when the stall handed it over.
             */
            private final List<long[]> delivered = Collections.synchronizedList(new ArrayList<>());
            /** This side's end in the trial's order ({@link Trial#order}); 0: not ended. */
            private volatile long endedOrder;
            /** The last control-stream message of the peer handed to this side's endpoint, in that order; 0: none yet. */
            private volatile long lastControlDelivered;
            // the stall: guarded by stalled
            private final List<Runnable> stalled = new ArrayList<>();
            private boolean stalling;
            private boolean stalledOnce;

            End(Side side) {
                this.side = side;
                this.context = new KitContext(run::track, time, side.name, task -> handOff(side.timers, task),
                        () -> {
                            firstTimerOrder = timerSides.incrementAndGet();
                            onFirstTimer.run();
                        });
            }

            /** Hands a task to one of this side's threads, or keeps it, in order, while the side is stalled. */
            void handOff(Worker worker, Runnable task) {
                synchronized (stalled) {
                    if (stalling) {
                        stalled.add(() -> worker.execute(task));
                        return;
                    }
                }
                worker.execute(task);
            }

            /** Whether this side stalled in this trial. */
            boolean stalled() {
                synchronized (stalled) {
                    return stalling || stalledOnce;
                }
            }

            /** Stalls this side from now for {@code nanos} of virtual time (once per trial). */
            void stall(long nanos, String when) {
                synchronized (stalled) {
                    if (stalling || stalledOnce) {
                        return;
                    }
                    stalling = true;
                    stalledOnce = true;
                }
                run.trace().add("kit", time.stamp() + " the " + side.name + " stalls for "
                        + TimeUnit.NANOSECONDS.toMillis(nanos) + " ms " + when, null);
                time.after(nanos, "the " + side.name + " goes on after its stall", null, this::goOn);
            }

            /**
             * Hands over the first task that waited, and the next in an event of its own at the same
             * instant, each once the driver is idle: as they would have been, one after the other
             * (the endpoint's open before the bytes for it). Whatever falls due meanwhile queues behind.
             */
            private void goOn() {
                synchronized (stalled) {
                    if (stalled.isEmpty()) {
                        stalling = false;
                        return;
                    }
                    stalled.remove(0).run();
                }
                time.at(time.nanos(), null, null, this::goOn);
            }

            /** The virtual time at which this side's driver armed its first timer, or -1. */
            public long firstTimerArmedAt() {
                return context.firstTimerArmedAt();
            }

            /** When each timer of this side's driver that fired at {@code instant} was armed, in virtual nanoseconds. */
            public List<Long> timerArmsFiredAt(long instant) {
                return context.timerArmsFiredAt(instant);
            }

            /**
             * Whether a message of the peer (control stream or fast path) was handed to this side's endpoint
             * after the point {@code after} of the trial's order and before it ended setup (or at all since, if
             * it has not), in the trial's order, which tells them apart within one virtual instant.
             */
            boolean deliveredAfter(long after) {
                long end = endedOrder;
                synchronized (delivered) {
                    return delivered.stream().anyMatch(d -> d[1] > after && (end == 0 || d[1] < end));
                }
            }

            /** Stamps a message of the peer as it is handed to the endpoint ({@code control}: on the control stream). */
            private void delivering(boolean control) {
                long o = order.incrementAndGet();
                delivered.add(new long[] {time.nanos(), o});
                if (control) {
                    lastControlDelivered = o;
                }
            }

            /** How coarsely the timers of this side's driver that fired at {@code instant} keep time ({@link KitContext#timerQuantumAt}). */
            public long timerQuantumAt(long instant) {
                return context.timerQuantumAt(instant);
            }

            /** {@code client} or {@code server}. */
            public String name() {
                return side.name;
            }

            /** The link object whose {@code send} this side's driver calls: a hold matches on it. */
            public FastPathLink fastPathLink() {
                return fastPath;
            }

            /** Whether setup ended on this side. */
            public boolean ended() {
                return endedAt >= 0;
            }

            /** Virtual nanoseconds when setup ended, or -1. */
            public long endedAt() {
                return endedAt;
            }

            /** The mode it ended on, or {@code null} (not ended, or ended with an error). */
            public Mode mode() {
                return mode;
            }

            /** Why setup failed on this side ({@code connect()} completed exceptionally), or {@code null}. */
            public String failure() {
                return failure;
            }

            /** The bytes this side's application read. */
            public byte[] received() {
                synchronized (received) {
                    return received.toByteArray();
                }
            }

            /** The bytes this side's application wrote. */
            public byte[] written() {
                synchronized (written) {
                    return written.toByteArray();
                }
            }

            /** The timers this side's driver armed and that fired. */
            public int timersFired() {
                return context.timersFired();
            }

            // ---- SetupLink, for the driver

            @Override
            public Role role() {
                return side.role;
            }

            @Override
            public ControlStream control() {
                return controlStream;
            }

            @Override
            public FastPathLink fastPath() {
                return fastPath;
            }

            @Override
            public ApplicationSink application() {
                return sink;
            }

            // ---- the kit's side

            void open() {
                openedAt = time.nanos();
                try {
                    endpoint = driver.openConnectionSetup(context, this);
                    if (endpoint != null) {
                        endpointClasses.add(endpoint.getClass().getName());
                    }
                } catch (RuntimeException | LinkageError e) {
                    errors.add("Driver.openConnectionSetup failed for the " + side.name + ": " + e);
                    return;
                }
                if (endpoint == null) {
                    // SPI 4: a driver that sets up connections only through a connection manager
                    noSetup = true;
                    return;
                }
                CompletionStage<Connection> stage = side.role == Role.CLIENT ? endpoint.connect() : endpoint.accept();
                if (stage == null) {
                    errors.add("SetupEndpoint." + (side.role == Role.CLIENT ? "connect" : "accept") + " returned null");
                    return;
                }
                opened = true;
                stage.whenComplete((c, thrown) -> completed(c, thrown));
            }

            /**
             * Whether this side's application has opened its endpoint and its {@code connect()} or
             * {@code accept()} has returned: before, a socket would keep what arrives in its backlog.
             */
            public boolean opened() {
                return opened;
            }

            private void completed(Connection c, Throwable thrown) {
                if (ended()) {
                    return;
                }
                connection = c;
                if (thrown != null || c == null) {
                    failure = thrown != null ? String.valueOf(thrown) : "completed with no connection";
                } else {
                    mode = c.mode();
                }
                endedAt = time.nanos();
                endedOrder = order.incrementAndGet();
                run.trace().add("kit", time.stamp() + " the " + side.name + " ended setup "
                        + (mode != null ? "on " + mode : "with " + failure), null);
                oneEnded();
                if (side.role == Role.CLIENT && c != null) {
                    time.at(time.nanos(), "the client application writes its request", null,
                            () -> handOff(side.app, () -> write(REQUEST)));
                }
            }

            private void write(byte[] bytes) {
                synchronized (written) {
                    written.writeBytes(bytes);
                }
                connection.write(bytes.clone());
            }

            private void deliver(byte[] bytes) {
                Points.environmentReached("ApplicationSink.deliver");
                boolean answer;
                synchronized (received) {
                    received.writeBytes(bytes);
                    answer = side.role == Role.SERVER && !replied && received.size() >= REQUEST.length
                            && connection != null;
                    replied |= answer;
                }
                if (answer) {
                    time.at(time.nanos(), "the server application writes its reply", null,
                            () -> handOff(side.app, () -> write(REPLY)));
                }
            }

            private void writeControl(byte[] bytes) {
                Points.environmentReached("ControlStream.write");
                if (!current()) {
                    run.trace().add("kit", "dropped: " + bytes.length + " byte(s) the " + side.name + " wrote into the "
                            + "control stream of a trial that has ended", null);
                    return;
                }
                byte[] copy = bytes.clone();
                long at;
                synchronized (this) {
                    at = Math.max(time.nanos() + delay, controlArrival);
                    controlArrival = at;
                }
                String what = "control stream " + side.name + " → " + peer.side.name + ": " + copy.length + " byte(s) "
                        + (form == Form.LOOPBACK ? "into the socket" : "arrive") + " (written at " + time.stamp() + ")";
                if (side.role == Role.SERVER) {
                    synchronized (serverWrites) {
                        serverWrites.add(time.nanos());
                        serverWriteOrders.add(order.incrementAndGet());
                    }
                }
                VirtualTime.Event[] event = new VirtualTime.Event[1];
                event[0] = time.at(at, what, null, () -> {
                    lanes.remove(event[0]);
                    if (!current()) {
                        return;
                    }
                    if (side.role == Role.SERVER) {
                        int nth;
                        synchronized (serverArrivals) {
                            serverArrivals.add(time.nanos());
                            nth = serverArrivals.size();
                        }
                        onServerMessageArrival.accept(nth);
                    }
                    if (form == Form.MEMORY) {
                        peer.handOff(peer.side.control, () -> peer.onControl(copy));
                    } else {
                        transmit(copy);
                    }
                });
                lanes.put(event[0], "control stream " + side.name + " → " + peer.side.name);
            }

            private void transmit(byte[] bytes) {
                Socket s = side.role == Role.CLIENT ? clientSocket : serverSocket;
                inFlight.addAndGet(bytes.length);
                try {
                    OutputStream out = s.getOutputStream();
                    out.write(bytes);
                    out.flush();
                } catch (IOException e) {
                    inFlight.addAndGet(-bytes.length);
                    errors.add("the loopback control stream failed: " + e);
                }
            }

            void onControl(byte[] bytes) {
                if (endpoint != null) {
                    delivering(true);
                    endpoint.onControl(bytes);
                }
            }

            private void sendFastPath(byte[] message) {
                Points.environmentReached("FastPathLink.send");
                if (!current()) {
                    run.trace().add("kit", "dropped: a fast-path message the " + side.name + " sent in a trial that has "
                            + "ended", null);
                    return;
                }
                byte[] copy = message.clone();
                int nth;
                synchronized (this) {
                    nth = ++fastSent;
                }
                // a loss takes setup messages only, never the application's bytes sent after both sides ended
                boolean setup = !Trial.this.ended();
                boolean lost = loss != null && setup && (loss.isWholeSetup()
                        || !loss.fromTheAnswerOn() && loss.from() == side.role && loss.nth() == nth)
                        || fastPathDown && !ended();
                if (side.role == Role.SERVER && !ended()) {
                    long sent = order.incrementAndGet();
                    long client = lastControlDelivered;
                    long answers = -1;
                    long writes;
                    synchronized (serverWrites) {
                        writes = serverWriteOrders.size();
                        if (client > 0) {
                            answers = serverWriteOrders.stream().filter(w -> w < client).count();
                        }
                    }
                    synchronized (serverFast) {
                        serverFast.add(new long[] {nth, time.nanos(), sent, answers, writes});
                    }
                    lost |= loss != null && loss.fromTheAnswerOn() && answers >= loss.answers();
                }
                fastMessages.add(new FastMessage(side.role, nth, time.nanos(), lost, copy.length));
                if (lost) {
                    run.trace().add("kit", time.stamp() + " lost: the " + side(side.role) + "'s " + Hit.ordinal(nth)
                            + " fast-path message"
                            + " (" + copy.length + " bytes)" + (fastPathDown ? ", the fast path has failed" : ""), null);
                    return;
                }
                VirtualTime.Event[] event = new VirtualTime.Event[1];
                event[0] = time.after(delay, "fast path " + side.name + " → " + peer.side.name + ": message " + nth + " ("
                        + copy.length + " bytes) arrives", null,
                        () -> {
                            lanes.remove(event[0]);
                            setupInFlight.remove(event[0]);
                                    peer.handOff(peer.side.fast, () -> {
                                if (peer.endpoint != null) {
                                    peer.delivering(false);
                                    peer.endpoint.onFastPath(copy);
                                }
                            });
                        });
                lanes.put(event[0], "fast path " + side.name + " → " + peer.side.name);
                if (!ended()) {
                    setupInFlight.put(event[0], new Loss(side.role, nth));
                }
            }
        }
    }
}
