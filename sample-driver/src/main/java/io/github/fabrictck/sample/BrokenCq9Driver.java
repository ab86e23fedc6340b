package io.github.fabrictck.sample;

import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;

/**
 * Driver {@code broken-cq-9}. Known-broken: RDS's tasklet check without the wait. Its {@code close()}
 * marks the endpoint closed and returns without waiting for the completion handler, which looks at the
 * mark before it polls and then hands what it polled to the application, after {@code close()}
 * returned; must FAIL CQ-9.
 */
public final class BrokenCq9Driver extends FamilyDriver {

    public BrokenCq9Driver() {
        super("broken-cq-9", UnwaitedCloseEndpoint::new, null, null);
    }

    /** The compliant handler behind a closed mark that {@code close()} sets without waiting for a handler. */
    static final class UnwaitedCloseEndpoint extends SampleEndpoint {

        private volatile boolean closed;

        UnwaitedCloseEndpoint(QueuePair queuePair) {
            super(queuePair);
        }

        @Override
        protected void handle(CompletionQueue queue) {
            if (!closed) { // looked at once, before the poll: a close() after this line is not seen
                super.handle(queue);
            }
        }

        @Override
        public void close() {
            closed = true;
            queuePair.destroy();
        }
    }
}
