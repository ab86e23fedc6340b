package io.github.fabrictck.sample;

/**
 * Driver {@code sample}. The compliant reference driver: passes every completion-queue,
 * peer-handshake, connection-setup and event-loop window (CQ-6 with {@link SharedQueueProcessor}, its
 * processing of a completion queue shared by several queue pairs; CS-3/cm with {@link CmClient},
 * its client through a connection manager; the event-loop windows with {@link RingEventLoop}, which
 * submits its eventfd READ as soon as it queues it).
 */
public final class SampleDriver extends FamilyDriver {

    public SampleDriver() {
        super("sample", SampleEndpoint::new, SampleHandshake::new, SampleSetup::new, SharedQueueProcessor::new);
        withConnectionManager(CmClient::new);
        withEventLoop((context, ring) -> new RingEventLoop(context, ring, true, true, false));
    }
}
