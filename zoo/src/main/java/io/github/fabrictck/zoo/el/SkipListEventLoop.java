package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.Map;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An unseen vendor's design (kept as written, on the zoo's eventfd READ): tasks in a {@code ConcurrentSkipListMap}
 * keyed by an {@code AtomicLong} sequence, run in the order they were accepted; the sleep announced by a
 * {@code volatile boolean sleeping} set before the look at the map. A waker takes its sequence number, puts its task,
 * then reads {@code sleeping} and writes when it is set. With {@code readBeforePut} ({@code zoo-el-skiplist-broken})
 * the waker reads {@code sleeping} between its sequence number and its {@code put}: the only step between the read
 * and the task's arrival is a collection's call of two arguments.
 */
final class SkipListEventLoop implements EventLoop {

    private static final long EVENTFD_READ = 0x5C1B;

    private final EventFdRead read;
    private final boolean readBeforePut;
    private final ConcurrentNavigableMap<Long, Runnable> tasks = new ConcurrentSkipListMap<>();
    private final AtomicLong sequence = new AtomicLong();
    private volatile boolean sleeping;
    private volatile boolean shutdown;

    SkipListEventLoop(DriverContext context, Ring ring, boolean readBeforePut) {
        this.read = new EventFdRead(ring, ring.openEventFd(), EVENTFD_READ);
        this.readBeforePut = readBeforePut;
        context.threadFactory().newThread(this::loop).start();
    }

    @Override
    public void execute(Runnable task) {
        if (shutdown) {
            throw new RejectedExecutionException("event loop shut down");
        }
        long key = sequence.getAndIncrement();
        boolean wake = readBeforePut && sleeping; // BROKEN when readBeforePut: read before the task is in
        tasks.put(key, task);
        if (shutdown && tasks.remove(key) != null) {
            throw new RejectedExecutionException("event loop shut down");
        }
        if (readBeforePut ? wake : sleeping) {
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
            for (Map.Entry<Long, Runnable> e = tasks.pollFirstEntry(); e != null; e = tasks.pollFirstEntry()) {
                EventFdRead.run(e.getValue());
            }
            if (shutdown && tasks.isEmpty()) {
                break;
            }
            sleeping = true;
            if (tasks.isEmpty() && !shutdown) {
                read.await(true);
            }
            sleeping = false;
        }
        read.close();
    }
}
