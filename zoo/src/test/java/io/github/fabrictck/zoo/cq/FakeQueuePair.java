package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * An in-memory queue pair with verbs semantics for the stress test: arming is for the next
 * completion only, an event disarms, {@code requestNotify(true)} answers how many completions are
 * queued; an interrupt thread calls the handler. It records every use against the rules.
 *
 * <p>To make the narrow races of a stress test likely, the device sometimes lands a completion at
 * the worst moment: inside {@code requestNotify} just before the arm takes effect, and right after
 * a {@code poll} that found the queue empty.
 */
final class FakeQueuePair implements QueuePair {

    /** How often a completion lands at the worst moment of a poll or an arm, in percent. */
    private static final int WORST_MOMENT_PERCENT = 20;

    private final Object lock = new Object();
    private final Set<Long> incoming = ConcurrentHashMap.newKeySet();
    private final Cq send = new Cq("send");
    private final Cq receive = new Cq("receive");
    private final ArrayDeque<Long> inFlight = new ArrayDeque<>();
    private final LinkedBlockingQueue<Cq> events = new LinkedBlockingQueue<>();
    private final List<String> misuse = new ArrayList<>();
    private final Thread interrupt = new Thread(this::interruptLoop, "fake-interrupt");
    private volatile CompletionQueueDriver handler;
    private long nextIncoming;
    private int handling;
    private boolean destroyed;

    void attach(CompletionQueueDriver driver) {
        handler = driver;
        interrupt.setDaemon(true);
        interrupt.start();
    }

    /** Completes the oldest posted send; false when none is in flight. */
    boolean completeOneSend() {
        Long id;
        synchronized (lock) {
            id = inFlight.poll();
        }
        if (id == null) {
            return false;
        }
        send.enqueue(new Completion(id, Completion.Opcode.SEND, new byte[0]));
        return true;
    }

    /** An incoming message arrives; returns its sequence number. */
    long deliverIncoming() {
        long seq;
        synchronized (lock) {
            seq = ++nextIncoming;
        }
        receive.enqueue(new Completion(seq, Completion.Opcode.RECEIVE, Long.toString(seq).getBytes()));
        incoming.add(seq);
        return seq;
    }

    /** Every message that arrived so far. */
    Set<Long> incoming() {
        return Set.copyOf(incoming);
    }

    /** Lands one completion on the queue now, if it has one to land (called with the lock held). */
    private void landAtWorstMoment(Cq q) {
        if (ThreadLocalRandom.current().nextInt(100) >= WORST_MOMENT_PERCENT) {
            return;
        }
        if (q == send) {
            completeOneSend();
        } else {
            deliverIncoming();
        }
    }

    /** An event for a queue without a completion. */
    void spuriousEvent(boolean onSend) {
        Cq q = onSend ? send : receive;
        synchronized (lock) {
            if (destroyed) {
                return;
            }
            q.armed = false;
            q.pending++;
            events.add(q);
        }
    }

    /** Whether no event is pending or being handled. */
    boolean quiet() {
        synchronized (lock) {
            return send.pending == 0 && receive.pending == 0 && handling == 0;
        }
    }

    List<String> misuse() {
        synchronized (lock) {
            return List.copyOf(misuse);
        }
    }

    boolean destroyed() {
        synchronized (lock) {
            return destroyed;
        }
    }

    void stop() {
        interrupt.interrupt();
    }

    @Override
    public CompletionQueue sendCompletionQueue() {
        return send;
    }

    @Override
    public CompletionQueue receiveCompletionQueue() {
        return receive;
    }

    @Override
    public void postSend(long workRequestId, byte[] payload) {
        synchronized (lock) {
            if (alive("postSend")) {
                inFlight.add(workRequestId);
            }
        }
    }

    @Override
    public void destroy() {
        synchronized (lock) {
            if (!alive("destroy")) {
                return;
            }
            if (handling > 0) {
                misuse.add("destroyed while a handler runs");
            }
            for (Cq q : List.of(send, receive)) {
                if (q.acknowledged != q.delivered) {
                    misuse.add(q.name + ": " + q.delivered + " events delivered, " + q.acknowledged + " acknowledged at destroy");
                }
            }
            destroyed = true;
        }
    }

    private boolean alive(String what) {
        if (destroyed) {
            misuse.add(what + " after destroy");
            return false;
        }
        return true;
    }

    private void interruptLoop() {
        while (true) {
            Cq q;
            try {
                q = events.take();
            } catch (InterruptedException e) {
                return;
            }
            synchronized (lock) {
                if (destroyed) {
                    continue;
                }
                q.delivered++;
                handling++;
            }
            try {
                handler.onCompletionEvent(q);
            } catch (RuntimeException | Error e) {
                synchronized (lock) {
                    misuse.add("handler threw " + e);
                }
            } finally {
                synchronized (lock) {
                    handling--;
                    q.pending--;
                }
            }
        }
    }

    private final class Cq implements CompletionQueue {
        final String name;
        final ArrayDeque<Completion> items = new ArrayDeque<>();
        boolean armed;
        int pending;
        long delivered;
        long acknowledged;

        Cq(String name) {
            this.name = name;
        }

        void enqueue(Completion c) {
            synchronized (lock) {
                if (destroyed) {
                    return;
                }
                items.add(c);
                if (armed) {
                    armed = false;
                    pending++;
                    events.add(this);
                }
            }
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Completion poll() {
            synchronized (lock) {
                if (!alive(name + ".poll")) {
                    return null;
                }
                Completion c = items.poll();
                if (c == null) {
                    landAtWorstMoment(this);
                }
                return c;
            }
        }

        @Override
        public int requestNotify(boolean reportMissedEvents) {
            synchronized (lock) {
                if (!alive(name + ".requestNotify")) {
                    return 0;
                }
                landAtWorstMoment(this);
                armed = true;
                return reportMissedEvents ? items.size() : 0;
            }
        }

        @Override
        public void acknowledgeEvents(int count) {
            synchronized (lock) {
                if (alive(name + ".acknowledgeEvents")) {
                    acknowledged += count;
                    if (acknowledged > delivered) {
                        misuse.add(name + ": more events acknowledged than delivered");
                    }
                }
            }
        }
    }
}
