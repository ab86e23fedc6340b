package io.github.fabrictck.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How a schedule names a thread whose name the JDK made up from counters of the whole JVM, without the agent. */
class ThreadNamesTest {

    @Test
    void theJvmsCountersBecomeLettersSoThatAReplayInAnotherJvmNamesTheSameThreads() {
        assertEquals("pool-N-thread-M", Controller.uncounted("pool-3-thread-1"));
        assertEquals("pool-N-thread-M", Controller.uncounted("pool-12-thread-40"));
        assertEquals("ForkJoinPool-N-worker-M", Controller.uncounted("ForkJoinPool-1-worker-2"));
        assertEquals("ForkJoinPool.commonPool-worker-M", Controller.uncounted("ForkJoinPool.commonPool-worker-7"));
        assertEquals("Timer-N", Controller.uncounted("Timer-0"));
        assertEquals("Thread-N", Controller.uncounted("Thread-93"));
    }

    @Test
    void aNameTheDriverGaveIsKept() {
        assertEquals("client-timer", Controller.uncounted("client-timer"));
        assertEquals("my-pool-3-thread-1", Controller.uncounted("my-pool-3-thread-1"));
        assertEquals("the thread started at RdmaCqProcessor.start(RdmaCqProcessor.java:99)",
                Controller.uncounted("the thread started at RdmaCqProcessor.start(RdmaCqProcessor.java:99)"));
    }
}
