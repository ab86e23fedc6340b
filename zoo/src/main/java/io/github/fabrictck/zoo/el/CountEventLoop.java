package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.Ring;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
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
final class CountEventLoop extends TaskLoop {

    private static final long EVENTFD_READ = 0xC0C0;

    private final boolean splitCheck;
    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final AtomicInteger count = new AtomicInteger();

    CountEventLoop(DriverContext context, Ring ring, boolean splitCheck) {
        super(ring, EVENTFD_READ);
        this.splitCheck = splitCheck;
        start(context);
    }

    @Override
    public void execute(Runnable task) {
        refuseAfterShutdown();
        tasks.offer(task);
        takeBackAfterShutdown(() -> tasks.remove(task));
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
    void runTasks() {
        for (Runnable t = tasks.poll(); t != null; t = tasks.poll()) {
            EventFdRead.run(t);
            count.decrementAndGet();
        }
    }

    @Override
    boolean noTasks() {
        return tasks.isEmpty();
    }

    @Override
    void idle() {
        if (count.get() <= 0 && !shutdown) {
            read.await(true);
        }
    }
}
