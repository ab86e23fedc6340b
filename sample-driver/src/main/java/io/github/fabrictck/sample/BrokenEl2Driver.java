package io.github.fabrictck.sample;

/**
 * Driver {@code broken-el-2}. Known-broken: the lost wakeup of Netty's {@code EpollEventLoop} before PR #5258
 * ({@link RingEventLoop} looking at its task queue before it announces its sleep): a task added between the look
 * and the announcement finds the loop awake, so its waker writes no eventfd, and the loop then waits in
 * {@code enter} with the task in its queue. Must FAIL EL-2.
 */
public final class BrokenEl2Driver extends FamilyDriver {

    public BrokenEl2Driver() {
        super("broken-el-2", null, null, null);
        withEventLoop((context, ring) -> new RingEventLoop(context, ring, true, false, false));
    }
}
