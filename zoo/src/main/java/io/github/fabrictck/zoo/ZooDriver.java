package io.github.fabrictck.zoo;

import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import io.github.fabrictck.spi.cs.SetupEndpoint;
import io.github.fabrictck.spi.cs.SetupLink;
import io.github.fabrictck.spi.cs.cm.CmEndpoint;
import io.github.fabrictck.spi.cs.cm.CmLink;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.HandshakeEndpoint;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * A driver of the zoo: a name and the endpoint of the one family its design is about. Each
 * subclass's Javadoc gives its design in one line.
 */
public abstract class ZooDriver implements Driver {

    private final String name;
    private final BiFunction<DriverContext, QueuePair, CompletionQueueDriver> completionQueue;
    private final BiFunction<DriverContext, Fabric, HandshakeEndpoint> handshake;
    private final BiFunction<DriverContext, SetupLink, SetupEndpoint> connectionSetup;
    private final BiFunction<DriverContext, Ring, EventLoop> eventLoop;
    private final BiFunction<DriverContext, CmLink, CmEndpoint> cmEndpoint;


    /** A completion-queue design. */
    protected static ZooDriverSpec completionQueue(BiFunction<DriverContext, QueuePair, CompletionQueueDriver> open) {
        return new ZooDriverSpec(open, null, null);
    }

    /** A peer-handshake design. */
    protected static ZooDriverSpec handshake(BiFunction<DriverContext, Fabric, HandshakeEndpoint> open) {
        return new ZooDriverSpec(null, open, null);
    }

    /** A connection-setup design. */
    protected static ZooDriverSpec connectionSetup(BiFunction<DriverContext, SetupLink, SetupEndpoint> open) {
        return new ZooDriverSpec(null, null, open);
    }

    /** An event-loop design (SPI 5). */
    protected static ZooDriverSpec eventLoop(BiFunction<DriverContext, Ring, EventLoop> open) {
        return new ZooDriverSpec(null, null, null, open);
    }

    /**
     * A connection-setup design that sets up only through an rdma_cm-style connection manager (SPI 4): its SMC-R-style
     * endpoint is none, so only CS-3/cm judges it.
     */
    protected static ZooDriverSpec connectionManager(BiFunction<DriverContext, CmLink, CmEndpoint> open) {
        return new ZooDriverSpec(null, null, null, null, open);
    }

    /**
     * What a design opens; made by {@link #completionQueue}, {@link #handshake}, {@link #connectionSetup},
     * {@link #eventLoop} or {@link #connectionManager}.
     */
    protected record ZooDriverSpec(BiFunction<DriverContext, QueuePair, CompletionQueueDriver> completionQueue,
                                   BiFunction<DriverContext, Fabric, HandshakeEndpoint> handshake,
                                   BiFunction<DriverContext, SetupLink, SetupEndpoint> connectionSetup,
                                   BiFunction<DriverContext, Ring, EventLoop> eventLoop,
                                   BiFunction<DriverContext, CmLink, CmEndpoint> cmEndpoint) {

        /** A design of the first three families (the spec as it was before the event-loop family). */
        public ZooDriverSpec(BiFunction<DriverContext, QueuePair, CompletionQueueDriver> completionQueue,
                             BiFunction<DriverContext, Fabric, HandshakeEndpoint> handshake,
                             BiFunction<DriverContext, SetupLink, SetupEndpoint> connectionSetup) {
            this(completionQueue, handshake, connectionSetup, null, null);
        }

        /** A design of one of the four families. */
        public ZooDriverSpec(BiFunction<DriverContext, QueuePair, CompletionQueueDriver> completionQueue,
                             BiFunction<DriverContext, Fabric, HandshakeEndpoint> handshake,
                             BiFunction<DriverContext, SetupLink, SetupEndpoint> connectionSetup,
                             BiFunction<DriverContext, Ring, EventLoop> eventLoop) {
            this(completionQueue, handshake, connectionSetup, eventLoop, null);
        }
    }

    protected ZooDriver(String name, ZooDriverSpec spec) {
        this.name = name;
        this.completionQueue = spec.completionQueue();
        this.handshake = spec.handshake();
        this.connectionSetup = spec.connectionSetup();
        this.eventLoop = spec.eventLoop();
        this.cmEndpoint = spec.cmEndpoint();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String version() {
        return "1";
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
        if (connectionSetup != null || cmEndpoint != null) {
            families.add(Family.CONNECTION_SETUP);
        }
        if (eventLoop != null) {
            families.add(Family.EVENT_LOOP);
        }
        return families;
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return completionQueue == null ? Driver.super.openCompletionQueue(context, queuePair)
                : completionQueue.apply(context, queuePair);
    }

    @Override
    public HandshakeEndpoint openHandshake(DriverContext context, Fabric fabric) {
        return handshake == null ? Driver.super.openHandshake(context, fabric) : handshake.apply(context, fabric);
    }

    @Override
    public SetupEndpoint openConnectionSetup(DriverContext context, SetupLink link) {
        if (connectionSetup == null) {
            // a design through the connection manager only has no SMC-R-style endpoint (SPI 4)
            return cmEndpoint != null ? null : Driver.super.openConnectionSetup(context, link);
        }
        return connectionSetup.apply(context, link);
    }

    @Override
    public CmEndpoint openCmEndpoint(DriverContext context, CmLink link) {
        return cmEndpoint == null ? Driver.super.openCmEndpoint(context, link) : cmEndpoint.apply(context, link);
    }

    @Override
    public EventLoop openEventLoop(DriverContext context, Ring ring) {
        return eventLoop == null ? Driver.super.openEventLoop(context, ring) : eventLoop.apply(context, ring);
    }
}
