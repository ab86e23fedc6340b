package io.github.fabrictck.sample;

/** Driver {@code sample}. The compliant reference driver: passes every completion-queue window. */
public final class SampleDriver extends CompletionQueueFamilyDriver {

    public SampleDriver() {
        super("sample", SampleEndpoint::new);
    }
}
