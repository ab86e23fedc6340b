package io.github.fabrictck.zoo.el;

import io.github.fabrictck.spi.el.Cqe;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.Ring;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;

/**
 * A ring for the zoo's tests, with the SPI's rules: queued, published, submitted; only a submitted entry completes; an
 * eventfd READ completes at a write (or at once when the counter is set), a TIMEOUT when its time (the wall clock here)
 * has passed. Every use against the rules (a call after close, a write to a closed eventfd) is recorded in
 * {@link #misuse()}; a wait that nothing can end is recorded too, and ends the loop's wait with an exception.
 */
final class FakeRing implements Ring {

    private record Sqe(char op, Fd fd, long nanos, long userData) {
    }

    private record Held(Sqe sqe, long deadline) {
    }

    private final List<Sqe> queued = new ArrayList<>();
    private final Deque<Sqe> published = new ArrayDeque<>();
    private final List<Held> held = new ArrayList<>();
    private final Deque<Cqe> ready = new ArrayDeque<>();
    private final List<String> misuse = Collections.synchronizedList(new ArrayList<>());
    private boolean closed;
    private volatile boolean aborted;
    private final List<Fd> fds = new ArrayList<>();

    @Override
    public synchronized EventFd openEventFd() {
        usable("openEventFd");
        Fd fd = new Fd();
        fds.add(fd);
        return fd;
    }

    @Override
    public synchronized void queueRead(EventFd eventFd, long userData) {
        usable("queueRead");
        queued.add(new Sqe('R', (Fd) eventFd, 0, userData));
    }

    @Override
    public synchronized void queueTimeout(long nanos, long userData) {
        usable("queueTimeout");
        queued.add(new Sqe('T', null, nanos, userData));
    }

    @Override
    public synchronized void queueNop(long userData) {
        usable("queueNop");
        queued.add(new Sqe('N', null, 0, userData));
    }

    @Override
    public synchronized int publish() {
        usable("publish");
        published.addAll(queued);
        queued.clear();
        return published.size();
    }

    @Override
    public synchronized int submit() {
        publish();
        return take(published.size());
    }

    @Override
    public synchronized int enter(int toSubmit, int minComplete) {
        usable("enter");
        int n = take(toSubmit);
        while (true) {
            expire();
            if (ready.size() >= minComplete) {
                return n;
            }
            if (aborted) {
                throw new IllegalStateException("the test tore the ring down");
            }
            long next = held.stream().filter(h -> h.sqe.op == 'T').mapToLong(Held::deadline).min().orElse(Long.MAX_VALUE);
            boolean anyRead = held.stream().anyMatch(h -> h.sqe.op == 'R');
            if (!anyRead && next == Long.MAX_VALUE) {
                // nothing submitted can complete: a wait forever (the caller holds the monitor: no write can race)
                misuse.add("enter(" + toSubmit + ", " + minComplete + ") waits for a completion nothing can post");
                throw new IllegalStateException("waits forever");
            }
            try {
                long left = next == Long.MAX_VALUE ? 50 : Math.max(1, (next - System.nanoTime()) / 1_000_000);
                wait(Math.min(left, 50));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public synchronized Cqe poll() {
        usable("poll");
        return ready.pollFirst();
    }

    @Override
    public synchronized void close() {
        usable("close");
        closed = true;
        held.clear();
    }

    synchronized boolean closed() {
        return closed;
    }

    List<String> misuse() {
        return List.copyOf(misuse);
    }

    /** Ends a wait the loop would never leave (a failed test's teardown). */
    synchronized void abort() {
        aborted = true;
        notifyAll();
    }

    private int take(int n) {
        int taken = 0;
        while (taken < n && !published.isEmpty()) {
            Sqe sqe = published.pollFirst();
            taken++;
            switch (sqe.op) {
                case 'N' -> ready.add(new Cqe(sqe.userData, 0));
                case 'R' -> {
                    if (sqe.fd.counter > 0) {
                        sqe.fd.counter = 0;
                        ready.add(new Cqe(sqe.userData, 8));
                    } else {
                        held.add(new Held(sqe, 0));
                    }
                }
                default -> held.add(new Held(sqe, System.nanoTime() + sqe.nanos));
            }
        }
        notifyAll();
        return taken;
    }

    private void expire() {
        long now = System.nanoTime();
        held.removeIf(h -> {
            if (h.sqe.op == 'T' && h.deadline - now <= 0) {
                ready.add(new Cqe(h.sqe.userData, -Cqe.ETIME));
                return true;
            }
            return false;
        });
    }

    private void usable(String call) {
        if (closed) {
            String m = call + " after the ring was closed";
            misuse.add(m);
            throw new IllegalStateException(m);
        }
    }

    private final class Fd implements EventFd {
        private long counter;
        private boolean fdClosed;

        @Override
        public void write(long value) {
            synchronized (FakeRing.this) {
                if (fdClosed) {
                    misuse.add("eventfd_write after the eventfd was closed");
                    throw new IllegalStateException("eventfd closed");
                }
                counter += value;
                for (Held h : held) {
                    if (h.sqe.fd == this) {
                        held.remove(h);
                        counter = 0;
                        ready.add(new Cqe(h.sqe.userData, 8));
                        break;
                    }
                }
                FakeRing.this.notifyAll();
            }
        }

        @Override
        public void close() {
            synchronized (FakeRing.this) {
                if (fdClosed) {
                    misuse.add("eventfd closed twice");
                }
                fdClosed = true;
            }
        }
    }
}
