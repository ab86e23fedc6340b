package io.github.fabrictck.adapters.nettyuring;

import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.CQES;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.CQE_SIZE;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.CQ_HEAD;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.CQ_OVERFLOW;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.CQ_TAIL;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.SQE_SIZE;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.SQ_DROPPED;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.SQ_HEAD;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.SQ_TAIL;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import io.github.fabrictck.adapters.nettyuring.kernel.RingMemory;
import sun.misc.Unsafe;

/**
 * A simulated Linux io_uring kernel, enough for the life of Netty's io_uring event loop: rings in off-heap memory laid
 * out as the kernel lays them out (Netty's own {@code IOUringSubmissionQueue} and {@code IOUringCompletionQueue} read
 * and write them), {@code io_uring_enter} with the kernel's submit and wait semantics, eventfds, a table of file numbers
 * (the lowest free number is handed out, so a closed number is reused), and the ops READ (on an eventfd), TIMEOUT (on a
 * virtual clock), TIMEOUT_REMOVE, NOP and ASYNC_CANCEL. Socket ops are out of scope: they complete with {@code -EINVAL}
 * and are listed by {@link #unsupportedOps()}. NOTES.md tells what is modelled and what is left out.
 *
 * <p>Every method runs on the calling thread, under this object's monitor; a thread that waits for completions waits on
 * it, so a test can wait, without sleeping, until a thread is blocked in the kernel ({@link #awaitBlocked}).
 */
public final class SimulatedUring {

    static final int EBADF = 9;
    static final int EINVAL = 22;
    static final int ENOENT = 2;
    static final int ETIME = 62;
    static final int ECANCELED = 125;

    static final byte OP_NOP = 0;
    static final byte OP_TIMEOUT = 11;
    static final byte OP_TIMEOUT_REMOVE = 12;
    static final byte OP_ASYNC_CANCEL = 14;
    static final byte OP_READ = 22;
    static final int ENTER_GETEVENTS = 1;

    private static final int FIRST_FD = 3;
    static final Unsafe UNSAFE = RingMemory.UNSAFE;

    private final Map<Integer, Object> fds = new TreeMap<>();
    private final Set<Integer> closedNumbers = new HashSet<>();
    private final List<EventFdWrite> journal = new ArrayList<>();
    private final List<String> unsupported = new ArrayList<>();
    private final Map<Thread, Ring> blocked = new HashMap<>();
    /** The ops the kernel holds, of every ring, in the order they were submitted. */
    private final List<Pending> held = new ArrayList<>();
    private int eventFds;
    private int rings;
    private long nowNanos;
    private boolean aborted;

    /** A write to an eventfd number: what the number named when it was written ({@code closed} if nothing). */
    public record EventFdWrite(String thread, int fd, long value, String target, boolean numberReused) {
    }

    /** An eventfd and its counter. */
    private static final class EventFd {
        final String name;
        long counter;

        EventFd(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** An op the kernel holds: a READ waiting for a write to its eventfd, or a TIMEOUT ({@code eventFd} null). */
    private record Pending(Ring ring, long userData, long address, long deadlineNanos, EventFd eventFd) {
    }

    /** One io_uring instance: its fd, its ring memory and the ops it holds. */
    private static final class Ring extends RingMemory {
        final String name;
        final int fd;
        boolean exited;

        Ring(String name, int fd, int entries) {
            super(entries);
            this.name = name;
            this.fd = fd;
        }

        @Override
        public String toString() {
            return name + " (fd " + fd + ")";
        }
    }

    // ---- system calls (SimNative and the unix SimUnix* bridges call these) ----

    /**
     * io_uring_setup(entries, params all zero, as Netty's native code passes them): the values Netty's
     * {@code Native.createRingBuffer} reads, in the order its JNI code returns them.
     */
    public synchronized long[][] setup(int entries) {
        int fd = lowestFreeFd();
        Ring r = new Ring("ring#" + (rings + 1), fd, entries);
        rings++;
        fds.put(fd, r);
        return r.setupValues(fd);
    }

    /**
     * io_uring_enter(fd, to_submit, min_complete, flags), as Linux (no SQPOLL, as Netty sets the ring up) does it: it
     * consumes at most {@code toSubmit} SQEs that the ring's tail in shared memory publishes (none when
     * {@code toSubmit} is 0), then, with {@code IORING_ENTER_GETEVENTS}, waits until the completion ring holds at least
     * {@code minComplete} CQEs. Returns the number of SQEs consumed.
     */
    public synchronized int enter(int fd, int toSubmit, int minComplete, int flags) {
        if (!(fds.get(fd) instanceof Ring r)) {
            return -EBADF;
        }
        int submitted = toSubmit > 0 ? submit(r, toSubmit) : 0;
        if ((flags & ENTER_GETEVENTS) != 0 && minComplete > 0) {
            blocked.put(Thread.currentThread(), r);
            notifyAll();
            boolean interrupted = false;
            try {
                while (r.ready() < minComplete && !aborted) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        interrupted = true; // Netty's JNI retries io_uring_enter on EINTR: an interrupt does not end it
                    }
                }
            } finally {
                blocked.remove(Thread.currentThread());
                notifyAll();
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            if (r.ready() < minComplete) {
                return -EBADF; // abort(): the test tears the simulated kernel down under a thread that waits forever
            }
        }
        return submitted;
    }

    /** eventfd(0, 0): a blocking eventfd on the lowest free number. */
    public synchronized int eventFd() {
        int fd = lowestFreeFd();
        fds.put(fd, new EventFd("eventfd#" + ++eventFds));
        return fd;
    }

    /**
     * eventfd_write(fd, value): adds to the counter of whatever eventfd the number names now (and completes a READ the
     * kernel holds on it); every write is journalled with what the number named. Returns 0 or {@code -EBADF} (closed
     * number) or {@code -EINVAL} (a number that names no eventfd).
     */
    public synchronized int eventFdWrite(int fd, long value) {
        Object file = fds.get(fd);
        journal.add(new EventFdWrite(Thread.currentThread().getName(), fd, value,
            file == null ? "closed" : file.toString(), closedNumbers.contains(fd)));
        if (!(file instanceof EventFd e)) {
            return file == null ? -EBADF : -EINVAL;
        }
        e.counter += value;
        for (Pending p : held) {
            if (p.eventFd() == e) {
                held.remove(p);
                completeRead(p.ring(), p.userData(), p.address(), e);
                break;
            }
        }
        notifyAll();
        return 0;
    }

    /**
     * close(fd). An eventfd's number is freed at once; a READ the kernel holds on it keeps the eventfd itself (the
     * request holds a reference to the file, as in Linux), so a later write to the number reaches whatever now has it.
     */
    public synchronized int close(int fd) {
        Object file = fds.remove(fd);
        if (file == null) {
            return -EBADF;
        }
        closedNumbers.add(fd);
        return 0;
    }

    /** Netty's ioUringExit: unmaps the rings and closes the ring's fd; the ops it held are dropped. */
    public synchronized void exit(int ringFd) {
        if (fds.get(ringFd) instanceof Ring r && !r.exited) {
            r.exited = true;
            held.removeIf(p -> p.ring() == r);
            close(ringFd);
            r.free();
        }
    }

    // ---- what a test controls and observes ----

    /** Advances the virtual clock: every TIMEOUT whose deadline is reached completes with {@code -ETIME}. */
    public synchronized void advance(Duration d) {
        nowNanos += d.toNanos();
        for (Iterator<Pending> it = held.iterator(); it.hasNext();) {
            Pending t = it.next();
            if (t.eventFd() == null && t.deadlineNanos() <= nowNanos) {
                it.remove();
                post(t.ring(), t.userData(), -ETIME);
            }
        }
        notifyAll();
    }

    /**
     * Waits until {@code thread} is blocked in io_uring_enter, or {@code guard} passed (then false): the guard only
     * bounds a test that went wrong, it decides nothing.
     */
    public boolean awaitBlocked(Thread thread, Duration guard) {
        return await(() -> blocked.containsKey(thread), guard);
    }

    /**
     * Whether {@code thread} waits in io_uring_enter for completions that can never come: its ring holds fewer CQEs
     * than it waits for and the kernel holds no op of that ring (no READ on an eventfd, no TIMEOUT), so no eventfd
     * write and no time can post one; only a new submission could, and the ring's only submitter is the one waiting.
     */
    public synchronized boolean waitsForever(Thread thread) {
        Ring r = blocked.get(thread);
        return r != null && r.ready() == 0 && held.stream().noneMatch(p -> p.ring() == r);
    }

    /** What the kernel holds for the ring {@code thread} waits on, for a failure's reason. */
    public synchronized String describeWait(Thread thread) {
        Ring r = blocked.get(thread);
        if (r == null) {
            return thread.getName() + " is not in io_uring_enter";
        }
        return thread.getName() + " waits in io_uring_enter(GETEVENTS) on " + r + ": " + r.ready() + " CQE(s) ready, "
            + held.stream().filter(p -> p.ring() == r).count() + " op(s) held by the kernel, "
            + (UNSAFE.getIntVolatile(null, r.rings + SQ_TAIL) - UNSAFE.getIntVolatile(null, r.rings + SQ_HEAD))
            + " SQE(s) published and not submitted";
    }

    /**
     * The SQEs written into the ring {@code thread} waits on beyond the tail published in shared memory, up to the
     * submitter's own tail {@code writtenTail}: queued, never visible to the kernel.
     */
    public synchronized List<String> unpublished(Thread thread, int writtenTail) {
        Ring r = blocked.get(thread);
        List<String> sqes = new ArrayList<>();
        if (r != null) {
            for (int t = UNSAFE.getIntVolatile(null, r.rings + SQ_TAIL); t != writtenTail; t++) {
                int index = UNSAFE.getInt(r.rings + r.sqArray + 4L * (t & (r.sqEntries - 1)));
                long sqe = r.sqes + (long) SQE_SIZE * index;
                int fd = UNSAFE.getInt(sqe + 4);
                byte op = UNSAFE.getByte(sqe);
                sqes.add((op == OP_READ ? "READ" : "op " + op) + " fd " + fd + " (" + fds.getOrDefault(fd, "closed") + ")");
            }
        }
        return sqes;
    }

    /** Wakes every thread blocked in io_uring_enter with {@code -EBADF}: tears down a test's stuck loop. */
    public synchronized void abort() {
        aborted = true;
        notifyAll();
    }

    public synchronized List<EventFdWrite> journal() {
        return List.copyOf(journal);
    }

    public synchronized List<String> unsupportedOps() {
        return List.copyOf(unsupported);
    }

    // ---- inside the kernel ----

    private int submit(Ring r, int toSubmit) {
        int head = UNSAFE.getIntVolatile(null, r.rings + SQ_HEAD);
        int tail = UNSAFE.getIntVolatile(null, r.rings + SQ_TAIL);
        int n = Math.min(toSubmit, tail - head);
        for (int i = 0; i < n; i++, head++) {
            int index = UNSAFE.getInt(r.rings + r.sqArray + 4L * (head & (r.sqEntries - 1)));
            if (index < 0 || index >= r.sqEntries) {
                UNSAFE.putInt(r.rings + SQ_DROPPED, UNSAFE.getInt(r.rings + SQ_DROPPED) + 1);
            } else {
                execute(r, r.sqes + (long) SQE_SIZE * index);
            }
            UNSAFE.putIntVolatile(null, r.rings + SQ_HEAD, head + 1);
        }
        notifyAll();
        return n;
    }

    private void execute(Ring r, long sqe) {
        byte op = UNSAFE.getByte(sqe);
        int fd = UNSAFE.getInt(sqe + 4);
        long address = UNSAFE.getLong(sqe + 16);
        int length = UNSAFE.getInt(sqe + 24);
        long userData = UNSAFE.getLong(sqe + 32);
        switch (op) {
            case OP_NOP -> post(r, userData, 0);
            case OP_READ -> {
                Object file = fds.get(fd);
                if (!(file instanceof EventFd e) || length < 8) {
                    unsupportedIf(file != null, "READ on " + file + " (length " + length + ")");
                    post(r, userData, file == null ? -EBADF : -EINVAL);
                } else if (e.counter > 0) {
                    completeRead(r, userData, address, e);
                } else {
                    held.add(new Pending(r, userData, address, 0, e));
                }
            }
            case OP_TIMEOUT -> {
                long delay = UNSAFE.getLong(address) * 1_000_000_000L + UNSAFE.getLong(address + 8);
                long count = UNSAFE.getLong(sqe + 8);
                if (length != 1 || count != 0) {
                    unsupportedIf(true, "TIMEOUT with count " + count);
                    post(r, userData, -EINVAL);
                } else if (delay <= 0) {
                    post(r, userData, -ETIME);
                } else {
                    held.add(new Pending(r, userData, 0, nowNanos + delay, null));
                }
            }
            case OP_TIMEOUT_REMOVE -> post(r, userData, cancel(r, address, true) ? 0 : -ENOENT);
            case OP_ASYNC_CANCEL -> post(r, userData, cancel(r, address, false) ? 0 : -ENOENT);
            default -> {
                unsupportedIf(true, "op " + op + " on fd " + fd);
                post(r, userData, -EINVAL);
            }
        }
    }

    /** Cancels the op of ring {@code r} with {@code userData} the kernel holds (only a TIMEOUT if {@code timeoutOnly}). */
    private boolean cancel(Ring r, long userData, boolean timeoutOnly) {
        for (Iterator<Pending> it = held.iterator(); it.hasNext();) {
            Pending p = it.next();
            if (p.ring() == r && p.userData() == userData && (!timeoutOnly || p.eventFd() == null)) {
                it.remove();
                post(r, userData, -ECANCELED);
                return true;
            }
        }
        return false;
    }

    private void completeRead(Ring r, long userData, long address, EventFd e) {
        UNSAFE.putLong(address, e.counter);
        e.counter = 0;
        post(r, userData, 8);
    }

    /** Posts a CQE; a full completion ring drops it and counts an overflow (the kernel's NODROP backlog is not modelled). */
    private void post(Ring r, long userData, int res) {
        if (r.exited) {
            return;
        }
        int tail = UNSAFE.getIntVolatile(null, r.rings + CQ_TAIL);
        if (tail - UNSAFE.getIntVolatile(null, r.rings + CQ_HEAD) >= r.cqEntries) {
            UNSAFE.putInt(r.rings + CQ_OVERFLOW, UNSAFE.getInt(r.rings + CQ_OVERFLOW) + 1);
            return;
        }
        long cqe = r.rings + CQES + (long) CQE_SIZE * (tail & (r.cqEntries - 1));
        UNSAFE.putLong(cqe, userData);
        UNSAFE.putInt(cqe + 8, res);
        UNSAFE.putInt(cqe + 12, 0);
        UNSAFE.putIntVolatile(null, r.rings + CQ_TAIL, tail + 1);
        notifyAll();
    }

    private void unsupportedIf(boolean condition, String what) {
        if (condition) {
            unsupported.add(what);
        }
    }

    private int lowestFreeFd() {
        int fd = FIRST_FD;
        while (fds.containsKey(fd)) {
            fd++;
        }
        return fd;
    }

    private synchronized boolean await(BooleanSupplier condition, Duration guard) {
        long deadline = System.nanoTime() + guard.toNanos();
        while (!condition.getAsBoolean()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

}
