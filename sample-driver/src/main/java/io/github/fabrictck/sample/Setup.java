package io.github.fabrictck.sample;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.Connection;
import io.github.fabrictck.spi.cs.Mode;
import io.github.fabrictck.spi.cs.Role;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * What every connection-setup endpoint of this module shares: an SMC-R-like setup (Linux
 * {@code net/smc}) of a fast path with a fallback to the control stream.
 *
 * <p>On the control stream (CLC in SMC), every setup message is {@value #MESSAGE_LENGTH} bytes: the
 * eyecatcher {@code E2 D4 C3 D9} ("SMCR" in EBCDIC), a type (PROPOSAL, ACCEPT, CONFIRM, DECLINE,
 * LINK_UP) and three zero bytes. On the fast path (LLC in SMC) the first byte of a message is its
 * type (LINK_CONFIRM, LINK_RESPONSE, DATA). The client proposes, the server accepts, the client
 * confirms; the server then checks the fast path with LINK_CONFIRM and waits {@link #T_S} for the
 * client's LINK_RESPONSE, then says LINK_UP (fast path) or DECLINE (fallback). A client that sees no
 * LINK_CONFIRM within its confirm timeout waits {@link #T_D} for the server's DECLINE, then declines
 * itself.
 *
 * <p>After a fallback the control stream is the application's byte stream, exactly as TCP is after
 * an SMC fallback: every byte after the last setup message goes to the application unparsed. That
 * is where a DECLINE that crossed the peer's own DECLINE ends up (CVE-2023-52775, "net/smc: avoid
 * data corruption caused by decline": Redis read "\xe2" as a reply type byte).
 *
 * <p>The rules that differ between the compliant driver and the known-broken ones are the hooks:
 * {@link #clientConfirmTimeout()}, {@link #clientWaitsForServersWord()} and
 * {@link #serverArmsConfirmTimer()}.
 *
 * <p>Handlers and timers run on different threads: all state is guarded by {@link #lock}. What a
 * handler decides under the lock (writes, sends, timers to arm, the connection, bytes for the
 * application) it does after releasing it, in order, so that a hold of the kit on a send never
 * stops a thread inside the lock, and the kit's completion callback never runs under it.
 */
abstract class Setup implements SetupEndpoint {

    /** The server's confirm time: how long it waits for LINK_RESPONSE ({@code SMC_LLC_WAIT_TIME}). */
    static final Duration T_S = Duration.ofSeconds(2);
    /** How long the client waits for the server's DECLINE after its confirm timeout ({@code CLC_WAIT_TIME_SHORT}). */
    static final Duration T_D = Duration.ofSeconds(1);

    /** The length of every control-stream setup message. */
    static final int MESSAGE_LENGTH = 8;
    /** "SMCR" in EBCDIC, the first bytes of every control-stream setup message. */
    private static final byte[] EYECATCHER = {(byte) 0xE2, (byte) 0xD4, (byte) 0xC3, (byte) 0xD9};

    /** Control-stream message types. */
    static final byte PROPOSAL = 1;
    static final byte ACCEPT = 2;
    static final byte CONFIRM = 3;
    static final byte DECLINE = 4;
    static final byte LINK_UP = 5;

    /** Fast-path message types (the first byte). */
    static final byte LINK_CONFIRM = 1;
    static final byte LINK_RESPONSE = 2;
    static final byte DATA = 3;

    /** Where this side's setup stands. */
    enum State {
        /** Neither {@code connect()} nor {@code accept()} yet. */
        IDLE,
        /** Client: PROPOSAL written. */
        WAIT_ACCEPT,
        /** Client: CONFIRM written, the confirm timer runs. */
        WAIT_LINK_CONFIRM,
        /** Client: LINK_RESPONSE sent, waiting for the server's LINK_UP or DECLINE. */
        WAIT_WORD,
        /** Client: the confirm timer fired, waiting {@link #T_D} for the server's DECLINE. */
        WAIT_DECLINE,
        /** Server: accepting, waiting for PROPOSAL. */
        WAIT_PROPOSAL,
        /** Server: ACCEPT written. */
        WAIT_CONFIRM,
        /** Server: LINK_CONFIRM sent, waiting for LINK_RESPONSE. */
        WAIT_LINK_RESPONSE,
        /** Setup ended on {@link #mode}. */
        ENDED,
        /** Closed: nothing is handled any more. */
        CLOSED
    }

    /** The timers of the setup; at most one runs at a time on a side. */
    enum Timer {
        /** Client: T_C, waiting for LINK_CONFIRM. */
        CLIENT_CONFIRM,
        /** Client: T_D, waiting for the server's DECLINE. */
        DECLINE_WAIT,
        /** Server: T_S, waiting for LINK_RESPONSE. */
        SERVER_CONFIRM
    }

    protected final SetupLink link;
    protected final Role role;
    protected final Object lock = new Object();
    private final ScheduledExecutorService scheduler;
    private final CompletableFuture<Connection> result = new CompletableFuture<>();
    // ---- guarded by lock
    private State state = State.IDLE;
    /** Counts state changes, so that a timer armed after the lock was released still belongs to its state. */
    private long transitions;
    private Mode mode;
    /** Control bytes not parsed yet: a setup message may arrive in pieces, or together with the next. */
    private byte[] pending = new byte[0];
    /** DATA that arrived before this side ended setup; delivered if it ends on the fast path. */
    private final List<byte[]> early = new ArrayList<>();
    private ScheduledFuture<?> timer;
    /** Changes whenever a timer is armed or cancelled: a timer that fires with an older value is stale. */
    private long timerGeneration;
    /** Bytes for the application, in order; one thread at a time hands them over, outside the lock. */
    private final ArrayDeque<byte[]> toDeliver = new ArrayDeque<>();
    private boolean delivering;

    Setup(DriverContext context, SetupLink link) {
        this.link = link;
        this.role = link.role();
        this.scheduler = context.scheduler();
    }

    /** Client: how long it waits for LINK_CONFIRM after writing CONFIRM (T_C). */
    protected abstract Duration clientConfirmTimeout();

    /**
     * Client: whether, after sending LINK_RESPONSE, it waits for the server's LINK_UP or DECLINE on
     * the control stream; otherwise it ends on the fast path at once.
     */
    protected abstract boolean clientWaitsForServersWord();

    /** Server: whether it bounds its wait for LINK_RESPONSE with the timer {@link #T_S}. */
    protected abstract boolean serverArmsConfirmTimer();

    // ---------------------------------------------------------------- SetupEndpoint

    @Override
    public CompletionStage<Connection> connect() {
        if (role != Role.CLIENT) {
            throw new IllegalStateException("connect() on the server's endpoint; the server calls accept()");
        }
        After after = new After();
        synchronized (lock) {
            start();
            to(State.WAIT_ACCEPT);
            after.add(() -> link.control().write(controlMessage(PROPOSAL)));
            parse(after); // anything that arrived before connect()
        }
        after.run();
        return result;
    }

    @Override
    public CompletionStage<Connection> accept() {
        if (role != Role.SERVER) {
            throw new IllegalStateException("accept() on the client's endpoint; the client calls connect()");
        }
        After after = new After();
        synchronized (lock) {
            start();
            to(State.WAIT_PROPOSAL);
            parse(after); // a PROPOSAL that arrived before accept()
        }
        after.run();
        return result;
    }

    @Override
    public void onControl(byte[] bytes) {
        After after = new After();
        synchronized (lock) {
            if (state == State.ENDED) {
                if (mode == Mode.FALLBACK) {
                    deliver(bytes, after); // the control stream is the application's now
                }
                // on the fast path the control stream carries nothing more for us
            } else if (state != State.CLOSED) {
                pending = concat(pending, bytes);
                parse(after);
            }
        }
        after.run();
    }

    @Override
    public void onFastPath(byte[] message) {
        if (message.length == 0) {
            return;
        }
        After after = new After();
        synchronized (lock) {
            switch (message[0]) {
                case LINK_CONFIRM -> onLinkConfirm(after);
                case LINK_RESPONSE -> onLinkResponse(after);
                case DATA -> onData(Arrays.copyOfRange(message, 1, message.length), after);
                default -> {
                    // not a message of this protocol: nothing to do
                }
            }
        }
        after.run();
    }

    @Override
    public void close() {
        synchronized (lock) {
            cancelTimer();
            state = State.CLOSED;
            transitions++;
            pending = new byte[0];
            early.clear();
        }
    }

    // ---------------------------------------------------------------- control stream

    /** Handles every complete setup message in {@link #pending} while setup runs. */
    private void parse(After after) {
        while (inSetup() && state != State.IDLE && pending.length >= MESSAGE_LENGTH) {
            byte[] message = Arrays.copyOf(pending, MESSAGE_LENGTH);
            pending = Arrays.copyOfRange(pending, MESSAGE_LENGTH, pending.length);
            if (Arrays.equals(message, 0, EYECATCHER.length, EYECATCHER, 0, EYECATCHER.length)) {
                onControlMessage(message[EYECATCHER.length], after);
            }
            // without the eyecatcher it is no setup message; a peer of this module never sends one during setup
        }
    }

    private void onControlMessage(byte type, After after) {
        if (type == DECLINE) {
            // the peer gave up and sends nothing more of the setup: fall back, and send nothing
            cancelTimer();
            end(Mode.FALLBACK, after);
            return;
        }
        switch (state) {
            case WAIT_PROPOSAL -> {
                if (type == PROPOSAL) {
                    to(State.WAIT_CONFIRM);
                    after.add(() -> link.control().write(controlMessage(ACCEPT)));
                }
            }
            case WAIT_ACCEPT -> {
                if (type == ACCEPT) {
                    to(State.WAIT_LINK_CONFIRM);
                    after.add(() -> link.control().write(controlMessage(CONFIRM)));
                    arm(Timer.CLIENT_CONFIRM, clientConfirmTimeout(), after);
                }
            }
            case WAIT_CONFIRM -> {
                if (type == CONFIRM) {
                    to(State.WAIT_LINK_RESPONSE);
                    // T_S starts once LINK_CONFIRM is out, as smc_llc_wait follows the send in SMC
                    after.add(() -> link.fastPath().send(new byte[] {LINK_CONFIRM}));
                    if (serverArmsConfirmTimer()) {
                        arm(Timer.SERVER_CONFIRM, T_S, after);
                    }
                }
            }
            case WAIT_WORD -> {
                if (type == LINK_UP) {
                    end(Mode.FAST_PATH, after);
                }
            }
            default -> {
                // a message that does not belong to this state: the peer of this module never sends one
            }
        }
    }

    // ---------------------------------------------------------------- fast path

    private void onLinkConfirm(After after) {
        // in WAIT_DECLINE it is too late: the client already gave up on it, and the server will decline
        if (state != State.WAIT_LINK_CONFIRM) {
            return;
        }
        cancelTimer();
        after.add(() -> link.fastPath().send(new byte[] {LINK_RESPONSE}));
        if (clientWaitsForServersWord()) {
            // no timer: the server decides within its own T_S, and the control stream is reliable
            to(State.WAIT_WORD);
        } else {
            end(Mode.FAST_PATH, after);
        }
    }

    private void onLinkResponse(After after) {
        if (state != State.WAIT_LINK_RESPONSE) {
            return; // after T_S the server has declined already: the fast path is not used
        }
        cancelTimer();
        after.add(() -> link.control().write(controlMessage(LINK_UP)));
        end(Mode.FAST_PATH, after);
    }

    private void onData(byte[] payload, After after) {
        if (state == State.ENDED) {
            if (mode == Mode.FAST_PATH) {
                deliver(payload, after);
            }
            // after a fallback the fast path carries no application bytes
        } else if (inSetup()) {
            early.add(payload); // the peer ended on the fast path before us: keep it until we do
        }
    }

    // ---------------------------------------------------------------- timers

    private void onTimer(Timer which, long generation) {
        After after = new After();
        synchronized (lock) {
            if (generation != timerGeneration) {
                return; // cancelled after it had started to fire
            }
            timer = null;
            switch (which) {
                case CLIENT_CONFIRM -> {
                    if (state == State.WAIT_LINK_CONFIRM) {
                        // as smcr_clnt_conf_first_link: give the server time to decline first
                        to(State.WAIT_DECLINE);
                        arm(Timer.DECLINE_WAIT, T_D, after);
                    }
                }
                case DECLINE_WAIT -> {
                    if (state == State.WAIT_DECLINE) {
                        after.add(() -> link.control().write(controlMessage(DECLINE)));
                        end(Mode.FALLBACK, after);
                    }
                }
                case SERVER_CONFIRM -> {
                    if (state == State.WAIT_LINK_RESPONSE) {
                        after.add(() -> link.control().write(controlMessage(DECLINE)));
                        end(Mode.FALLBACK, after);
                    }
                }
            }
        }
        after.run();
    }

    /**
     * Arms a timer once what is decided so far has been done: the server's T_S thus starts after its
     * LINK_CONFIRM is sent, as in SMC. Under the lock.
     */
    private void arm(Timer which, Duration delay, After after) {
        long armedIn = transitions;
        after.add(() -> {
            synchronized (lock) {
                if (transitions != armedIn) {
                    return; // the state it was armed for is over already
                }
                long generation = ++timerGeneration;
                timer = scheduler.schedule(() -> onTimer(which, generation), delay.toNanos(), TimeUnit.NANOSECONDS);
            }
        });
    }

    /** Under the lock. */
    private void cancelTimer() {
        timerGeneration++;
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    // ---------------------------------------------------------------- ending

    /** Ends setup on a mode. Under the lock. */
    private void end(Mode how, After after) {
        to(State.ENDED);
        mode = how;
        byte[] leftover = pending;
        pending = new byte[0];
        if (how == Mode.FALLBACK) {
            // everything after the last setup message is the application's, unparsed: a DECLINE
            // that crossed ours arrives here, and the application reads it (CVE-2023-52775)
            if (leftover.length > 0) {
                deliver(leftover, after);
            }
            early.clear();
        } else {
            early.forEach(b -> deliver(b, after));
            early.clear();
        }
        after.complete(new Link(how));
    }

    /** Queues bytes for the application, in order. Under the lock. */
    private void deliver(byte[] bytes, After after) {
        toDeliver.add(bytes);
        if (!delivering) {
            delivering = true;
            after.drain = true;
        }
    }

    /** Hands the queued bytes to the application, outside the lock, until none is left. */
    private void drain() {
        while (true) {
            byte[] next;
            synchronized (lock) {
                next = toDeliver.poll();
                if (next == null) {
                    delivering = false;
                    return;
                }
            }
            link.application().deliver(next);
        }
    }

    // ---------------------------------------------------------------- helpers

    private void start() {
        if (state != State.IDLE) {
            throw new IllegalStateException("setup already started (" + state + ")");
        }
    }

    private void to(State next) {
        state = next;
        transitions++;
    }

    private boolean inSetup() {
        return state != State.ENDED && state != State.CLOSED;
    }

    /** A control-stream setup message of a type. */
    static byte[] controlMessage(byte type) {
        byte[] m = new byte[MESSAGE_LENGTH];
        System.arraycopy(EYECATCHER, 0, m, 0, EYECATCHER.length);
        m[EYECATCHER.length] = type;
        return m;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /**
     * What a handler decided under the lock and does after releasing it, in this order: writes,
     * sends and timers as decided, then the connection, then the application's bytes (the kit's
     * application answers only once its connection is up).
     */
    private final class After {
        private final List<Runnable> actions = new ArrayList<>();
        private Connection connection;
        private boolean drain;

        void add(Runnable action) {
            actions.add(action);
        }

        void complete(Connection c) {
            connection = c;
        }

        void run() {
            actions.forEach(Runnable::run);
            if (connection != null) {
                result.complete(connection);
            }
            if (drain) {
                drain();
            }
        }
    }

    /** The connection once set up: how it carries the application's bytes never changes. */
    private final class Link implements Connection {
        private final Mode how;

        Link(Mode how) {
            this.how = how;
        }

        @Override
        public Mode mode() {
            return how;
        }

        @Override
        public void write(byte[] bytes) {
            if (how == Mode.FAST_PATH) {
                byte[] message = new byte[bytes.length + 1];
                message[0] = DATA;
                System.arraycopy(bytes, 0, message, 1, bytes.length);
                link.fastPath().send(message);
            } else {
                // after the fallback the control stream is a plain byte stream, as TCP after SMC
                link.control().write(bytes);
            }
        }
    }
}
