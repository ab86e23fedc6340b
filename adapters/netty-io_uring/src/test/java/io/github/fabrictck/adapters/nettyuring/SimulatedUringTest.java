package io.github.fabrictck.adapters.nettyuring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import sun.misc.Unsafe;

/** The simulated kernel alone, driven as Netty drives it: SQEs written into its rings, the tail published, enter. */
class SimulatedUringTest {

    private static final Unsafe UNSAFE = SimulatedUring.UNSAFE;

    private final SimulatedUring kernel = new SimulatedUring();
    private final long[][] ring = kernel.setup(4);
    private final long[] sq = ring[0];
    private final long[] cq = ring[1];
    private final int fd = (int) sq[10];
    private final long timespec = UNSAFE.allocateMemory(16);
    private final long buffer = UNSAFE.allocateMemory(8);
    private int tail;

    @Test
    void ringLayoutIsTheKernels() {
        assertEquals(4, UNSAFE.getInt(sq[3]));
        assertEquals(3, UNSAFE.getInt(sq[2]));
        assertEquals(8, UNSAFE.getInt(cq[3]));
        assertEquals(7, UNSAFE.getInt(cq[2]));
        assertEquals(sq[9] + io.github.fabrictck.adapters.nettyuring.kernel.RingMemory.CQES, cq[5]);
    }

    @Test
    void onlyPublishedSqesAreSubmittedAndOnlyUpToToSubmit() {
        queue(SimulatedUring.OP_NOP, -1, 0, 1);
        queue(SimulatedUring.OP_NOP, -1, 0, 2);
        assertEquals(0, kernel.enter(fd, 2, 0, 0), "nothing published yet");
        publish();
        assertEquals(1, kernel.enter(fd, 1, 0, 0));
        assertEquals(0, kernel.enter(fd, 0, 1, SimulatedUring.ENTER_GETEVENTS), "GETEVENTS with to_submit 0 submits none");
        assertEquals(List.of("1:0"), completions());
        assertEquals(1, kernel.enter(fd, 5, 1, SimulatedUring.ENTER_GETEVENTS));
        assertEquals(List.of("2:0"), completions());
    }

    @Test
    void eventFdReadCompletesOnAWriteAndTheNumberIsReusedAfterClose() {
        int efd = kernel.eventFd();
        queue(SimulatedUring.OP_READ, efd, buffer, 7);
        publish();
        kernel.enter(fd, 1, 0, 0);
        assertEquals(List.of(), completions());
        assertEquals(0, kernel.eventFdWrite(efd, 3));
        assertEquals(List.of("7:8"), completions());
        assertEquals(3, UNSAFE.getLong(buffer));
        kernel.close(efd);
        assertEquals(-SimulatedUring.EBADF, kernel.eventFdWrite(efd, 1));
        assertEquals(efd, kernel.eventFd());
        assertEquals(0, kernel.eventFdWrite(efd, 1));
        assertEquals(List.of("eventfd#1 false", "closed true", "eventfd#2 true"),
            kernel.journal().stream().map(w -> w.target() + " " + w.numberReused()).toList());
    }

    @Test
    void timeoutsRunOnTheVirtualClockAndCanBeRemovedOrCancelled() {
        UNSAFE.putLong(timespec, 2);
        UNSAFE.putLong(timespec + 8, 0);
        queue(SimulatedUring.OP_TIMEOUT, -1, timespec, 1);
        queue(SimulatedUring.OP_TIMEOUT, -1, timespec, 2);
        queue(SimulatedUring.OP_TIMEOUT_REMOVE, -1, 2, 3);
        queue(SimulatedUring.OP_ASYNC_CANCEL, -1, 99, 4);
        publish();
        kernel.enter(fd, 4, 0, 0);
        assertEquals(List.of("2:-125", "3:0", "4:-2"), completions());
        kernel.advance(Duration.ofSeconds(1));
        assertEquals(List.of(), completions());
        kernel.advance(Duration.ofSeconds(1));
        assertEquals(List.of("1:-62"), completions());
    }

    /** Writes an SQE as Netty's IOUringSubmissionQueue does (slot = tail & mask, the array already maps i to i). */
    private void queue(byte op, int targetFd, long address, long userData) {
        long sqe = sq[7] + 64L * (tail & 3);
        UNSAFE.setMemory(sqe, 64, (byte) 0);
        UNSAFE.putByte(sqe, op);
        UNSAFE.putInt(sqe + 4, targetFd);
        UNSAFE.putLong(sqe + 16, address);
        UNSAFE.putInt(sqe + 24, op == SimulatedUring.OP_READ ? 8 : op == SimulatedUring.OP_TIMEOUT ? 1 : 0);
        UNSAFE.putLong(sqe + 32, userData);
        UNSAFE.putInt(sq[6] + 4L * (tail & 3), tail & 3);
        tail++;
    }

    private void publish() {
        UNSAFE.putIntVolatile(null, sq[1], tail);
    }

    /** The CQEs posted since the last call, as "user_data:res", consumed. */
    private List<String> completions() {
        List<String> out = new ArrayList<>();
        int head = UNSAFE.getIntVolatile(null, cq[0]);
        for (int t = UNSAFE.getIntVolatile(null, cq[1]); head != t; head++) {
            long cqe = cq[5] + 16L * (head & 7);
            out.add(UNSAFE.getLong(cqe) + ":" + UNSAFE.getInt(cqe + 8));
        }
        UNSAFE.putIntVolatile(null, cq[0], head);
        return out;
    }
}
