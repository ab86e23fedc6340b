package io.github.fabrictck.adapters.nettyuring.kernel;

import io.github.fabrictck.adapter.Unsimulated;
import io.github.fabrictck.spi.el.Cqe;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.Ring;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.CQES;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.CQE_SIZE;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.CQ_TAIL;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.SQ_HEAD;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.SQ_TAIL;
import static io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.UNSAFE;

/**
 * The io_uring kernel Netty's JNI layer talks to when the kit runs Netty: the rings in the kernel's memory layout,
 * which Netty's own {@code IOUringSubmissionQueue} and {@code IOUringCompletionQueue} read and write, over the kit's
 * {@link Ring}, which decides and judges. At each {@code io_uring_enter} the entries Netty <em>published</em> (the
 * ring's tail it stored in shared memory) are handed to the kit's ring and published there, the call is the kit's
 * {@link Ring#enter}, and the completions the kit's ring has ready are written into the completion ring's memory.
 * An entry Netty only queued (written, its tail not stored) stays invisible, as to Linux. Linux posts a completion
 * into the shared ring on its own; here it reaches the memory at the loop thread's next {@code io_uring_enter}, which
 * is where Netty waits for one (it looks at the completion ring first and enters only when it is empty).
 *
 * <p>One process-wide file table: ring and eventfd numbers are never reused (the windows do not model a closed
 * number named again, netty PR #10615). Ops the kit's ring does not model (TIMEOUT_REMOVE, ASYNC_CANCEL, socket and
 * file ops) are answered by {@link Unsimulated}: the window is ERROR, never judged on them.
 */
public final class UringKernel {

    static final int EBADF = 9;
    static final byte OP_NOP = 0;
    static final byte OP_TIMEOUT = 11;
    static final byte OP_READ = 22;
    static final int ENTER_GETEVENTS = 1;

    private static final Map<Integer, Object> FILES = new HashMap<>();
    private static final ThreadLocal<Ring> OPENING = new ThreadLocal<>();
    private static int nextFd = 3;

    private UringKernel() {
    }

    /**
     * Runs {@code open} (the construction of Netty's event loop) with {@code ring} as the kit's ring behind the
     * io_uring instance and eventfd it sets up on this thread.
     */
    public static <T> T opening(Ring ring, Supplier<T> open) {
        OPENING.set(ring);
        try {
            return open.get();
        } finally {
            OPENING.remove();
        }
    }

    /** The memory of one io_uring instance, and the kit's ring behind it ({@code null}: Netty's probe). */
    private static final class Rings extends RingMemory {
        final Ring ring;
        /** How many of the published entries were handed to the kit's ring. */
        int handed;
        boolean exited;

        Rings(Ring ring, int entries) {
            super(entries);
            this.ring = ring;
        }
    }

    /** {@code io_uring_setup(entries)}: the 11 + 9 values Netty's JNI returns, in its order. */
    static synchronized long[][] setup(int entries) {
        Rings r = new Rings(OPENING.get(), entries);
        int fd = nextFd++;
        FILES.put(fd, r);
        return r.setupValues(fd);
    }

    /** {@code eventfd(0, 0)}, of the kit's ring being opened on this thread. */
    static synchronized int eventFd() {
        Ring ring = OPENING.get();
        if (ring == null) {
            throw Unsimulated.reached("eventfd() outside the opening of an event loop on the kit's ring", null);
        }
        int fd = nextFd++;
        FILES.put(fd, ring.openEventFd());
        return fd;
    }

    /** {@code eventfd_write}: the kit's eventfd decides (a write after its close is a misuse it reports). */
    static void eventFdWrite(int fd, long value) {
        Object file;
        synchronized (UringKernel.class) {
            file = FILES.get(fd);
        }
        if (!(file instanceof EventFd e)) {
            throw new io.netty.channel.ChannelException("eventfd_write(...) failed: " + (file == null
                    ? "Bad file descriptor" : "Invalid argument") + " (fd " + fd + ")");
        }
        e.write(value);
    }

    /** {@code close(fd)}: an eventfd is closed in the kit's ring; a ring's number is closed by {@link #exit}. */
    static int close(int fd) {
        Object file;
        synchronized (UringKernel.class) {
            file = FILES.get(fd);
        }
        if (file instanceof EventFd e) {
            e.close();
            return 0;
        }
        return file == null ? -EBADF : 0;
    }

    /** {@code io_uring_queue_exit}: the kit's ring is closed. */
    static void exit(int ringFd) {
        Rings r;
        synchronized (UringKernel.class) {
            r = FILES.get(ringFd) instanceof Rings rings && !rings.exited ? rings : null;
            if (r != null) {
                r.exited = true;
            }
        }
        if (r != null) {
            if (r.ring != null) {
                r.ring.close();
            }
            r.free();
        }
    }

    /**
     * {@code io_uring_enter(fd, to_submit, min_complete, flags)} as Linux without SQPOLL: the published entries go
     * to the kit's ring, which submits at most {@code to_submit} of them and, with {@code IORING_ENTER_GETEVENTS},
     * waits until {@code min_complete} completions are ready (those already in the completion ring's memory count).
     */
    static int enter(int ringFd, int toSubmit, int minComplete, int flags) {
        Rings r;
        synchronized (UringKernel.class) {
            r = FILES.get(ringFd) instanceof Rings rings && !rings.exited ? rings : null;
        }
        if (r == null) {
            return -EBADF;
        }
        if (r.ring == null) {
            throw Unsimulated.reached("io_uring_enter on Netty's probe ring (not an event loop's)", null);
        }
        int tail = UNSAFE.getIntVolatile(null, r.rings + SQ_TAIL);
        for (; r.handed != tail; r.handed++) {
            hand(r, r.sqeAt(r.handed));
        }
        r.ring.publish();
        int wait = (flags & ENTER_GETEVENTS) != 0 ? Math.max(0, minComplete - r.ready()) : 0;
        int submitted = r.ring.enter(toSubmit, wait);
        UNSAFE.putIntVolatile(null, r.rings + SQ_HEAD, UNSAFE.getIntVolatile(null, r.rings + SQ_HEAD) + submitted);
        for (Cqe c = r.ring.poll(); c != null; c = r.ring.poll()) {
            int cqTail = UNSAFE.getIntVolatile(null, r.rings + CQ_TAIL);
            if (r.ready() == r.cqEntries) {
                throw Unsimulated.reached("a completion ring overflow (" + r.cqEntries + " entries)", null);
            }
            long cqe = r.rings + CQES + (long) CQE_SIZE * (cqTail & (r.cqEntries - 1));
            UNSAFE.putLong(cqe, c.userData());
            UNSAFE.putInt(cqe + 8, c.result());
            UNSAFE.putInt(cqe + 12, 0);
            UNSAFE.putIntVolatile(null, r.rings + CQ_TAIL, cqTail + 1);
        }
        return submitted;
    }

    /** One published submission entry, to the kit's ring: an eventfd READ, a TIMEOUT (no count) or a NOP. */
    private static void hand(Rings r, long sqe) {
        byte op = UNSAFE.getByte(sqe);
        int fd = UNSAFE.getInt(sqe + 4);
        long address = UNSAFE.getLong(sqe + 16);
        int length = UNSAFE.getInt(sqe + 24);
        long userData = UNSAFE.getLong(sqe + 32);
        Object file;
        synchronized (UringKernel.class) {
            file = FILES.get(fd);
        }
        if (op == OP_READ && file instanceof EventFd e && length >= 8) {
            r.ring.queueRead(e, userData);
        } else if (op == OP_TIMEOUT && length == 1 && UNSAFE.getLong(sqe + 8) == 0) {
            r.ring.queueTimeout(UNSAFE.getLong(address) * 1_000_000_000L + UNSAFE.getLong(address + 8), userData);
        } else if (op == OP_NOP) {
            r.ring.queueNop(userData);
        } else {
            throw Unsimulated.reached("io_uring op " + op + " on fd " + fd + " (" + (file == null ? "no file" : file)
                    + ", length " + length + "): the kit's ring models an eventfd READ, a TIMEOUT and a NOP", null);
        }
    }

}
