package io.github.fabrictck.adapters.nettyuring.kernel;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * The memory of one io_uring instance, off-heap and laid out as the kernel lays it out, for Netty's own
 * {@code IOUringSubmissionQueue} and {@code IOUringCompletionQueue} to read and write: one block as {@code struct
 * io_rings} (sq and cq head and tail each on its own 64-byte line, the masks, entries, sq_dropped, sq_flags,
 * cq_overflow, then the CQEs of 16 bytes, then the SQ index array, 64-byte aligned: one mapping for SQ and CQ, as
 * with {@code IORING_FEAT_SINGLE_MMAP}), and the SQE array (64 bytes each). CQ entries are twice the SQ entries.
 */
public class RingMemory {

    public static final int SQ_HEAD = 0;
    public static final int SQ_TAIL = 64;
    public static final int CQ_HEAD = 128;
    public static final int CQ_TAIL = 192;
    public static final int SQ_RING_MASK = 256;
    public static final int CQ_RING_MASK = 260;
    public static final int SQ_RING_ENTRIES = 264;
    public static final int CQ_RING_ENTRIES = 268;
    public static final int SQ_DROPPED = 272;
    public static final int SQ_FLAGS = 276;
    public static final int CQ_OVERFLOW = 284;
    public static final int CQES = 320;
    public static final int CQE_SIZE = 16;
    public static final int SQE_SIZE = 64;
    public static final int MAX_ENTRIES = 32768;
    public static final Unsafe UNSAFE = unsafe();

    public final int sqEntries;
    public final int cqEntries;
    /** The {@code struct io_rings} block. */
    public final long rings;
    /** The SQ index array's offset in {@link #rings}. */
    public final long sqArray;
    public final long ringsSize;
    public final long sqes;

    /**
     * {@code io_uring_setup(entries)}'s memory: entries rounded up to a power of two.
     *
     * @throws IllegalArgumentException for entries below 1 or above 32768, as the kernel refuses them
     */
    public RingMemory(int entries) {
        if (entries < 1 || entries > MAX_ENTRIES) {
            throw new IllegalArgumentException("io_uring_setup: entries " + entries);
        }
        this.sqEntries = entries == 1 ? 1 : Integer.highestOneBit(entries - 1) << 1;
        this.cqEntries = 2 * sqEntries;
        this.sqArray = (CQES + (long) cqEntries * CQE_SIZE + 63) & ~63L;
        this.ringsSize = sqArray + 4L * sqEntries;
        this.rings = UNSAFE.allocateMemory(ringsSize);
        UNSAFE.setMemory(rings, ringsSize, (byte) 0);
        this.sqes = UNSAFE.allocateMemory((long) SQE_SIZE * sqEntries);
        UNSAFE.setMemory(sqes, (long) SQE_SIZE * sqEntries, (byte) 0);
        UNSAFE.putInt(rings + SQ_RING_MASK, sqEntries - 1);
        UNSAFE.putInt(rings + CQ_RING_MASK, cqEntries - 1);
        UNSAFE.putInt(rings + SQ_RING_ENTRIES, sqEntries);
        UNSAFE.putInt(rings + CQ_RING_ENTRIES, cqEntries);
    }

    /** The 11 submission-queue and 9 completion-queue values Netty's JNI {@code ioUringSetup} returns, in its order. */
    public long[][] setupValues(int fd) {
        long[] sq = {rings + SQ_HEAD, rings + SQ_TAIL, rings + SQ_RING_MASK, rings + SQ_RING_ENTRIES, rings + SQ_FLAGS,
            rings + SQ_DROPPED, rings + sqArray, sqes, ringsSize, rings, fd};
        long[] cq = {rings + CQ_HEAD, rings + CQ_TAIL, rings + CQ_RING_MASK, rings + CQ_RING_ENTRIES, rings + CQ_OVERFLOW,
            rings + CQES, ringsSize, rings, fd};
        return new long[][] {sq, cq};
    }

    /** The completions in the completion ring that Netty has not consumed. */
    public int ready() {
        return UNSAFE.getIntVolatile(null, rings + CQ_TAIL) - UNSAFE.getIntVolatile(null, rings + CQ_HEAD);
    }

    /** The SQE the submission ring's index array names at position {@code position} (a head or tail value). */
    public long sqeAt(int position) {
        int index = UNSAFE.getInt(rings + sqArray + 4L * (position & (sqEntries - 1)));
        return sqes + (long) SQE_SIZE * index;
    }

    /** {@code io_uring_queue_exit}'s unmapping. */
    public void free() {
        UNSAFE.freeMemory(rings);
        UNSAFE.freeMemory(sqes);
    }

    private static Unsafe unsafe() {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
