package io.github.fabrictck.zoo.cs;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.Connection;
import io.github.fabrictck.spi.cs.Mode;
import io.github.fabrictck.spi.cs.Role;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A setup whose server decides alone and says so in band. The client writes a 4-byte OFFER header
 * on the control stream and sends one PROBE on the fast path, then waits for the verdict. The server, once it has the OFFER, waits for the PROBE up to {@link #PROBE_WAIT_MS}, then
 * writes one 4-byte VERDICT header whose flag byte says fast path or fallback. It never sends the
 * client anything on the fast path during the setup. After a fallback verdict the control stream is
 * the applications' byte stream, in both directions; bytes that came in the same read as the
 * verdict are the application's.
 *
 * <p>The client's only timer is a guard of twice the server's wait, armed at connect, for a server
 * that never answers: it then writes a GIVE_UP header and falls back; a server still waiting falls
 * back on it without a verdict; a fallback verdict that crossed the GIVE_UP is drained by the
 * client, and a GIVE_UP that crossed the server's fallback verdict by the server, never handed to the
 * application (the guard is only twice the server's wait, so with a server running late the two cross).
 *
 * <p>Header: {@code 0xFB}, type, flags, 0. Fast path: the first byte is PROBE or DATA. One
 * {@link ReentrantLock} per endpoint; the application's sink is called under it, in order.
 *
 * <p>{@code stripVerdict == false} is the broken twin: on a fallback verdict the client hands the
 * application its whole receive buffer, the verdict header included (the in-band flag leaks into the
 * application's bytes, the CVE-2023-52775 class).
 */
class InBandSetup implements SetupEndpoint {

    static final long PROBE_WAIT_MS = 1500;
    private static final byte MAGIC = (byte) 0xFB;
    private static final int HEADER = 4;
    private static final byte OFFER = 1;
    private static final byte VERDICT = 2;
    private static final byte GIVE_UP = 3;
    static final long CLIENT_GUARD_MS = 2 * PROBE_WAIT_MS;
    private static final byte FLAG_FALLBACK = (byte) 0x80;
    private static final byte PROBE = 0x10;
    private static final byte DATA = 0x11;

    private enum State { NEW, WAITING, FAST, FALLBACK, CLOSED }

    private final SetupLink link;
    private final ScheduledExecutorService scheduler;
    private final boolean stripVerdict;
    private final ReentrantLock lock = new ReentrantLock();
    private final CompletableFuture<Connection> done = new CompletableFuture<>();
    private final ByteArrayOutputStream inbox = new ByteArrayOutputStream();
    private final List<byte[]> earlyFast = new ArrayList<>();
    private State state = State.NEW;
    private boolean accepted;
    private boolean offerSeen;
    private boolean probeSeen;
    private ScheduledFuture<?> probeWait;
    private ScheduledFuture<?> guard;
    /**
     * After a fallback of our own making (the client's give-up, the server's fallback verdict): the other side's
     * fallback header may have crossed ours and still come first on the stream.
     */
    private boolean drainCrossing;
    private final ByteArrayOutputStream drained = new ByteArrayOutputStream();

    InBandSetup(DriverContext context, SetupLink link, boolean stripVerdict) {
        this.link = link;
        this.scheduler = context.scheduler();
        this.stripVerdict = stripVerdict;
    }

    @Override
    public CompletionStage<Connection> connect() {
        lock.lock();
        try {
            state = State.WAITING;
            link.control().write(header(OFFER, (byte) 0));
            link.fastPath().send(new byte[] {PROBE});
            guard = scheduler.schedule(this::guardOver, CLIENT_GUARD_MS, TimeUnit.MILLISECONDS);
        } finally {
            lock.unlock();
        }
        return done;
    }

    @Override
    public CompletionStage<Connection> accept() {
        lock.lock();
        try {
            state = State.WAITING;
            accepted = true;
            readHeaders();
            decideIfReady();
        } finally {
            lock.unlock();
        }
        return done;
    }

    @Override
    public void onControl(byte[] bytes) {
        lock.lock();
        try {
            switch (state) {
                case FALLBACK -> {
                    if (drainCrossing) {
                        drain(bytes);
                    } else {
                        link.application().deliver(bytes);
                    }
                }
                case NEW, WAITING -> {
                    inbox.writeBytes(bytes);
                    if (state == State.WAITING) {
                        readHeaders();
                        decideIfReady();
                    }
                }
                default -> { }
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void onFastPath(byte[] message) {
        if (message.length == 0) {
            return;
        }
        lock.lock();
        try {
            if (message[0] == PROBE) {
                probeSeen = true;
                if (state == State.WAITING) {
                    decideIfReady();
                }
            } else if (message[0] == DATA) {
                byte[] payload = Arrays.copyOfRange(message, 1, message.length);
                if (state == State.FAST) {
                    link.application().deliver(payload);
                } else if (state == State.NEW || state == State.WAITING) {
                    earlyFast.add(payload); // the server's data can overtake its verdict
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Consumes whole headers from the inbox while still setting up. Under the lock. */
    private void readHeaders() {
        while (state == State.WAITING) {
            byte[] buf = inbox.toByteArray();
            if (buf.length < HEADER) {
                return;
            }
            if (buf[0] != MAGIC) {
                return; // not ours: nothing the peer sends before its verdict looks like this
            }
            byte type = buf[1];
            byte flags = buf[2];
            inbox.reset();
            if (link.role() == Role.SERVER && type == GIVE_UP) {
                byte[] rest = Arrays.copyOfRange(buf, HEADER, buf.length);
                finish(Mode.FALLBACK); // the client gave up on us: no verdict, it would reach its application
                if (rest.length > 0) {
                    link.application().deliver(rest);
                }
            } else if (link.role() == Role.SERVER && type == OFFER) {
                offerSeen = true;
                inbox.write(buf, HEADER, buf.length - HEADER);
            } else if (link.role() == Role.CLIENT && type == VERDICT) {
                if ((flags & FLAG_FALLBACK) != 0) {
                    byte[] rest = stripVerdict ? Arrays.copyOfRange(buf, HEADER, buf.length) : buf;
                    finish(Mode.FALLBACK);
                    if (rest.length > 0) {
                        link.application().deliver(rest);
                    }
                } else {
                    finish(Mode.FAST_PATH);
                }
            } else {
                inbox.write(buf, HEADER, buf.length - HEADER); // an unknown header: skipped
            }
        }
    }

    /** Server: decides once accepted and offered; a probe already here means the fast path works. Under the lock. */
    private void decideIfReady() {
        if (link.role() != Role.SERVER || !accepted || !offerSeen || state != State.WAITING) {
            return;
        }
        if (probeSeen) {
            verdict(Mode.FAST_PATH);
        } else if (probeWait == null) {
            probeWait = scheduler.schedule(this::probeWaitOver, PROBE_WAIT_MS, TimeUnit.MILLISECONDS);
        }
    }

    private void probeWaitOver() {
        lock.lock();
        try {
            if (state == State.WAITING) {
                verdict(Mode.FALLBACK);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Client: the server never answered within the guard; give up and fall back. */
    private void guardOver() {
        lock.lock();
        try {
            if (state != State.WAITING) {
                return;
            }
            link.control().write(header(GIVE_UP, FLAG_FALLBACK));
            byte[] rest = inbox.toByteArray();
            inbox.reset();
            drainCrossing = true;
            finish(Mode.FALLBACK);
            if (rest.length > 0) {
                drain(rest);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * After a fallback of our own: drops the other side's fallback header that crossed ours (the server's verdict at
     * the client, the client's GIVE_UP at the server), hands on the rest. Under the lock.
     */
    private void drain(byte[] bytes) {
        byte crossing = link.role() == Role.CLIENT ? VERDICT : GIVE_UP;
        drained.writeBytes(bytes);
        byte[] buf = drained.toByteArray();
        if (buf.length < HEADER && buf[0] == MAGIC && (buf.length < 2 || buf[1] == crossing)) {
            return; // could still be a crossing header: wait for the rest of it
        }
        drainCrossing = false;
        drained.reset();
        int from = buf.length >= HEADER && buf[0] == MAGIC && buf[1] == crossing ? HEADER : 0;
        if (buf.length > from) {
            link.application().deliver(Arrays.copyOfRange(buf, from, buf.length));
        }
    }

    /** Server: writes the verdict, then ends on it. Under the lock. */
    private void verdict(Mode mode) {
        link.control().write(header(VERDICT, mode == Mode.FALLBACK ? FLAG_FALLBACK : 0));
        byte[] rest = inbox.toByteArray();
        inbox.reset();
        drainCrossing = mode == Mode.FALLBACK;
        finish(mode);
        if (drainCrossing && rest.length > 0) {
            drain(rest);
        }
    }

    /** Ends the setup on a mode. Under the lock. */
    private void finish(Mode mode) {
        cancelTimers();
        state = mode == Mode.FAST_PATH ? State.FAST : State.FALLBACK;
        done.complete(new Conn(mode));
        if (mode == Mode.FAST_PATH) {
            earlyFast.forEach(link.application()::deliver);
        }
        earlyFast.clear();
    }

    @Override
    public void close() {
        lock.lock();
        try {
            cancelTimers();
            state = State.CLOSED;
        } finally {
            lock.unlock();
        }
    }

    private void cancelTimers() {
        if (probeWait != null) {
            probeWait.cancel(false);
            probeWait = null;
        }
        if (guard != null) {
            guard.cancel(false);
            guard = null;
        }
    }

    private static byte[] header(byte type, byte flags) {
        return new byte[] {MAGIC, type, flags, 0};
    }

    private final class Conn implements Connection {
        private final Mode mode;

        Conn(Mode mode) {
            this.mode = mode;
        }

        @Override
        public Mode mode() {
            return mode;
        }

        @Override
        public void write(byte[] bytes) {
            if (mode == Mode.FALLBACK) {
                link.control().write(bytes);
                return;
            }
            byte[] m = new byte[bytes.length + 1];
            m[0] = DATA;
            System.arraycopy(bytes, 0, m, 1, bytes.length);
            link.fastPath().send(m);
        }
    }
}
