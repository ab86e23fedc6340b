package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;

/**
 * An event loop with no atomics and no lock on its way to sleep, as a vendor who knows the Java memory model would
 * write it: the tasks in a {@code ConcurrentLinkedQueue} (held as a {@code Queue}), the sleep announced by a plain
 * {@code volatile boolean sleeping}. The loop sets {@code sleeping}, then looks at its queue, and waits for its
 * eventfd READ only when the queue is empty; a waker adds its task, then reads {@code sleeping} and writes the eventfd
 * when it is set. A write made after the READ completed is read by the next READ at once: one spurious round, never a
 * lost task. Every write is made under {@code writeLock}, under which the loop closes the eventfd, so none lands on a
 * closed eventfd; a task added after the shutdown is taken back and refused, as Netty's {@code execute} does.
 *
 * <p>With {@code lookFirst} ({@code zoo-el-flag-broken}) the loop looks at its queue first and sets {@code sleeping}
 * only when it found it empty, just before it waits: a task added between the look and the write finds
 * {@code sleeping} still clear, writes nothing, and waits while the loop sleeps (EL-2). Between the two steps there is
 * no call, no atomic and no lock: only the volatile write.
 */
final class FlagEventLoop implements EventLoop {

    private static final long EVENTFD_READ = 0xF1A6;

    private final Ring ring;
    private final EventFd eventFd;
    private final EventFdRead read;
    private final boolean lookFirst;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Object writeLock = new Object();
    private volatile boolean sleeping;
    private volatile boolean shutdown;
    /** Under {@link #writeLock}. */
    private boolean closed;

    FlagEventLoop(DriverContext context, Ring ring, boolean lookFirst) {
        this.ring = ring;
        this.lookFirst = lookFirst;
        this.eventFd = ring.openEventFd();
        this.read = new EventFdRead(ring, eventFd, EVENTFD_READ);
        context.threadFactory().newThread(this::loop).start();
    }

    @Override
    public void execute(Runnable task) {
        if (shutdown) {
            throw new RejectedExecutionException("event loop shut down");
        }
        tasks.add(task);
        if (shutdown && tasks.remove(task)) {
            throw new RejectedExecutionException("event loop shut down");
        }
        if (sleeping) {
            write();
        }
    }

    @Override
    public void shutdownGracefully() {
        shutdown = true;
        write();
    }

    private void write() {
        synchronized (writeLock) {
            if (!closed) {
                eventFd.write(1);
            }
        }
    }

    private void loop() {
        read.arm();
        while (true) {
            EventFdRead.runAll(tasks);
            if (shutdown && tasks.isEmpty()) {
                break;
            }
            if (lookFirst) {
                if (tasks.isEmpty() && !shutdown) {
                    sleeping = true; // BROKEN: announced after the look at the queue
                    read.await(true);
                    sleeping = false;
                }
            } else {
                sleeping = true;
                if (tasks.isEmpty() && !shutdown) {
                    read.await(true);
                }
                sleeping = false;
            }
        }
        synchronized (writeLock) {
            closed = true;
            eventFd.close();
        }
        ring.close();
    }

}
