package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cq-mailbox}: an actor thread owns the queue pair; the handler and the application's calls (send too) mail it requests, so a send is posted after send() returned; close() mails a stop. */
public final class MailboxDriver extends ZooDriver {

    public MailboxDriver() {
        super("zoo-cq-mailbox", completionQueue((context, qp) -> new MailboxEndpoint(context, qp, true)));
    }
}
