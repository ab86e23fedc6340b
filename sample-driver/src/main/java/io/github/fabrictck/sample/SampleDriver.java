package io.github.fabrictck.sample;

/**
 * Driver {@code sample}. The compliant reference driver: passes every completion-queue,
 * peer-handshake and connection-setup window.
 */
public final class SampleDriver extends FamilyDriver {

    public SampleDriver() {
        super("sample", SampleEndpoint::new, SampleHandshake::new, SampleSetup::new);
    }
}
