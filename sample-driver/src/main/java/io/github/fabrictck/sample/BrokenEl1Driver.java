package io.github.fabrictck.sample;

/**
 * Driver {@code broken-el-1}. Known-broken: Netty's {@code IOUringEventLoop} up to 0.0.23.Final
 * ({@link RingEventLoop} without PR #227): it queues its eventfd READ without submitting it; a task found
 * after it announced its sleep makes it skip the submitting wait, and shutting down it waits in
 * {@code enter(0, 1)} for the completion of a READ that was never submitted. Must FAIL EL-1.
 */
public final class BrokenEl1Driver extends FamilyDriver {

    public BrokenEl1Driver() {
        super("broken-el-1", null, null, null);
        withEventLoop((context, ring) -> new RingEventLoop(context, ring, false, true, true));
    }
}
