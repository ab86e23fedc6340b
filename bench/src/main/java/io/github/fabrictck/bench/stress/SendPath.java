package io.github.fabrictck.bench.stress;

import io.github.fabrictck.sim.KitContext;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import java.time.Duration;

/**
 * A driver's send path on a zero-latency {@link StressDevice}: each send completes inside
 * {@code postSend}, its event goes to the device's interrupt thread, and the application waits with
 * {@code awaitSendsComplete}. Used by the JMH benchmark, the start-up probe and the scale runs.
 */
public final class SendPath implements AutoCloseable {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final byte[] PAYLOAD = new byte[64];

    private final StressDevice device = new StressDevice(StressDevice.Settings.zeroLatency());
    private final KitContext context = new KitContext(thread -> { });
    private final CompletionQueueDriver endpoint;

    /** Opens the driver's endpoint on a fresh zero-latency device and starts the device. */
    public SendPath(Driver driver) {
        endpoint = driver.openCompletionQueue(context, device);
        device.start(endpoint);
    }

    /** One send, its completion, and the wait for it. */
    public void sendAndAwait() throws InterruptedException {
        endpoint.send(PAYLOAD);
        if (!endpoint.awaitSendsComplete(WAIT)) {
            throw new IllegalStateException("a send did not complete within " + WAIT.toSeconds() + " s");
        }
    }

    /** {@code completions} sends, in bursts of {@code burst}, each burst awaited. */
    public void run(long completions, int burst) throws InterruptedException {
        long left = completions;
        while (left > 0) {
            int n = (int) Math.min(burst, left);
            for (int i = 0; i < n; i++) {
                endpoint.send(PAYLOAD);
            }
            if (!endpoint.awaitSendsComplete(WAIT)) {
                throw new IllegalStateException("a burst did not complete within " + WAIT.toSeconds() + " s");
            }
            left -= n;
        }
    }

    /** The device. */
    public StressDevice device() {
        return device;
    }

    @Override
    public void close() throws InterruptedException {
        endpoint.close();
        device.stop(1000);
        context.close();
    }
}
