package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ParentWatchTest {

    @Test
    void theEndOfInputMeansMavensProcessIsGone() throws Exception {
        PipedOutputStream parent = new PipedOutputStream();
        PipedInputStream stdin = new PipedInputStream(parent);
        CountDownLatch gone = new CountDownLatch(1);
        Thread watch = ParentWatch.onEndOfInput(stdin, gone::countDown);
        parent.write("stray bytes are no end\n".getBytes());
        parent.flush();
        assertEquals(1, gone.getCount());
        parent.close();
        assertTrue(gone.await(30, TimeUnit.SECONDS));
        assertTrue(watch.isDaemon());
    }

    @Test
    void theDeadlineEndsTheForkAndNoLimitIsNoWatch() throws Exception {
        CountDownLatch overran = new CountDownLatch(1);
        ParentWatch.after(Duration.ofMillis(10), overran::countDown);
        assertTrue(overran.await(30, TimeUnit.SECONDS));
        assertNull(ParentWatch.after(Duration.ZERO, () -> { }));
    }
}
