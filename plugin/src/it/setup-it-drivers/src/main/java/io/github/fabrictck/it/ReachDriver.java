package io.github.fabrictck.it;

import io.github.fabrictck.sample.SampleDriver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.ArrayList;
import java.util.List;

/**
 * Driver {@code it-reach}: the compliant sample's completion-queue endpoint, opened after the
 * driver tried to reach the kit's internals by name (its own class loader, the context class
 * loader, their resources). Each attempt must fail; one that succeeds makes the window ERROR.
 */
public final class ReachDriver extends HostileDriver {

    /** The kit's internals a forger would want: the channel, the run's record, the report writers, the agent. */
    static final List<String> INTERNALS = List.of("io.github.fabrictck.launcher.RunRecord",
            "io.github.fabrictck.launcher.ParentLink", "io.github.fabrictck.launcher.Main",
            "io.github.fabrictck.report.ReportFiles", "io.github.fabrictck.report.ResultJson",
            "io.github.fabrictck.engine.Agent", "io.github.fabrictck.engine.WindowRun",
            "io.github.fabrictck.maven.ForkChannel");

    private final SampleDriver sample = new SampleDriver();

    public ReachDriver() {
        super("it-reach");
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        List<String> reached = new ArrayList<>();
        ClassLoader own = ReachDriver.class.getClassLoader();
        ClassLoader contextLoader = Thread.currentThread().getContextClassLoader();
        for (String name : INTERNALS) {
            try {
                Class.forName(name);
                reached.add(name + " by Class.forName");
            } catch (ClassNotFoundException expected) {
                System.err.println("it-reach: " + name + " is not reachable by name: " + expected.getMessage());
            }
            try {
                Class.forName(name, false, contextLoader);
                reached.add(name + " through the context class loader");
            } catch (ClassNotFoundException expected) {
                // as it should be
            }
            if (own.getResource(name.replace('.', '/') + ".class") != null) {
                reached.add(name + "'s class file as a resource");
            }
        }
        if (!reached.isEmpty()) {
            throw new IllegalStateException("the kit's internals are reachable by name from driver code: " + reached);
        }
        return sample.openCompletionQueue(context, queuePair);
    }
}
