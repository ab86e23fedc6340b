package io.github.fabrictck.sample;

/**
 * Driver {@code sample-event-loop}: a correct event loop of the driver's own thread
 * ({@link EventLoopEndpoint}); its {@code close()} wakes the loop before joining it. Must PASS CQ-7.
 */
public final class SampleEventLoopDriver extends FamilyDriver {

    public SampleEventLoopDriver() {
        super("sample-event-loop", (context, queuePair) -> new EventLoopEndpoint(context, queuePair, true), null, null,
                true);
    }
}
