package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-sread-broken}: as zoo-cq-sread in the order of libfabric issue #796 before its fix: read, arm, block, no read after the arm. */
public final class SreadBrokenDriver extends ZooDriver {

    public SreadBrokenDriver() {
        super("zoo-cq-sread-broken", completionQueue((context, qp) -> new SreadEndpoint(qp, false)));
    }
}
