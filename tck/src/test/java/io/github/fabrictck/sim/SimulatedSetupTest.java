package io.github.fabrictck.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fabrictck.engine.VirtualTime;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.SimulatedSetup.Form;
import io.github.fabrictck.sim.SimulatedSetup.Trial;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cs.Connection;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The simulated setup network, without the agent: the loopback socket pair serves every trial, so
 * what a driver writes for a trial that has ended must never reach the next trial's endpoints.
 */
class SimulatedSetupTest {

    private final WindowRun run = WindowRun.start(Duration.ofSeconds(1));
    private final VirtualTime time = new VirtualTime(run, Duration.ofSeconds(10));
    /** What each server endpoint read on its control stream, one entry per trial. */
    private final List<ByteArrayOutputStream> serverRead = new CopyOnWriteArrayList<>();
    private SimulatedSetup setup;

    @AfterEach
    void stop() {
        if (setup != null) {
            setup.close();
        }
        time.stop();
        run.finish();
    }

    @Test
    void onLoopbackBytesWrittenForATrialThatHasEndedNeverReachTheNextTrial() {
        lateBytesStayInTheirTrial(Form.LOOPBACK);
    }

    @Test
    void inMemoryBytesWrittenForATrialThatHasEndedNeverReachTheNextTrial() {
        lateBytesStayInTheirTrial(Form.MEMORY);
    }

    private void lateBytesStayInTheirTrial(Form form) {
        setup = new SimulatedSetup(run, time, new Echo(), form, Duration.ofMillis(10));
        Trial first = setup.trial(null);
        time.runUntil(Long.MAX_VALUE, () -> false);
        assertEquals("HELLO", read(0), "the first trial's server reads the client's hello");

        Trial second = setup.trial(null);
        // a late write through the first trial's link: its endpoints are closed, its trial has ended
        first.client().control().write("LATE".getBytes(StandardCharsets.US_ASCII));
        time.runUntil(Long.MAX_VALUE, () -> false);
        assertEquals("HELLO", read(1), "the second trial's server read bytes of the first trial");
        assertEquals(2, serverRead.size());
        assertEquals(0, read(0).length() - "HELLO".length(), "the ended trial's server read the late bytes");
        second.client();
    }

    private String read(int trial) {
        synchronized (serverRead.get(trial)) {
            return serverRead.get(trial).toString(StandardCharsets.US_ASCII);
        }
    }

    /** A client that writes a hello on the control stream; a server that keeps what it reads. Setup never ends. */
    private final class Echo implements Driver {
        @Override
        public String name() {
            return "echo";
        }

        @Override
        public String version() {
            return "1";
        }

        @Override
        public Set<Family> families() {
            return Set.of(Family.CONNECTION_SETUP);
        }

        @Override
        public SetupEndpoint openConnectionSetup(DriverContext context, SetupLink link) {
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            if (link.role() == io.github.fabrictck.spi.cs.Role.SERVER) {
                serverRead.add(read);
            }
            return new SetupEndpoint() {
                @Override
                public CompletionStage<Connection> connect() {
                    link.control().write("HELLO".getBytes(StandardCharsets.US_ASCII));
                    return new CompletableFuture<>();
                }

                @Override
                public CompletionStage<Connection> accept() {
                    return new CompletableFuture<>();
                }

                @Override
                public void onControl(byte[] bytes) {
                    synchronized (read) {
                        read.writeBytes(bytes);
                    }
                }

                @Override
                public void onFastPath(byte[] message) {
                }

                @Override
                public void close() {
                }
            };
        }
    }
}
