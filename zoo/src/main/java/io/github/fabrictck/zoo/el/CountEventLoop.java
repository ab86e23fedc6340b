package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An unseen vendor's design (kept as written, on the zoo's eventfd READ): "the waker that makes the loop's count
 * non-empty wakes it". An {@code AtomicInteger} counts the tasks not run yet; a waker adds its task to a
 * {@code LinkedBlockingQueue}, then {@code getAndIncrement()}, and writes when it took the count from 0 to 1. The loop
 * counts down after each task and sleeps when it reads the count at 0 or below (below: it took a task before its waker
 * counted it; that waker's increment brings the count back, and while the loop sleeps the count only rises, so some
 * increment takes it from 0 to 1 and writes). With {@code splitCheck} ({@code zoo-el-count-broken}) the waker
 * increments, then reads the count in a second step and writes when it reads 1: two wakers that increment to 1 and 2
 * both read 2, and neither writes.
 */
final class CountEventLoop implements EventLoop {

    private static final long EVENTFD_READ = 0xC0C0;

    private final EventFdRead read;
    private final boolean splitCheck;
    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final AtomicInteger count = new AtomicInteger();
    private volatile boolean shutdown;

    CountEventLoop(DriverContext context, Ring ring, boolean splitCheck) {
        this.read = new EventFdRead(ring, ring.openEventFd(), EVENTFD_READ);
        this.splitCheck = splitCheck;
        context.threadFactory().newThread(this::loop).start();
    }

    @Override
    public void execute(Runnable task) {
        if (shutdown) {
            throw new RejectedExecutionException("event loop shut down");
        }
        tasks.offer(task);
        if (shutdown && tasks.remove(task)) {
            throw new RejectedExecutionException("event loop shut down");
        }
        boolean first;
        if (splitCheck) {
            count.incrementAndGet();
            first = count.get() == 1; // BROKEN: the check is a second step after the increment
        } else {
            first = count.getAndIncrement() == 0;
        }
        if (first) {
            read.write();
        }
    }

    @Override
    public void shutdownGracefully() {
        shutdown = true;
        read.write();
    }

    private void loop() {
        read.arm();
        while (true) {
            for (Runnable t = tasks.poll(); t != null; t = tasks.poll()) {
                EventFdRead.run(t);
                count.decrementAndGet();
            }
            if (shutdown && tasks.isEmpty()) {
                break;
            }
            if (count.get() <= 0 && !shutdown) {
                read.await(true);
            }
        }
        read.close();
    }
}
