package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.el.Cqe;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.Ring;
import java.util.Queue;

/**
 * The eventfd READ that several zoo loops sleep on, queued and submitted together, and the wait for its completion;
 * and the running of a loop's queued tasks, a task's failure not ending the loop. How each loop decides to sleep and
 * how its wakers write is its own; {@link #write} and {@link #close} are there for a loop that writes under the lock its
 * close takes.
 */
final class EventFdRead {

    private final Ring ring;
    private final EventFd eventFd;
    private final long userData;
    /** Under this object's monitor, as the writes. */
    private boolean closed;

    EventFdRead(Ring ring, EventFd eventFd, long userData) {
        this.ring = ring;
        this.eventFd = eventFd;
        this.userData = userData;
    }

    /** Queues the READ and submits it at once. */
    void arm() {
        ring.queueRead(eventFd, userData);
        ring.submit();
    }

    /** Waits in the ring until the READ completes, then arms the next one if asked. */
    void await(boolean rearm) {
        while (true) {
            for (Cqe cqe = ring.poll(); cqe != null; cqe = ring.poll()) {
                if (cqe.userData() == userData) {
                    if (rearm) {
                        arm();
                    }
                    return;
                }
            }
            ring.enter(0, 1);
        }
    }

    /**
     * Any thread: writes 1 to the eventfd unless the loop closed it. The write and {@link #close} take one lock, so no
     * write lands on a closed eventfd.
     */
    void write() {
        synchronized (this) {
            if (!closed) {
                eventFd.write(1);
            }
        }
    }

    /** The loop's thread, as it ends: closes the eventfd (no write after it), then the ring. */
    void close() {
        synchronized (this) {
            closed = true;
            eventFd.close();
        }
        ring.close();
    }

    /** Runs the queue's tasks until it is empty. */
    static void runAll(Queue<Runnable> tasks) {
        for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
            run(task);
        }
    }

    /** Runs one task; its failure is its own. */
    static void run(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            // a task's failure does not end the loop
        }
    }
}
