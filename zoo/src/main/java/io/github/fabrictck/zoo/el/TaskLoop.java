package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BooleanSupplier;

/**
 * The skeleton of the zoo's loops that sleep on one eventfd READ: the loop's thread runs its tasks, ends once it was
 * shut down with none left, and otherwise takes its turn at going to sleep ({@link #idle}), the part each design
 * writes its own way, as its wakers' {@code execute}. A shutdown sets a flag and writes; every write is made under the
 * lock the loop's close takes ({@link EventFdRead#write}); a task added after the shutdown is taken back and refused,
 * as Netty's {@code execute} does.
 */
abstract class TaskLoop implements EventLoop {

    final EventFdRead read;
    volatile boolean shutdown;

    TaskLoop(Ring ring, long userData) {
        this.read = new EventFdRead(ring, ring.openEventFd(), userData);
    }

    /** Starts the loop's thread: the last step of a subclass's constructor. */
    final void start(DriverContext context) {
        context.threadFactory().newThread(this::loop).start();
    }

    /** Runs every task queued now. */
    abstract void runTasks();

    /** Whether no task is queued. */
    abstract boolean noTasks();

    /** The loop's turn after it ran its tasks, not shut down: it decides whether to wait in the ring, and waits. */
    abstract void idle();

    /** A waker's first step: refused once the loop was shut down. */
    final void refuseAfterShutdown() {
        if (shutdown) {
            throw new RejectedExecutionException("event loop shut down");
        }
    }

    /** A waker's step after it added its task: a shutdown meanwhile takes the task back ({@code remove}) and refuses it. */
    final void takeBackAfterShutdown(BooleanSupplier remove) {
        if (shutdown && remove.getAsBoolean()) {
            throw new RejectedExecutionException("event loop shut down");
        }
    }

    @Override
    public final void shutdownGracefully() {
        shutdown = true;
        read.write();
    }

    private void loop() {
        read.arm();
        while (true) {
            runTasks();
            if (shutdown && noTasks()) {
                break;
            }
            idle();
        }
        read.close();
    }
}
