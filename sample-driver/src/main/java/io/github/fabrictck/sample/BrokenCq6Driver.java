package io.github.fabrictck.sample;

/**
 * Driver {@code broken-cq-6}. Known-broken: DiSNI's {@code NatPollCqCall.update}, which reads the
 * queue pair number of a successful completion only, into a reused slot, on a shared completion
 * queue ({@link StaleSlotProcessor}); must FAIL CQ-6. Its one-queue-pair endpoint is the compliant
 * {@link SampleEndpoint}.
 */
public final class BrokenCq6Driver extends FamilyDriver {

    public BrokenCq6Driver() {
        super("broken-cq-6", SampleEndpoint::new, null, null, StaleSlotProcessor::new);
    }
}
