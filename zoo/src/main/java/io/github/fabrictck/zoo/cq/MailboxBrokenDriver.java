package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-mailbox-broken}: as zoo-cq-mailbox, but close() clears a running flag and joins the actor, blocked in take() for a message that never comes; must FAIL CQ-7. */
public final class MailboxBrokenDriver extends ZooDriver {

    public MailboxBrokenDriver() {
        super("zoo-cq-mailbox-broken", completionQueue((context, qp) -> new MailboxEndpoint(context, qp, false)));
    }
}
