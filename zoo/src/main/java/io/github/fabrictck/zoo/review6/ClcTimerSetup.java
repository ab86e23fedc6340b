package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.Connection;
import io.github.fabrictck.spi.cs.Mode;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The SMC-R setup as Linux {@code net/smc} has it, CLC timers included: the client bounds its wait
 * for ACCEPT with a CLC timer armed as it writes its PROPOSAL ({@code smc_clc_wait_msg}, here
 * {@value #CLC_WAIT_MS} ms), the server its wait for CONFIRM with one armed as it writes ACCEPT;
 * then the confirm timers of the sample (client {@code 2 * T_S}, the upstream fix; server T_S after
 * LINK_CONFIRM; client T_D for the server's DECLINE). Everything {@code synchronized}: the SPI
 * methods, the timers, and the writes, sends and the completion of the connection, which run
 * inside the monitor.
 *
 * <p>The broken twin ({@code clientConfirmMs == T_S}) has the pre-fix equal confirm timeouts of
 * CVE-2023-52775.
 */
class ClcTimerSetup implements SetupEndpoint {

    static final long CLC_WAIT_MS = 4000;

    private enum Phase { IDLE, WAIT_ACCEPT, WAIT_LINK_CONFIRM, WAIT_WORD, WAIT_DECLINE, WAIT_PROPOSAL, WAIT_CONFIRM,
        WAIT_LINK_RESPONSE, ENDED, CLOSED }

    private final SetupLink link;
    private final ScheduledExecutorService scheduler;
    private final long clientConfirmMs;
    private final CompletableFuture<Connection> result = new CompletableFuture<>();
    private Phase phase = Phase.IDLE;
    private Mode mode;
    private byte[] pending = new byte[0];
    private final List<byte[]> early = new ArrayList<>();
    private ScheduledFuture<?> timer;
    private long generation;

    ClcTimerSetup(DriverContext context, SetupLink link, long clientConfirmMs) {
        this.link = link;
        this.scheduler = context.scheduler();
        this.clientConfirmMs = clientConfirmMs;
    }

    @Override
    public synchronized CompletionStage<Connection> connect() {
        phase = Phase.WAIT_ACCEPT;
        arm(CLC_WAIT_MS); // smc_clc_wait_msg: the wait for ACCEPT is bounded
        link.control().write(Smc.clc(Smc.PROPOSAL));
        parse();
        return result;
    }

    @Override
    public synchronized CompletionStage<Connection> accept() {
        phase = Phase.WAIT_PROPOSAL;
        parse();
        return result;
    }

    @Override
    public synchronized void onControl(byte[] bytes) {
        if (phase == Phase.ENDED) {
            if (mode == Mode.FALLBACK) {
                link.application().deliver(bytes);
            }
        } else if (phase != Phase.CLOSED) {
            pending = Smc.concat(pending, bytes);
            parse();
        }
    }

    private void parse() {
        while (phase != Phase.IDLE && phase != Phase.ENDED && phase != Phase.CLOSED && pending.length >= Smc.LENGTH) {
            byte type = pending[Smc.EYECATCHER.length];
            pending = Arrays.copyOfRange(pending, Smc.LENGTH, pending.length);
            onClc(type);
        }
    }

    private void onClc(byte type) {
        if (type == Smc.DECLINE) {
            end(Mode.FALLBACK);
            return;
        }
        switch (phase) {
            case WAIT_PROPOSAL -> {
                if (type == Smc.PROPOSAL) {
                    phase = Phase.WAIT_CONFIRM;
                    arm(CLC_WAIT_MS); // the server's wait for CONFIRM is bounded too
                    link.control().write(Smc.clc(Smc.ACCEPT));
                }
            }
            case WAIT_ACCEPT -> {
                if (type == Smc.ACCEPT) {
                    phase = Phase.WAIT_LINK_CONFIRM;
                    link.control().write(Smc.clc(Smc.CONFIRM));
                    arm(clientConfirmMs);
                }
            }
            case WAIT_CONFIRM -> {
                if (type == Smc.CONFIRM) {
                    phase = Phase.WAIT_LINK_RESPONSE;
                    link.fastPath().send(new byte[] {Smc.LINK_CONFIRM});
                    arm(Smc.T_S_MS);
                }
            }
            case WAIT_WORD -> {
                if (type == Smc.LINK_UP) {
                    end(Mode.FAST_PATH);
                }
            }
            default -> {
            }
        }
    }

    @Override
    public synchronized void onFastPath(byte[] message) {
        if (message.length == 0 || phase == Phase.CLOSED) {
            return;
        }
        switch (message[0]) {
            case Smc.LINK_CONFIRM -> {
                if (phase == Phase.WAIT_LINK_CONFIRM) {
                    cancel();
                    phase = Phase.WAIT_WORD;
                    link.fastPath().send(new byte[] {Smc.LINK_RESPONSE});
                }
            }
            case Smc.LINK_RESPONSE -> {
                if (phase == Phase.WAIT_LINK_RESPONSE) {
                    link.control().write(Smc.clc(Smc.LINK_UP));
                    end(Mode.FAST_PATH);
                }
            }
            case Smc.DATA -> {
                byte[] payload = Arrays.copyOfRange(message, 1, message.length);
                if (phase == Phase.ENDED) {
                    if (mode == Mode.FAST_PATH) {
                        link.application().deliver(payload);
                    }
                } else {
                    early.add(payload);
                }
            }
            default -> {
            }
        }
    }

    private synchronized void onTimer(long armedAs) {
        if (armedAs != generation) {
            return;
        }
        timer = null;
        switch (phase) {
            case WAIT_LINK_CONFIRM -> {
                phase = Phase.WAIT_DECLINE;
                arm(Smc.T_D_MS);
            }
            case WAIT_ACCEPT, WAIT_CONFIRM, WAIT_DECLINE, WAIT_LINK_RESPONSE -> {
                link.control().write(Smc.clc(Smc.DECLINE));
                end(Mode.FALLBACK);
            }
            default -> {
            }
        }
    }

    private void arm(long ms) {
        cancel();
        long g = generation;
        timer = scheduler.schedule(() -> onTimer(g), ms, TimeUnit.MILLISECONDS);
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
                link.application().deliver(rest);
            }
        } else {
            early.forEach(link.application()::deliver);
        }
        early.clear();
    }

    @Override
    public synchronized void close() {
        cancel();
        phase = Phase.CLOSED;
    }
}
