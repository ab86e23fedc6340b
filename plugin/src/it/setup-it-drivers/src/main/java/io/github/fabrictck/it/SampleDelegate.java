package io.github.fabrictck.it;

import io.github.fabrictck.sample.SampleDriver;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import io.github.fabrictck.spi.cq.SharedCompletionQueueDriver;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import io.github.fabrictck.spi.cs.cm.CmEndpoint;
import io.github.fabrictck.spi.cs.cm.CmLink;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import java.util.Set;

/**
 * A fixture driver of the plugin's integration tests that is the compliant sample driver under a
 * name of its own, with one misbehaviour outside the windows added by a subclass: its verdicts are
 * the sample's, so an IT judges only what the misbehaviour does to the run.
 */
abstract class SampleDelegate extends HostileDriver {

    private final Driver sample = new SampleDriver();

    SampleDelegate(String name) {
        super(name);
    }

    @Override
    public String version() {
        return sample.version();
    }

    @Override
    public Set<Family> families() {
        return sample.families();
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return sample.openCompletionQueue(context, queuePair);
    }

    @Override
    public SharedCompletionQueueDriver openSharedCompletionQueue(DriverContext context, CompletionQueue sharedQueue) {
        return sample.openSharedCompletionQueue(context, sharedQueue);
    }

    @Override
    public HandshakeEndpoint openHandshake(DriverContext context, Fabric fabric) {
        return sample.openHandshake(context, fabric);
    }

    @Override
    public SetupEndpoint openConnectionSetup(DriverContext context, SetupLink link) {
        return sample.openConnectionSetup(context, link);
    }

    @Override
    public CmEndpoint openCmEndpoint(DriverContext context, CmLink link) {
        return sample.openCmEndpoint(context, link);
    }

    @Override
    public EventLoop openEventLoop(DriverContext context, Ring ring) {
        return sample.openEventLoop(context, ring);
    }
}
