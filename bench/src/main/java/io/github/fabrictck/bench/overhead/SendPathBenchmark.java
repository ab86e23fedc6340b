package io.github.fabrictck.bench.overhead;

import io.github.fabrictck.bench.Drivers;
import io.github.fabrictck.bench.stress.SendPath;
import io.github.fabrictck.engine.Agent;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The sample driver's send path: one send, its completion on a zero-latency device (the event
 * handled on the device's interrupt thread), and {@code awaitSendsComplete}. Run by {@link Overhead}
 * twice: with the kit's agent attached (no window, no script) and without it. With
 * {@code -Dbench.agent=true} the setup checks that the agent really rewrote the driver.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SendPathBenchmark {

    private SendPath path;

    @Setup(Level.Trial)
    public void open() {
        path = new SendPath(Drivers.byName("sample"));
        if (Boolean.getBoolean("bench.agent") && !Agent.isInstrumented("io.github.fabrictck.sample.SampleEndpoint")) {
            throw new IllegalStateException("the agent was to rewrite the sample driver, but it did not");
        }
    }

    @TearDown(Level.Trial)
    public void close() throws InterruptedException {
        path.close();
    }

    @Benchmark
    public void sendCompleteAwait() throws InterruptedException {
        path.sendAndAwait();
    }
}
