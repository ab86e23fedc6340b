package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An event loop whose sleep announcement is a wake token: the loop lays it down ({@code token.set(true)}) before its
 * last look at the task queue, and whoever picks it up ({@code compareAndSet(true, false)}) owns the one eventfd write
 * of that sleep. A waker adds its task (or sets the shutdown flag), then tries to pick the token up and writes only if
 * it won. The loop, finding work after laying the token down, tries to pick it up itself; if a waker was first, that
 * waker's write is on its way and the loop owes its READ completion: it waits for it before it lays the token down
 * again, so at most one write is ever in flight. The READ is queued and submitted together, always.
 *
 * <p>Closing: the loop ends only with no write owed, completes its own READ with a write of its own, waits for that
 * completion, then closes the eventfd and the ring.
 *
 * <p>With {@code closeOwingWrite} ({@code zoo-el-token-broken}) the loop, told to shut down, ends as soon as its queue
 * is empty, even when a waker won the token and has not written yet: that waker is typically the shutdown itself, whose
 * write then reaches an eventfd already closed (EL-3/shutdown-wakeup).
 *
 * <p>{@link Waking#DEFERRED} ({@code zoo-el-deferred-wake}) coalesces the wakeups, as a vendor trading a little latency
 * for fewer eventfd writes would: an {@code execute} adds its task and, unless a wakeup is already scheduled, schedules
 * one {@value #COALESCE_MILLIS} ms later on the context's scheduler; the tasks added meanwhile ride along. The wakeup
 * clears its "scheduled" flag before it picks the token up, so a task added after the clear schedules a wakeup of its
 * own and a task added before it finds the token (the loop asleep) or is seen by the loop's next look; a wakeup still
 * scheduled when the loop closes finds the token down and writes nothing. A shutdown wakes the loop at once.
 * {@link Waking#DEFERRED_WITHOUT_TOKEN} ({@code zoo-el-deferred-wake-broken}) writes from the scheduled wakeup whether
 * or not the loop laid the token down (a spurious wakeup looks harmless to a loop that reads the eventfd's count): the
 * wakeup that the last {@code execute} before the shutdown scheduled fires after the loop closed the eventfd.
 * {@link Waking#DEFERRED_CLEARED_LATE} ({@code zoo-el-deferred-clear-late-broken}) picks the token up first and clears
 * its "scheduled" flag after: a task added between the two finds the flag set and schedules nothing, while the wakeup
 * that would carry it has already looked at the token (finding the loop awake, or writing for an earlier sleep), so
 * the loop sleeps with the task queued.
 */
final class TokenEventLoop implements EventLoop {

    /** How an {@code execute} wakes the loop. */
    enum Waking {
        /** At once: it picks the token up. */
        IMMEDIATE,
        /** From a timer {@value #COALESCE_MILLIS} ms later, which picks the token up. */
        DEFERRED,
        /** From a timer {@value #COALESCE_MILLIS} ms later, which writes without the token (broken). */
        DEFERRED_WITHOUT_TOKEN,
        /** From a timer {@value #COALESCE_MILLIS} ms later, which picks the token up first and clears its flag after (broken). */
        DEFERRED_CLEARED_LATE
    }

    static final long COALESCE_MILLIS = 150;
    private static final long EVENTFD_READ = 11;

    private final DriverContext context;
    private final Ring ring;
    private final boolean closeOwingWrite;
    private final Waking waking;
    private final AtomicBoolean wakeScheduled = new AtomicBoolean();
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean token = new AtomicBoolean();
    private final Object admission = new Object();
    /** Written under {@link #admission}. */
    private volatile boolean shutdown;
    private final EventFd eventFd;
    private final EventFdRead read;

    TokenEventLoop(DriverContext context, Ring ring, boolean closeOwingWrite) {
        this(context, ring, closeOwingWrite, Waking.IMMEDIATE);
    }

    TokenEventLoop(DriverContext context, Ring ring, boolean closeOwingWrite, Waking waking) {
        this.context = context;
        this.ring = ring;
        this.closeOwingWrite = closeOwingWrite;
        this.waking = waking;
        this.eventFd = ring.openEventFd();
        this.read = new EventFdRead(ring, eventFd, EVENTFD_READ);
        context.threadFactory().newThread(this::loop).start();
    }

    @Override
    public void execute(Runnable task) {
        synchronized (admission) {
            if (shutdown) {
                throw new RejectedExecutionException("event loop shut down");
            }
            tasks.add(task);
        }
        if (waking == Waking.IMMEDIATE) {
            pickUpAndWake();
        } else if (wakeScheduled.compareAndSet(false, true)) {
            context.scheduler().schedule(this::scheduledWake, COALESCE_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    private void scheduledWake() {
        if (waking == Waking.DEFERRED_CLEARED_LATE) {
            pickUpAndWake();
            wakeScheduled.set(false); // BROKEN: a task added before this relied on this wakeup, which already looked
            return;
        }
        wakeScheduled.set(false);
        if (waking == Waking.DEFERRED_WITHOUT_TOKEN) {
            eventFd.write(1); // BROKEN: no token, so nothing stops a write after the loop closed the eventfd
            return;
        }
        pickUpAndWake();
    }

    @Override
    public void shutdownGracefully() {
        synchronized (admission) {
            if (shutdown) {
                return;
            }
            shutdown = true;
        }
        pickUpAndWake();
    }

    private void pickUpAndWake() {
        if (token.compareAndSet(true, false)) {
            eventFd.write(1);
        }
    }

    private void loop() {
        read.arm();
        boolean owed = false;
        while (true) {
            EventFdRead.runAll(tasks);
            if (closeOwingWrite && shutdown && tasks.isEmpty()) {
                break; // BROKEN: a waker that picked the token up may not have written yet
            }
            if (owed) {
                read.await(true);
                owed = false;
                continue;
            }
            if (shutdown && tasks.isEmpty()) {
                break;
            }
            token.set(true); // the sleep announcement
            if (tasks.isEmpty() && !shutdown) {
                read.await(true); // whoever picks the token up writes
                continue;
            }
            if (!token.compareAndSet(true, false)) {
                owed = true; // a waker picked it up first: its write is on its way
            }
        }
        eventFd.write(1);
        read.await(false);
        eventFd.close();
        ring.close();
    }
}
