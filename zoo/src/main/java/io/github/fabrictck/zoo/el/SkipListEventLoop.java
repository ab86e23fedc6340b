package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.Ring;
import java.util.Map;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An unseen vendor's design (kept as written, on the zoo's eventfd READ): tasks in a {@code ConcurrentSkipListMap}
 * keyed by an {@code AtomicLong} sequence, run in the order they were accepted; the sleep announced by a
 * {@code volatile boolean sleeping} set before the look at the map. A waker takes its sequence number, puts its task,
 * then reads {@code sleeping} and writes when it is set. With {@code readBeforePut} ({@code zoo-el-skiplist-broken})
 * the waker reads {@code sleeping} between its sequence number and its {@code put}: the only step between the read
 * and the task's arrival is a collection's call of two arguments.
 */
final class SkipListEventLoop extends TaskLoop {

    private static final long EVENTFD_READ = 0x5C1B;

    private final boolean readBeforePut;
    private final ConcurrentNavigableMap<Long, Runnable> tasks = new ConcurrentSkipListMap<>();
    private final AtomicLong sequence = new AtomicLong();
    private volatile boolean sleeping;

    SkipListEventLoop(DriverContext context, Ring ring, boolean readBeforePut) {
        super(ring, EVENTFD_READ);
        this.readBeforePut = readBeforePut;
        start(context);
    }

    @Override
    public void execute(Runnable task) {
        refuseAfterShutdown();
        long key = sequence.getAndIncrement();
        boolean wake = readBeforePut && sleeping; // BROKEN when readBeforePut: read before the task is in
        tasks.put(key, task);
        takeBackAfterShutdown(() -> tasks.remove(key) != null);
        if (readBeforePut ? wake : sleeping) {
            read.write();
        }
    }

    @Override
    void runTasks() {
        for (Map.Entry<Long, Runnable> e = tasks.pollFirstEntry(); e != null; e = tasks.pollFirstEntry()) {
            EventFdRead.run(e.getValue());
        }
    }

    @Override
    boolean noTasks() {
        return tasks.isEmpty();
    }

    @Override
    void idle() {
        sleeping = true;
        if (tasks.isEmpty() && !shutdown) {
            read.await(true);
        }
        sleeping = false;
    }
}
