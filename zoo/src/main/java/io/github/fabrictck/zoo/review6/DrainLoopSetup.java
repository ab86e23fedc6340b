package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.Connection;
import io.github.fabrictck.spi.cs.Mode;
import io.github.fabrictck.spi.cs.Role;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The SMC-R setup with the pre-fix equal confirm timeouts (client and server both T_S), made safe
 * the other way RACE-WINDOWS.md names: a side that declined drains a crossing DECLINE. After it
 * wrote its own DECLINE and fell back, the first bytes it reads are checked against a DECLINE
 * message while they match one (byte by byte, however the stream splits them): a whole DECLINE is
 * dropped, the first byte that differs hands everything held to the application. One event-loop
 * thread (from the context's factory) owns all state; the SPI methods, the control and fast-path
 * handlers and the timers (of the context's scheduler) only enqueue.
 *
 * <p>The broken twin ({@code serverDrains == false}) drains on the client only: the server reads a
 * crossing DECLINE as application data.
 */
class DrainLoopSetup implements SetupEndpoint {

    private enum Phase { IDLE, WAIT_ACCEPT, WAIT_LINK_CONFIRM, WAIT_WORD, WAIT_DECLINE, WAIT_PROPOSAL, WAIT_CONFIRM,
        WAIT_LINK_RESPONSE, ENDED, CLOSED }

    private static final Runnable STOP = () -> { };
    private static final byte[] DECLINE = Smc.clc(Smc.DECLINE);

    private final SetupLink link;
    private final ScheduledExecutorService scheduler;
    private final boolean drains;
    private final CompletableFuture<Connection> result = new CompletableFuture<>();
    private final LinkedBlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
    // owned by the loop thread
    private Phase phase = Phase.IDLE;
    private Mode mode;
    private byte[] pending = new byte[0];
    private final List<byte[]> early = new ArrayList<>();
    private ScheduledFuture<?> timer;
    private long generation;
    /** After our own DECLINE: bytes held while they may be the peer's crossing DECLINE. */
    private byte[] held;

    DrainLoopSetup(DriverContext context, SetupLink link, boolean serverDrains) {
        this.link = link;
        this.scheduler = context.scheduler();
        this.drains = link.role() == Role.CLIENT || serverDrains;
        context.threadFactory().newThread(this::loop).start();
    }

    private void loop() {
        while (true) {
            Runnable r;
            try {
                r = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            if (r == STOP) {
                return;
            }
            if (phase != Phase.CLOSED) {
                r.run();
            }
        }
    }

    @Override
    public CompletionStage<Connection> connect() {
        queue.add(() -> {
            phase = Phase.WAIT_ACCEPT;
            link.control().write(Smc.clc(Smc.PROPOSAL));
            parse();
        });
        return result;
    }

    @Override
    public CompletionStage<Connection> accept() {
        queue.add(() -> {
            phase = Phase.WAIT_PROPOSAL;
            parse();
        });
        return result;
    }

    @Override
    public void onControl(byte[] bytes) {
        queue.add(() -> {
            if (phase == Phase.ENDED) {
                if (mode == Mode.FALLBACK) {
                    toApplication(bytes);
                }
            } else {
                pending = Smc.concat(pending, bytes);
                parse();
            }
        });
    }

    private void parse() {
        while (phase != Phase.IDLE && phase != Phase.ENDED && pending.length >= Smc.LENGTH) {
            byte type = pending[Smc.EYECATCHER.length];
            pending = Arrays.copyOfRange(pending, Smc.LENGTH, pending.length);
            if (type == Smc.DECLINE) {
                end(Mode.FALLBACK);
            } else if (phase == Phase.WAIT_PROPOSAL && type == Smc.PROPOSAL) {
                phase = Phase.WAIT_CONFIRM;
                link.control().write(Smc.clc(Smc.ACCEPT));
            } else if (phase == Phase.WAIT_ACCEPT && type == Smc.ACCEPT) {
                phase = Phase.WAIT_LINK_CONFIRM;
                link.control().write(Smc.clc(Smc.CONFIRM));
                arm(Smc.T_S_MS); // equal to the server's: safe only because a crossing DECLINE is drained
            } else if (phase == Phase.WAIT_CONFIRM && type == Smc.CONFIRM) {
                phase = Phase.WAIT_LINK_RESPONSE;
                link.fastPath().send(new byte[] {Smc.LINK_CONFIRM});
                arm(Smc.T_S_MS);
            } else if (phase == Phase.WAIT_WORD && type == Smc.LINK_UP) {
                end(Mode.FAST_PATH);
            }
        }
    }

    @Override
    public void onFastPath(byte[] message) {
        queue.add(() -> {
            if (message.length == 0) {
                return;
            }
            if (message[0] == Smc.LINK_CONFIRM && phase == Phase.WAIT_LINK_CONFIRM) {
                cancel();
                phase = Phase.WAIT_WORD;
                link.fastPath().send(new byte[] {Smc.LINK_RESPONSE});
            } else if (message[0] == Smc.LINK_RESPONSE && phase == Phase.WAIT_LINK_RESPONSE) {
                link.control().write(Smc.clc(Smc.LINK_UP));
                end(Mode.FAST_PATH);
            } else if (message[0] == Smc.DATA) {
                byte[] payload = Arrays.copyOfRange(message, 1, message.length);
                if (phase == Phase.ENDED) {
                    if (mode == Mode.FAST_PATH) {
                        link.application().deliver(payload);
                    }
                } else {
                    early.add(payload);
                }
            }
        });
    }

    private void onTimer(long armedAs) {
        if (armedAs != generation) {
            return;
        }
        timer = null;
        if (phase == Phase.WAIT_LINK_CONFIRM) {
            phase = Phase.WAIT_DECLINE;
            arm(Smc.T_D_MS);
        } else if (phase == Phase.WAIT_DECLINE || phase == Phase.WAIT_LINK_RESPONSE) {
            link.control().write(DECLINE);
            if (drains) {
                held = new byte[0]; // the peer's DECLINE may be crossing ours
            }
            end(Mode.FALLBACK);
        }
    }

    private void arm(long ms) {
        cancel();
        long g = generation;
        timer = scheduler.schedule(() -> queue.add(() -> onTimer(g)), ms, TimeUnit.MILLISECONDS);
    }

    private void cancel() {
        generation++;
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    private void end(Mode how) {
        cancel();
        phase = Phase.ENDED;
        mode = how;
        byte[] rest = pending;
        pending = new byte[0];
        result.complete(Smc.connection(link, how));
        if (how == Mode.FALLBACK) {
            if (rest.length > 0) {
                toApplication(rest);
            }
        } else {
            early.forEach(link.application()::deliver);
        }
        early.clear();
    }

    /** After a fallback: the application's bytes, less a DECLINE that crossed ours. */
    private void toApplication(byte[] bytes) {
        if (held == null) {
            link.application().deliver(bytes);
            return;
        }
        held = Smc.concat(held, bytes);
        int n = Math.min(held.length, DECLINE.length);
        if (!Arrays.equals(held, 0, n, DECLINE, 0, n)) {
            byte[] all = held;
            held = null;
            link.application().deliver(all); // not a DECLINE: everything is the application's
        } else if (held.length >= DECLINE.length) {
            byte[] rest = Arrays.copyOfRange(held, DECLINE.length, held.length);
            held = null; // the crossing DECLINE, dropped
            if (rest.length > 0) {
                link.application().deliver(rest);
            }
        }
    }

    @Override
    public void close() {
        queue.add(() -> {
            cancel();
            phase = Phase.CLOSED;
        });
        queue.add(STOP);
    }
}
