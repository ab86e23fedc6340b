package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.Connection;
import io.github.fabrictck.spi.cs.Mode;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import java.time.Clock;
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
 * The sample's SMC-R setup (client confirm {@code 2 * T_S}, the upstream fix) whose timeouts are
 * deadlines on a timer wheel: one periodic tick per endpoint ({@code scheduleAtFixedRate},
 * {@value #TICK_MS} ms, started as the endpoint's setup starts, as a kernel's jiffies wheel always
 * runs) checks the one deadline of the setup; a deadline is honoured on the first tick at or after
 * it. State under a {@link ReentrantLock}; writes, sends, the completion and the application's bytes
 * after releasing it, in order.
 *
 * <p>The broken twin ({@code clientConfirmMs == T_S}) has the pre-fix equal confirm timeouts of
 * CVE-2023-52775.
 */
class WheelSetup implements SetupEndpoint {

    static final long TICK_MS = 100;

    private enum Phase { IDLE, WAIT_ACCEPT, WAIT_LINK_CONFIRM, WAIT_WORD, WAIT_DECLINE, WAIT_PROPOSAL, WAIT_CONFIRM,
        WAIT_LINK_RESPONSE, ENDED, CLOSED }

    private final SetupLink link;
    private final ScheduledExecutorService scheduler;
    private final Clock clock;
    private final long clientConfirmMs;
    private final CompletableFuture<Connection> result = new CompletableFuture<>();
    private final ReentrantLock lock = new ReentrantLock();
    // guarded by lock
    private Phase phase = Phase.IDLE;
    private Mode mode;
    private byte[] pending = new byte[0];
    private final List<byte[]> early = new ArrayList<>();
    /** The one deadline of the setup, in clock millis; 0: none. */
    private long deadline;
    private ScheduledFuture<?> wheel;
    /** Bytes for the application in the order decided under the lock; one thread at a time hands them over. */
    private final java.util.ArrayDeque<byte[]> toDeliver = new java.util.ArrayDeque<>();
    private boolean delivering;

    WheelSetup(DriverContext context, SetupLink link, long clientConfirmMs) {
        this.link = link;
        this.scheduler = context.scheduler();
        this.clock = context.clock();
        this.clientConfirmMs = clientConfirmMs;
    }

    @Override
    public CompletionStage<Connection> connect() {
        List<Runnable> after = new ArrayList<>();
        lock.lock();
        try {
            startWheel();
            phase = Phase.WAIT_ACCEPT;
            after.add(() -> link.control().write(Smc.clc(Smc.PROPOSAL)));
            parse(after);
        } finally {
            lock.unlock();
        }
        after.forEach(Runnable::run);
        return result;
    }

    @Override
    public CompletionStage<Connection> accept() {
        List<Runnable> after = new ArrayList<>();
        lock.lock();
        try {
            startWheel();
            phase = Phase.WAIT_PROPOSAL;
            parse(after);
        } finally {
            lock.unlock();
        }
        after.forEach(Runnable::run);
        return result;
    }

    private void startWheel() {
        wheel = scheduler.scheduleAtFixedRate(this::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void onControl(byte[] bytes) {
        List<Runnable> after = new ArrayList<>();
        lock.lock();
        try {
            if (phase == Phase.ENDED) {
                if (mode == Mode.FALLBACK) {
                    deliver(bytes, after);
                }
            } else if (phase != Phase.CLOSED) {
                pending = Smc.concat(pending, bytes);
                parse(after);
            }
        } finally {
            lock.unlock();
        }
        after.forEach(Runnable::run);
    }

    private void parse(List<Runnable> after) {
        while (phase != Phase.IDLE && phase != Phase.ENDED && phase != Phase.CLOSED && pending.length >= Smc.LENGTH) {
            byte type = pending[Smc.EYECATCHER.length];
            pending = Arrays.copyOfRange(pending, Smc.LENGTH, pending.length);
            if (type == Smc.DECLINE) {
                end(Mode.FALLBACK, after);
            } else if (phase == Phase.WAIT_PROPOSAL && type == Smc.PROPOSAL) {
                phase = Phase.WAIT_CONFIRM;
                after.add(() -> link.control().write(Smc.clc(Smc.ACCEPT)));
            } else if (phase == Phase.WAIT_ACCEPT && type == Smc.ACCEPT) {
                phase = Phase.WAIT_LINK_CONFIRM;
                after.add(() -> link.control().write(Smc.clc(Smc.CONFIRM)));
                deadline = clock.millis() + clientConfirmMs;
            } else if (phase == Phase.WAIT_CONFIRM && type == Smc.CONFIRM) {
                phase = Phase.WAIT_LINK_RESPONSE;
                after.add(() -> link.fastPath().send(new byte[] {Smc.LINK_CONFIRM}));
                deadline = clock.millis() + Smc.T_S_MS;
            } else if (phase == Phase.WAIT_WORD && type == Smc.LINK_UP) {
                end(Mode.FAST_PATH, after);
            }
        }
    }

    @Override
    public void onFastPath(byte[] message) {
        if (message.length == 0) {
            return;
        }
        List<Runnable> after = new ArrayList<>();
        lock.lock();
        try {
            if (message[0] == Smc.LINK_CONFIRM && phase == Phase.WAIT_LINK_CONFIRM) {
                deadline = 0;
                phase = Phase.WAIT_WORD;
                after.add(() -> link.fastPath().send(new byte[] {Smc.LINK_RESPONSE}));
            } else if (message[0] == Smc.LINK_RESPONSE && phase == Phase.WAIT_LINK_RESPONSE) {
                after.add(() -> link.control().write(Smc.clc(Smc.LINK_UP)));
                end(Mode.FAST_PATH, after);
            } else if (message[0] == Smc.DATA) {
                byte[] payload = Arrays.copyOfRange(message, 1, message.length);
                if (phase == Phase.ENDED) {
                    if (mode == Mode.FAST_PATH) {
                        deliver(payload, after);
                    }
                } else if (phase != Phase.CLOSED) {
                    early.add(payload);
                }
            }
        } finally {
            lock.unlock();
        }
        after.forEach(Runnable::run);
    }

    /** The wheel's tick: the setup's deadline, if it passed. */
    private void tick() {
        List<Runnable> after = new ArrayList<>();
        lock.lock();
        try {
            if (deadline == 0 || clock.millis() < deadline) {
                return;
            }
            deadline = 0;
            switch (phase) {
                case WAIT_LINK_CONFIRM -> {
                    phase = Phase.WAIT_DECLINE;
                    deadline = clock.millis() + Smc.T_D_MS;
                }
                case WAIT_DECLINE, WAIT_LINK_RESPONSE -> {
                    after.add(() -> link.control().write(Smc.clc(Smc.DECLINE)));
                    end(Mode.FALLBACK, after);
                }
                default -> {
                }
            }
        } finally {
            lock.unlock();
        }
        after.forEach(Runnable::run);
    }

    private void end(Mode how, List<Runnable> after) {
        deadline = 0;
        phase = Phase.ENDED;
        mode = how;
        byte[] rest = pending;
        pending = new byte[0];
        after.add(() -> result.complete(Smc.connection(link, how)));
        if (how == Mode.FALLBACK) {
            if (rest.length > 0) {
                deliver(rest, after);
            }
        } else {
            early.forEach(b -> deliver(b, after));
        }
        early.clear();
    }

    /** Under the lock: queues bytes for the application; the first to queue drains, outside the lock. */
    private void deliver(byte[] bytes, List<Runnable> after) {
        toDeliver.add(bytes);
        if (!delivering) {
            delivering = true;
            after.add(this::drain);
        }
    }

    private void drain() {
        while (true) {
            byte[] next;
            lock.lock();
            try {
                next = toDeliver.poll();
                if (next == null) {
                    delivering = false;
                    return;
                }
            } finally {
                lock.unlock();
            }
            link.application().deliver(next);
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            phase = Phase.CLOSED;
            deadline = 0;
            if (wheel != null) {
                wheel.cancel(false);
            }
        } finally {
            lock.unlock();
        }
    }
}
