package io.github.fabrictck.zoo.el;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-el-count-broken}: as {@code zoo-el-count}, but the waker increments, then reads the count in a second step and writes when it reads 1: two wakers that increment to 1 and 2 both read 2, and the loop sleeps with both tasks queued. Must FAIL EL-2 (waker-held, a second application thread's task given while the first waker is held). */
public final class CountBrokenDriver extends ZooDriver {

    public CountBrokenDriver() {
        super("zoo-el-count-broken", eventLoop((context, ring) -> new CountEventLoop(context, ring, true)));
    }
}
