package io.github.fabrictck.sample;

/**
 * Driver {@code broken-el-3}. Known-broken: {@code sample}'s loop closing as Netty's {@code IOUringEventLoop} does after
 * PR #10615 ({@link RingEventLoop} with {@code pendingWakeup}): it waits for the READ of a pending wakeup before it
 * closes the eventfd, but any READ's completion clears the flag, so with two wakeups in flight the earlier write's
 * completion lets it close before the later write, which lands on the closed eventfd. Must FAIL EL-3.
 */
public final class BrokenEl3Driver extends FamilyDriver {

    public BrokenEl3Driver() {
        super("broken-el-3", null, null, null);
        withEventLoop((context, ring) -> new RingEventLoop(context, ring, true, true, true));
    }
}
