package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-sread}: libfabric fi_cq_sread style, the waiting application thread reads, arms, reads again, then blocks; the handler only acks and signals. */
public final class SreadDriver extends ZooDriver {

    public SreadDriver() {
        super("zoo-cq-sread", completionQueue((context, qp) -> new SreadEndpoint(qp, true)));
    }
}
