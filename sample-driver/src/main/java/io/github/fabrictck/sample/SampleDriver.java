package io.github.fabrictck.sample;

/**
 * Driver {@code sample}. The compliant reference driver: passes every completion-queue,
 * peer-handshake and connection-setup window (CQ-6 with {@link SharedQueueProcessor}, its
 * processing of a completion queue shared by several queue pairs; CS-3/cm with {@link CmClient},
 * its client through a connection manager).
 */
public final class SampleDriver extends FamilyDriver {

    public SampleDriver() {
        super("sample", SampleEndpoint::new, SampleHandshake::new, SampleSetup::new, SharedQueueProcessor::new);
        withConnectionManager(CmClient::new);
    }
}
