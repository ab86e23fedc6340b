package io.github.fabrictck.zoo.cs;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.Connection;
import io.github.fabrictck.spi.cs.Mode;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * An SMC-R-like setup, one lock around everything, whose server arms its confirm timer before its
 * first fast-path send (LINK_CONFIRM), the order a vendor who "starts the clock, then sends" writes.
 *
 * <p>Control stream: 8-byte messages, {@code E2 D4 C3 D9} ("SMCR" in EBCDIC), a type, three zero
 * bytes; after a fallback it is the application's byte stream. Fast path: the first byte is the type.
 * The client proposes, the server accepts, the client confirms and arms its confirm timer; the
 * server arms its own (2 s) and sends LINK_CONFIRM; the client answers LINK_RESPONSE and waits for the
 * server's LINK_UP or DECLINE. A client whose confirm timer fires waits 1 s for the server's DECLINE,
 * then declines itself.
 */
class TimerFirstSetup implements SetupEndpoint {

    private static final byte[] EYECATCHER = {(byte) 0xE2, (byte) 0xD4, (byte) 0xC3, (byte) 0xD9};
    private static final int LENGTH = 8;
    private static final byte PROPOSAL = 1;
    private static final byte ACCEPT = 2;
    private static final byte CONFIRM = 3;
    private static final byte DECLINE = 4;
    private static final byte LINK_UP = 5;
    private static final byte LINK_CONFIRM = 1;
    private static final byte LINK_RESPONSE = 2;
    private static final byte DATA = 3;
    /** How long the server waits for LINK_RESPONSE. */
    static final Duration SERVER_CONFIRM = Duration.ofSeconds(2);
    /** How long the client waits for the server's DECLINE once its own confirm timer fired. */
    private static final Duration DECLINE_WAIT = Duration.ofSeconds(1);

    private enum Phase { IDLE, WAIT_PROPOSAL, WAIT_ACCEPT, WAIT_CONFIRM, WAIT_LINK_CONFIRM, WAIT_LINK_RESPONSE,
        WAIT_WORD, WAIT_DECLINE, FAST_PATH, FALLBACK, CLOSED }

    private final SetupLink link;
    private final ScheduledExecutorService scheduler;
    private final Duration clientConfirm;
    private final CompletableFuture<Connection> result = new CompletableFuture<>();
    // guarded by this
    private Phase phase = Phase.IDLE;
    private byte[] pending = new byte[0];
    private final List<byte[]> early = new ArrayList<>();
    private ScheduledFuture<?> timer;

    /**
     * @param clientConfirm how long the client waits for LINK_CONFIRM: twice the server's confirm
     *                      time is the upstream fix of CVE-2023-52775, the server's own time its bug
     */
    TimerFirstSetup(DriverContext context, SetupLink link, Duration clientConfirm) {
        this.link = link;
        this.scheduler = context.scheduler();
        this.clientConfirm = clientConfirm;
    }

    @Override
    public synchronized CompletionStage<Connection> connect() {
        phase = Phase.WAIT_ACCEPT;
        link.control().write(message(PROPOSAL));
        return result;
    }

    @Override
    public synchronized CompletionStage<Connection> accept() {
        phase = Phase.WAIT_PROPOSAL;
        parse(); // a PROPOSAL that came first
        return result;
    }

    @Override
    public synchronized void onControl(byte[] bytes) {
        if (phase == Phase.FALLBACK) {
            link.application().deliver(bytes);
        } else if (phase != Phase.FAST_PATH && phase != Phase.CLOSED) {
            byte[] all = Arrays.copyOf(pending, pending.length + bytes.length);
            System.arraycopy(bytes, 0, all, pending.length, bytes.length);
            pending = all;
            parse();
        }
    }

    private void parse() {
        while (phase != Phase.IDLE && phase != Phase.FALLBACK && phase != Phase.FAST_PATH && phase != Phase.CLOSED
                && pending.length >= LENGTH) {
            byte type = pending[EYECATCHER.length];
            pending = Arrays.copyOfRange(pending, LENGTH, pending.length);
            onMessage(type);
        }
    }

    private void onMessage(byte type) {
        if (type == DECLINE) {
            end(Mode.FALLBACK); // the peer gave up: fall back without a word
            return;
        }
        if (phase == Phase.WAIT_PROPOSAL && type == PROPOSAL) {
            phase = Phase.WAIT_CONFIRM;
            link.control().write(message(ACCEPT));
        } else if (phase == Phase.WAIT_ACCEPT && type == ACCEPT) {
            phase = Phase.WAIT_LINK_CONFIRM;
            link.control().write(message(CONFIRM));
            arm(clientConfirm, this::clientConfirmExpired);
        } else if (phase == Phase.WAIT_CONFIRM && type == CONFIRM) {
            phase = Phase.WAIT_LINK_RESPONSE;
            // the clock first, then the send: the timer runs before LINK_CONFIRM leaves
            arm(SERVER_CONFIRM, this::serverConfirmExpired);
            link.fastPath().send(new byte[] {LINK_CONFIRM});
        } else if (phase == Phase.WAIT_WORD && type == LINK_UP) {
            end(Mode.FAST_PATH);
        }
    }

    @Override
    public synchronized void onFastPath(byte[] message) {
        if (message.length == 0) {
            return;
        }
        if (message[0] == LINK_CONFIRM && phase == Phase.WAIT_LINK_CONFIRM) {
            cancel();
            phase = Phase.WAIT_WORD; // the server decides within its own timer; the control stream is reliable
            link.fastPath().send(new byte[] {LINK_RESPONSE});
        } else if (message[0] == LINK_RESPONSE && phase == Phase.WAIT_LINK_RESPONSE) {
            link.control().write(message(LINK_UP));
            end(Mode.FAST_PATH);
        } else if (message[0] == DATA) {
            byte[] payload = Arrays.copyOfRange(message, 1, message.length);
            if (phase == Phase.FAST_PATH) {
                link.application().deliver(payload);
            } else if (phase != Phase.FALLBACK && phase != Phase.CLOSED) {
                early.add(payload);
            }
        }
    }

    private synchronized void clientConfirmExpired() {
        if (phase == Phase.WAIT_LINK_CONFIRM) {
            phase = Phase.WAIT_DECLINE;
            arm(DECLINE_WAIT, this::declineWaitExpired);
        }
    }

    private synchronized void declineWaitExpired() {
        if (phase == Phase.WAIT_DECLINE) {
            link.control().write(message(DECLINE));
            end(Mode.FALLBACK);
        }
    }

    private synchronized void serverConfirmExpired() {
        if (phase == Phase.WAIT_LINK_RESPONSE) {
            link.control().write(message(DECLINE));
            end(Mode.FALLBACK);
        }
    }

    private void arm(Duration delay, Runnable expired) {
        cancel();
        timer = scheduler.schedule(expired, delay.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void cancel() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    private void end(Mode mode) {
        cancel();
        phase = mode == Mode.FAST_PATH ? Phase.FAST_PATH : Phase.FALLBACK;
        byte[] rest = pending;
        pending = new byte[0];
        result.complete(new Link(mode));
        if (mode == Mode.FALLBACK && rest.length > 0) {
            link.application().deliver(rest); // after a fallback every byte is the application's
        } else if (mode == Mode.FAST_PATH) {
            early.forEach(link.application()::deliver);
        }
        early.clear();
    }

    @Override
    public synchronized void close() {
        cancel();
        phase = Phase.CLOSED;
    }

    private static byte[] message(byte type) {
        byte[] m = Arrays.copyOf(EYECATCHER, LENGTH);
        m[EYECATCHER.length] = type;
        return m;
    }

    /** The connection: DATA on the fast path, or the plain control stream after a fallback. */
    private final class Link implements Connection {
        private final Mode mode;

        Link(Mode mode) {
            this.mode = mode;
        }

        @Override
        public Mode mode() {
            return mode;
        }

        @Override
        public void write(byte[] bytes) {
            if (mode == Mode.FAST_PATH) {
                byte[] m = new byte[bytes.length + 1];
                m[0] = DATA;
                System.arraycopy(bytes, 0, m, 1, bytes.length);
                link.fastPath().send(m);
            } else {
                link.control().write(bytes);
            }
        }
    }
}
