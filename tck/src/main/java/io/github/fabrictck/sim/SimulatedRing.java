package io.github.fabrictck.sim;

import io.github.fabrictck.engine.Site;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.spi.el.Cqe;
import io.github.fabrictck.spi.el.EventFd;
import io.github.fabrictck.spi.el.Ring;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kit's io_uring instance ({@link Ring}), with Linux's semantics without SQPOLL: an entry is queued,
 * then published (the tail stored), then submitted by an {@code io_uring_enter} that asks for it, and
 * only a submitted entry completes; {@code enter(0, n)} submits nothing. An eventfd READ completes once
 * its eventfd was written (a write before the READ leaves the counter set); a TIMEOUT completes when the
 * ring's time has passed its deadline. The ring's time is virtual: it passes only when the kit lets the
 * device's time pass ({@link WindowRun#passDeviceTimeouts()}, when every driver thread is idle), to the
 * next deadline.
 *
 * <p>A thread waiting in {@code enter} is idle for the kit (waiting for work). It <em>waits forever</em>
 * ({@link #waitsForever}) when its ring has fewer completions ready than it waits for and no submitted
 * entry that an eventfd write or time could complete: nothing can post one, since the ring's only
 * submitter is the thread that waits. This is how a hang is judged, never by a timeout.
 *
 * <p>Every call runs under the ring's monitor on the calling thread; completions are posted synchronously
 * by the eventfd write or the passing of time. The model is {@code adapters/netty-io_uring}'s
 * {@code SimulatedUring} without the kernel's memory layout.
 */
public final class SimulatedRing implements Ring {

    private enum Op { READ, TIMEOUT, NOP }

    private record Sqe(Op op, SimEventFd eventFd, long nanos, long userData) {
        @Override
        public String toString() {
            return switch (op) {
                case READ -> "READ " + eventFd;
                case TIMEOUT -> "TIMEOUT " + nanos + " ns";
                case NOP -> "NOP";
            } + " (user_data " + userData + ")";
        }
    }

    /** A submitted entry the kernel holds until a write or time completes it. */
    private record Held(Sqe sqe, long deadline) {
    }

    private final WindowRun run;
    private final String name;
    private final List<Sqe> queued = new ArrayList<>();
    /** Published and not taken by the kernel yet: {@code sq.tail - sq.head} in the kernel's words. */
    private final Deque<Sqe> published = new ArrayDeque<>();
    private final List<Held> held = new ArrayList<>();
    private final Deque<Cqe> ready = new ArrayDeque<>();
    /** Completions the kernel has made and not posted yet ({@link #deferPosting()}): posted at the next {@code enter}. */
    private final Deque<Cqe> unposted = new ArrayDeque<>();
    private boolean deferPosting;
    /** Threads waiting in {@code enter}, with how many completions each waits for and where the driver called. */
    private final Map<Thread, Wait> waiting = new LinkedHashMap<>();
    private final List<String> misuse = new ArrayList<>();
    private final List<String> writes = new ArrayList<>();
    /** Per thread, how many times it called {@code enter} from each call site. */
    private final Map<Thread, Map<String, Integer>> enters = new LinkedHashMap<>();
    /** Per thread, its first call of {@code enter} that waited: the call site and how many calls from there preceded it. */
    private final Map<Thread, FirstWait> firstWaits = new LinkedHashMap<>();
    private long now;
    private int eventFds;
    private boolean closed;
    private boolean aborted;
    /** The trial that used this ring ended ({@link #trialOver()}): a driver thread that calls it again stays there. */
    private boolean over;

    /** One thread's wait in {@code enter}. */
    private record Wait(int minComplete, String at) {
    }

    /**
     * A thread's first call of {@code enter} that waited.
     *
     * @param at     the driver's call site, {@code Class.method(File:LINE)}, as the point of that call names it
     * @param before how many calls of {@code enter} that thread made from that site before this one
     */
    public record FirstWait(String at, int before) {
    }

    /** A ring of the window in progress, on its device time. */
    public SimulatedRing(WindowRun run, String name) {
        this.run = run;
        this.name = name;
        run.deviceTimeout(this::passTime);
    }

    // ---------------------------------------------------------------- the driver's calls

    @Override
    public synchronized EventFd openEventFd() {
        usable("openEventFd");
        return new SimEventFd("eventfd#" + ++eventFds);
    }

    @Override
    public synchronized void queueRead(EventFd eventFd, long userData) {
        usable("queueRead");
        if (!(eventFd instanceof SimEventFd e)) {
            throw new IllegalArgumentException("not an eventfd of this ring: " + eventFd);
        }
        queue(new Sqe(Op.READ, e, 0, userData));
    }

    @Override
    public synchronized void queueTimeout(long nanos, long userData) {
        usable("queueTimeout");
        queue(new Sqe(Op.TIMEOUT, null, Math.max(0, nanos), userData));
    }

    @Override
    public synchronized void queueNop(long userData) {
        usable("queueNop");
        queue(new Sqe(Op.NOP, null, 0, userData));
    }

    private void queue(Sqe sqe) {
        queued.add(sqe);
        trace(sqe + " queued in " + name + ", not published");
    }

    @Override
    public synchronized int publish() {
        usable("publish");
        if (!queued.isEmpty()) {
            published.addAll(queued);
            trace(queued.size() + " entr" + (queued.size() == 1 ? "y" : "ies") + " published in " + name);
            queued.clear();
        }
        return published.size();
    }

    @Override
    public synchronized int submit() {
        usable("submit");
        postDeferred(); // io_uring_enter, as enter is
        publish();
        return take(published.size());
    }

    @Override
    public int enter(int toSubmit, int minComplete) {
        int submitted;
        synchronized (this) {
            usable("enter");
            String at = Site.caller();
            int before = enters.computeIfAbsent(Thread.currentThread(), k -> new LinkedHashMap<>()).merge(at, 1, Integer::sum) - 1;
            postDeferred(); // entering the kernel runs the thread's task work: what was completed is posted
            submitted = toSubmit > 0 ? take(toSubmit) : 0;
            if (minComplete <= 0 || ready.size() >= minComplete) {
                return submitted;
            }
            firstWaits.putIfAbsent(Thread.currentThread(), new FirstWait(at, before));
            waiting.put(Thread.currentThread(), new Wait(minComplete, at));
            trace("enter(" + toSubmit + ", " + minComplete + ") waits on " + name + ": " + describe());
        }
        try {
            run.waitingForWork(() -> {
                awaitReady(minComplete);
                return null;
            }, () -> readyFor(minComplete));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            synchronized (this) {
                waiting.remove(Thread.currentThread());
            }
            run.changed();
        }
        return submitted;
    }

    private synchronized void awaitReady(int minComplete) {
        boolean interrupted = false;
        while (ready.size() < minComplete && !aborted && !closed) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true; // io_uring_enter is retried on EINTR: an interrupt does not end the wait
                run.interruptIgnored();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (ready.size() < minComplete) {
            throw new TornDown(name + " was torn down by the kit while this thread waited in enter()");
        }
    }

    private synchronized boolean readyFor(int minComplete) {
        return ready.size() >= minComplete;
    }

    @Override
    public synchronized Cqe poll() {
        usable("poll");
        return ready.pollFirst();
    }

    @Override
    public synchronized void close() {
        leftBehind("close");
        if (closed) {
            misuse.add(name + " closed twice, at " + Site.caller());
            return;
        }
        closed = true;
        held.clear();
        trace(name + " closed");
        notifyAll();
    }

    /** Submits at most {@code n} published entries, in order; NOPs and zero timeouts complete at once. */
    private int take(int n) {
        int taken = 0;
        while (taken < n && !published.isEmpty()) {
            Sqe sqe = published.pollFirst();
            taken++;
            switch (sqe.op) {
                case NOP -> post(sqe.userData, 0);
                case READ -> {
                    if (sqe.eventFd.counter > 0) {
                        sqe.eventFd.counter = 0;
                        post(sqe.userData, 8);
                    } else {
                        held.add(new Held(sqe, 0));
                    }
                }
                case TIMEOUT -> {
                    if (sqe.nanos == 0) {
                        post(sqe.userData, -Cqe.ETIME);
                    } else {
                        held.add(new Held(sqe, now + sqe.nanos));
                    }
                }
            }
        }
        if (taken > 0) {
            trace(taken + " entr" + (taken == 1 ? "y" : "ies") + " submitted to " + name);
        }
        return taken;
    }

    private void post(long userData, int result) {
        ready.addLast(new Cqe(userData, result));
        trace("completion (user_data " + userData + ", res " + result + ") ready in " + name);
        notifyAll();
        run.changed();
    }

    private void usable(String call) {
        leftBehind(call);
        if (closed) {
            String m = call + " on " + name + " after it was closed, at " + Site.caller();
            misuse.add(m);
            throw new IllegalStateException(m);
        }
    }

    private void trace(String what) {
        run.trace().add("device", what, null);
    }

    // ---------------------------------------------------------------- the eventfd

    /** An eventfd: a counter; a READ held on it completes at the write. */
    private final class SimEventFd implements EventFd {
        private final String label;
        private long counter;
        private boolean fdClosed;

        SimEventFd(String label) {
            this.label = label;
        }

        @Override
        public void write(long value) {
            synchronized (SimulatedRing.this) {
                leftBehind("eventfd_write");
                String by = Thread.currentThread().getName();
                if (fdClosed) {
                    String m = "eventfd_write on " + label + " after it was closed, by " + by + " at " + Site.caller();
                    writes.add(m);
                    misuse.add(m);
                    throw new IllegalStateException(m);
                }
                writes.add(by + " wrote " + value + " to " + label);
                trace(by + " writes " + value + " to " + label);
                counter += value;
                for (Iterator<Held> it = held.iterator(); it.hasNext();) {
                    Held h = it.next();
                    if (h.sqe.eventFd == this) {
                        it.remove();
                        counter = 0;
                        if (deferPosting && waiting.isEmpty()) {
                            // the read completes in the kernel; its completion is task work of the loop's thread, which
                            // runs when that thread next enters the kernel (a thread waiting in enter would be woken)
                            unposted.addLast(new Cqe(h.sqe.userData, 8));
                            trace(h.sqe + " completed by the write; its completion is posted when the loop's thread next "
                                    + "enters " + name + ", or sooner");
                        } else {
                            post(h.sqe.userData, 8);
                        }
                        break;
                    }
                }
            }
        }

        @Override
        public void close() {
            synchronized (SimulatedRing.this) {
                leftBehind("eventfd close");
                if (fdClosed) {
                    misuse.add(label + " closed twice, at " + Site.caller());
                }
                fdClosed = true;
                trace(label + " closed");
            }
        }

        @Override
        public String toString() {
            return label;
        }
    }

    // ---------------------------------------------------------------- what the kit controls and observes

    /**
     * The device's time passes to the next TIMEOUT's deadline while a thread waits in {@code enter}:
     * every TIMEOUT due then completes with {@code -ETIME}. Whether one did.
     */
    synchronized boolean passTime() {
        if (waiting.isEmpty()) {
            return false;
        }
        long next = Long.MAX_VALUE;
        for (Held h : held) {
            if (h.sqe.op == Op.TIMEOUT) {
                next = Math.min(next, h.deadline);
            }
        }
        if (next == Long.MAX_VALUE) {
            return false;
        }
        now = Math.max(now, next);
        boolean any = false;
        for (Iterator<Held> it = held.iterator(); it.hasNext();) {
            Held h = it.next();
            if (h.sqe.op == Op.TIMEOUT && h.deadline <= now) {
                it.remove();
                post(h.sqe.userData, -Cqe.ETIME);
                any = true;
            }
        }
        return any;
    }

    /**
     * From now on, a READ that an eventfd write completes while no thread waits in {@code enter} is posted later: when a
     * thread next enters the ring ({@code enter}, {@code submit}), or when {@link #postDeferred()} is called, whichever
     * comes first. Linux posts such a completion as task work of the submitting thread, which runs when that thread
     * enters the kernel or is interrupted, so a loop running in user space may look at its completion ring between the
     * write and the posting and find nothing. Exploration (EL-X) lets its scheduler choose that moment; the scripted
     * windows post at once.
     */
    public synchronized void deferPosting() {
        deferPosting = true;
    }

    /** Posts every completion made and not posted yet ({@link #deferPosting()}); whether there was one. */
    public synchronized boolean postDeferred() {
        boolean any = !unposted.isEmpty();
        while (!unposted.isEmpty()) {
            Cqe c = unposted.pollFirst();
            post(c.userData(), c.result());
        }
        return any;
    }

    /** Whether a completion was made and not posted yet ({@link #deferPosting()}). */
    public synchronized boolean hasUnposted() {
        return !unposted.isEmpty();
    }

    /**
     * Whether {@code thread} waits in {@code enter} for completions nothing can post: fewer are ready
     * than it waits for, and no submitted entry is held that an eventfd write or time could complete.
     */
    public synchronized boolean waitsForever(Thread thread) {
        Wait w = waiting.get(thread);
        return w != null && ready.size() < w.minComplete && held.isEmpty() && !aborted;
    }

    /** {@code thread}'s first call of {@code enter} that waited, or {@code null} if it never waited. */
    public synchronized FirstWait firstWait(Thread thread) {
        return firstWaits.get(thread);
    }

    /** Whether {@code thread} waits in {@code enter} now. */
    public synchronized boolean waitsIn(Thread thread) {
        return waiting.containsKey(thread);
    }

    /** Where the driver called {@code enter} from, for a thread that waits in it ({@code Class.method(File:LINE)}), or {@code null}. */
    public synchronized String waitSite(Thread thread) {
        Wait w = waiting.get(thread);
        return w == null ? null : w.at;
    }

    /** Whether any thread has waited in {@code enter} on this ring and what it holds, in words. */
    public synchronized String describe() {
        List<String> unpublished = queued.stream().map(Sqe::toString).toList();
        return ready.size() + " completion(s) ready, " + (unposted.isEmpty() ? "" : unposted.size()
                + " made and not posted yet, ") + held.size() + " submitted entr" + (held.size() == 1 ? "y" : "ies")
                + " held by the kernel" + (held.isEmpty() ? "" : " " + held.stream().map(h -> h.sqe.toString()).toList())
                + ", " + published.size() + " published and not submitted" + (published.isEmpty() ? ""
                : " " + published.stream().map(Sqe::toString).toList()) + ", " + queued.size() + " queued and never published"
                + (unpublished.isEmpty() ? "" : " " + unpublished);
    }

    /** Every eventfd write, in order, with the writing thread (and a write after close, named so). */
    public synchronized List<String> writes() {
        return List.copyOf(writes);
    }

    /** Uses against the ring's rules: a call after close, a second close, a write to a closed eventfd. */
    public synchronized List<String> misuse() {
        return List.copyOf(misuse);
    }

    /** Whether the ring was closed (by the loop, as it ends). */
    public synchronized boolean closed() {
        return closed;
    }

    /** What {@code enter} throws into a thread that waits when the kit tears the ring down: the window is over. */
    public static final class TornDown extends IllegalStateException {
        TornDown(String message) {
            super(message);
        }
    }

    /**
     * Teardown, not a kernel behaviour: a thread that waits in {@code enter} is woken with an
     * {@link TornDown}, so that a loop that hung ends with its trial (quietly: the verdict has said it).
     */
    public synchronized void abort() {
        aborted = true;
        notifyAll();
    }

    /** The trial that used this ring ended: a driver thread that calls it from now on stays there ({@link LeftBehind}). */
    public synchronized void trialOver() {
        over = true;
    }

    /** Called holding this ring's monitor at each of the driver's calls. */
    private void leftBehind(String call) {
        if (over) {
            LeftBehind.stay(run, this, name, call);
        }
    }
}
