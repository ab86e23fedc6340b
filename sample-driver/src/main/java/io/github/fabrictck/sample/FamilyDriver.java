package io.github.fabrictck.sample;

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
import java.io.IOException;
import java.io.InputStream;
import java.util.EnumSet;
import java.util.Properties;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A driver of this module: a name and the endpoints it opens, one per family it implements; a
 * family without an endpoint is not implemented.
 */
abstract class FamilyDriver implements Driver {

    private static final String VERSION = readVersion();

    private final String name;
    private final BiFunction<DriverContext, QueuePair, CompletionQueueDriver> completionQueue;
    private final BiFunction<DriverContext, Fabric, HandshakeEndpoint> handshake;
    private final BiFunction<DriverContext, SetupLink, SetupEndpoint> connectionSetup;
    private Function<CompletionQueue, SharedCompletionQueueDriver> sharedQueue;
    private BiFunction<DriverContext, CmLink, CmEndpoint> connectionManager;
    private BiFunction<DriverContext, Ring, EventLoop> eventLoop;

    FamilyDriver(String name, Function<QueuePair, CompletionQueueDriver> completionQueue,
                 BiFunction<DriverContext, Fabric, HandshakeEndpoint> handshake,
                 BiFunction<DriverContext, SetupLink, SetupEndpoint> connectionSetup) {
        this(name, completionQueue == null ? null : (context, queuePair) -> completionQueue.apply(queuePair), handshake,
                connectionSetup, true);
    }

    /** A driver that also processes one completion queue shared by several queue pairs (SPI 3). */
    FamilyDriver(String name, Function<QueuePair, CompletionQueueDriver> completionQueue,
                 BiFunction<DriverContext, Fabric, HandshakeEndpoint> handshake,
                 BiFunction<DriverContext, SetupLink, SetupEndpoint> connectionSetup,
                 Function<CompletionQueue, SharedCompletionQueueDriver> sharedQueue) {
        this(name, completionQueue, handshake, connectionSetup);
        this.sharedQueue = sharedQueue;
    }

    /** A driver whose completion-queue endpoint starts threads of its own (from the context's factory). */
    FamilyDriver(String name, BiFunction<DriverContext, QueuePair, CompletionQueueDriver> completionQueue,
                 BiFunction<DriverContext, Fabric, HandshakeEndpoint> handshake,
                 BiFunction<DriverContext, SetupLink, SetupEndpoint> connectionSetup, boolean withContext) {
        this.name = name;
        this.completionQueue = completionQueue;
        this.handshake = handshake;
        this.connectionSetup = connectionSetup;
    }

    /** Also sets up connections through a connection manager (SPI 4): CS-3/cm. */
    FamilyDriver withConnectionManager(BiFunction<DriverContext, CmLink, CmEndpoint> connectionManager) {
        this.connectionManager = connectionManager;
        return this;
    }

    /** Also runs an event loop over an io_uring-style ring (SPI 5): the event-loop family. */
    FamilyDriver withEventLoop(BiFunction<DriverContext, Ring, EventLoop> eventLoop) {
        this.eventLoop = eventLoop;
        return this;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String version() {
        return VERSION;
    }

    @Override
    public Set<Family> families() {
        Set<Family> families = EnumSet.noneOf(Family.class);
        if (completionQueue != null) {
            families.add(Family.COMPLETION_QUEUE);
        }
        if (handshake != null) {
            families.add(Family.PEER_HANDSHAKE);
        }
        if (connectionSetup != null) {
            families.add(Family.CONNECTION_SETUP);
        }
        if (eventLoop != null) {
            families.add(Family.EVENT_LOOP);
        }
        return families;
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        if (completionQueue == null) {
            return Driver.super.openCompletionQueue(context, queuePair);
        }
        return completionQueue.apply(context, queuePair);
    }

    @Override
    public SharedCompletionQueueDriver openSharedCompletionQueue(DriverContext context, CompletionQueue queue) {
        return sharedQueue == null ? null : sharedQueue.apply(queue);
    }

    @Override
    public HandshakeEndpoint openHandshake(DriverContext context, Fabric fabric) {
        if (handshake == null) {
            return Driver.super.openHandshake(context, fabric);
        }
        return handshake.apply(context, fabric);
    }

    @Override
    public SetupEndpoint openConnectionSetup(DriverContext context, SetupLink link) {
        if (connectionSetup == null) {
            return Driver.super.openConnectionSetup(context, link);
        }
        return connectionSetup.apply(context, link);
    }

    @Override
    public CmEndpoint openCmEndpoint(DriverContext context, CmLink link) {
        return connectionManager == null ? null : connectionManager.apply(context, link);
    }

    @Override
    public EventLoop openEventLoop(DriverContext context, Ring ring) {
        if (eventLoop == null) {
            return Driver.super.openEventLoop(context, ring);
        }
        return eventLoop.apply(context, ring);
    }

    private static String readVersion() {
        try (InputStream in = FamilyDriver.class.getResourceAsStream("sample-driver.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
