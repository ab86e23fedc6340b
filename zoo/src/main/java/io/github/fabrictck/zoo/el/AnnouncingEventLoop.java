package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.el.Ring;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The lock-free loops of the zoo: tasks in a {@code ConcurrentLinkedQueue}, a sleep the loop announces in a way of
 * its own ({@link #announce}) and a waker that claims the announcement ({@link #claim}) and writes the eventfd when it
 * won. A correct loop announces, then looks at its queue, and waits only when it found it empty; with
 * {@code lookFirst} (the broken twins) it looks first and announces only when it found the queue empty, so a task
 * added between the look and the announcement writes nothing and waits while the loop sleeps (EL-2). The shutdown,
 * the writes and the refusal after it are the skeleton's ({@link TaskLoop}). A write made after the READ
 * completed is read by the next READ at once: one spurious round, never a lost task. With {@code claimFirst} (a
 * waker's broken twin) {@code execute} reads the announcement before it adds its task: a waker that found the loop
 * awake writes nothing, though the loop may announce, look at its still empty queue and sleep before the task is in.
 */
abstract class AnnouncingEventLoop extends TaskLoop {

    private static final long EVENTFD_READ = 0xF1A6;

    private final boolean lookFirst;
    private final boolean claimFirst;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();

    AnnouncingEventLoop(Ring ring, boolean lookFirst) {
        this(ring, lookFirst, false);
    }

    AnnouncingEventLoop(Ring ring, boolean lookFirst, boolean claimFirst) {
        super(ring, EVENTFD_READ);
        this.lookFirst = lookFirst;
        this.claimFirst = claimFirst;
    }

    /** The loop is about to sleep: from now on a waker's {@link #claim} may win. */
    abstract void announce();

    /** A waker, its task added: whether it won the announcement and must write. */
    abstract boolean claim();

    /** The loop is awake again (woken, or it found work after announcing). */
    abstract void retract();

    @Override
    public final void execute(Runnable task) {
        refuseAfterShutdown();
        boolean claimed = claimFirst && claim(); // BROKEN when claimFirst: read before the task is in
        tasks.add(task);
        takeBackAfterShutdown(() -> tasks.remove(task));
        if (claimFirst ? claimed : claim()) {
            read.write();
        }
    }

    @Override
    void runTasks() {
        EventFdRead.runAll(tasks);
    }

    @Override
    boolean noTasks() {
        return tasks.isEmpty();
    }

    @Override
    void idle() {
        if (lookFirst) {
            if (tasks.isEmpty() && !shutdown) {
                announce(); // BROKEN: announced after the look at the queue
                read.await(true);
            }
        } else {
            announce();
            if (tasks.isEmpty() && !shutdown) {
                read.await(true);
            }
        }
        retract();
    }
}
