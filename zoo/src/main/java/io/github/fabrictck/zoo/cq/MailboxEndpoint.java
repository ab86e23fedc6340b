package io.github.fabrictck.zoo.cq;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionConsumer;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Actor-style endpoint: one "progress" thread (from the context's factory) owns the queue pair and every bit
 * of endpoint state; everybody else talks to it through a mailbox. The completion handler only acknowledges the
 * event and mails it; the application's calls mail a request carrying a {@link CompletableFuture} and wait on it.
 * The actor reaps a CQ with the libibverbs idiom: poll until empty, arm, poll again.
 *
 * {@code send} only mails the payload: the actor posts it after {@code send} returned (the SPI asks a send to be
 * posted, not to be posted before it returns).
 *
 * <p>{@code poisonPill == false} is the broken twin: {@code close()} clears a {@code running} flag and joins the
 * actor, which sits in {@code mailbox.take()} waiting for a message that never comes.
 */
final class MailboxEndpoint implements CompletionQueueDriver {

    private sealed interface Msg permits Send, CqEvent, AwaitSends, Receive, Stop {
    }

    private record Send(byte[] payload) implements Msg {
    }

    private record CqEvent(CompletionQueue queue) implements Msg {
    }

    private record AwaitSends(CompletableFuture<Boolean> done) implements Msg {
    }

    private record Receive(CompletableFuture<byte[]> result) implements Msg {
    }

    private record Stop() implements Msg {
    }

    private final QueuePair qp;
    private final boolean poisonPill;
    private final BlockingQueue<Msg> mailbox = new LinkedBlockingQueue<>();
    private final Thread actor;
    private volatile boolean running = true;
    private volatile boolean closed;
    private volatile CompletionConsumer consumer;

    // ---- owned by the actor thread
    private long posted;
    private long completed;
    private final ArrayDeque<byte[]> inbox = new ArrayDeque<>();
    private final ArrayDeque<CompletableFuture<Boolean>> sendWaiters = new ArrayDeque<>();
    private final ArrayDeque<CompletableFuture<byte[]>> receiveWaiters = new ArrayDeque<>();

    MailboxEndpoint(DriverContext context, QueuePair qp, boolean poisonPill) {
        this.qp = qp;
        this.poisonPill = poisonPill;
        qp.sendCompletionQueue().requestNotify(false);
        qp.receiveCompletionQueue().requestNotify(false);
        this.actor = context.threadFactory().newThread(this::run);
        actor.setName("mailbox-actor");
        actor.start();
    }

    // ------------------------------------------------------------ called from outside

    @Override
    public void onCompletionEvent(CompletionQueue queue) {
        queue.acknowledgeEvents(1);
        mailbox.add(new CqEvent(queue));
    }

    @Override
    public boolean consumeWith(CompletionConsumer consumer) {
        this.consumer = consumer;
        return true;
    }

    @Override
    public void send(byte[] payload) {
        mailbox.add(new Send(payload));
    }

    @Override
    public boolean awaitSendsComplete(Duration timeout) throws InterruptedException {
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        mailbox.add(new AwaitSends(done));
        try {
            return done.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            done.complete(false);
            return done.getNow(false);
        } catch (ExecutionException e) {
            return false;
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws InterruptedException {
        CompletableFuture<byte[]> result = new CompletableFuture<>();
        mailbox.add(new Receive(result));
        try {
            return result.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            // withdraw; if the actor got there first we keep its message
            result.complete(null);
            return result.getNow(null);
        } catch (ExecutionException e) {
            return null;
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (poisonPill) {
            mailbox.add(new Stop());
        } else {
            running = false;
        }
        boolean interrupted = false;
        while (true) {
            try {
                actor.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    // ------------------------------------------------------------ the actor

    private void run() {
        try {
            while (running) {
                Msg m;
                try {
                    m = mailbox.take();
                } catch (InterruptedException e) {
                    continue;
                }
                if (m instanceof Stop) {
                    break;
                } else if (m instanceof Send s) {
                    qp.postSend(++posted, s.payload());
                } else if (m instanceof CqEvent e) {
                    reap(e.queue());
                } else if (m instanceof AwaitSends a) {
                    if (completed >= posted) {
                        a.done().complete(true);
                    } else {
                        sendWaiters.add(a.done());
                    }
                } else if (m instanceof Receive r) {
                    if (!inbox.isEmpty()) {
                        if (r.result().complete(inbox.peek())) {
                            inbox.poll();
                        }
                    } else {
                        receiveWaiters.add(r.result());
                    }
                }
            }
        } finally {
            qp.destroy();
            sendWaiters.forEach(f -> f.complete(false));
            receiveWaiters.forEach(f -> f.complete(null));
        }
    }

    /** Poll until empty, arm, poll again: what arrives after the arm raises an event, what came before is taken. */
    private void reap(CompletionQueue queue) {
        drain(queue);
        queue.requestNotify(false);
        drain(queue);
    }

    private void drain(CompletionQueue queue) {
        for (Completion c = queue.poll(); c != null; c = queue.poll()) {
            if (c.opcode() == Completion.Opcode.SEND) {
                completed++;
            } else {
                inbox.add(c.payload());
            }
            CompletionConsumer to = consumer;
            if (to != null) {
                try {
                    to.accept(c);
                } catch (RuntimeException appFailure) {
                    // the application's problem, for this completion only
                }
            }
        }
        if (completed >= posted) {
            sendWaiters.forEach(f -> f.complete(true));
            sendWaiters.clear();
        }
        for (Iterator<CompletableFuture<byte[]>> it = receiveWaiters.iterator(); it.hasNext() && !inbox.isEmpty(); ) {
            CompletableFuture<byte[]> f = it.next();
            it.remove();
            if (f.complete(inbox.peek())) {
                inbox.poll();
            }
        }
    }
}
