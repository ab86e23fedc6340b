package io.github.fabrictck.zoo.cs;

import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.cs.cm.CmEndpoint;
import io.github.fabrictck.spi.cs.cm.CmEvent;
import io.github.fabrictck.spi.cs.cm.CmEvents;
import io.github.fabrictck.spi.cs.cm.CmLink;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An rdma_cm client: each connection-manager step is a {@link CompletableFuture} that the
 * event thread completes with the event answering it; {@code connect()} is the chain
 * resolve-address, resolve-route, connect, composed with {@code thenCompose}, so every later step
 * is issued by the event thread as it completes the previous one. The application's thread only
 * waits for the chain's end. {@code close()} interrupts the event thread, then joins it.
 */
final class FutureChainCmClient implements CmEndpoint {

    /** A step that was answered with an error event. */
    public static final class CmStepException extends IOException {
        private static final long serialVersionUID = 1L;

        CmStepException(String step, CmEvent event) {
            super(step + " failed: " + event.rdmaName());
        }
    }

    private final CmLink link;
    private final boolean successOnly;
    private final AtomicReference<CompletableFuture<CmEvent>> outstanding = new AtomicReference<>();
    private final Thread eventThread;
    private volatile boolean closing;

    /**
     * @param successOnly the broken twin: an error event completes nothing, so {@code connect()} waits for ever
     */
    FutureChainCmClient(DriverContext context, CmLink link, boolean successOnly) {
        this.link = link;
        this.successOnly = successOnly;
        this.eventThread = context.threadFactory().newThread(this::pumpEvents);
        this.eventThread.setName("cm-events");
        this.eventThread.start();
    }

    @Override
    public void connect(String address, long timeoutMillis) throws Exception {
        CompletableFuture<Void> chain =
                step("rdma_resolve_addr", CmEvent.ADDR_RESOLVED, () -> link.resolveAddress(address, timeoutMillis))
                .thenCompose(ev -> step("rdma_resolve_route", CmEvent.ROUTE_RESOLVED, () -> link.resolveRoute(timeoutMillis)))
                .thenCompose(ev -> step("rdma_connect", CmEvent.ESTABLISHED, link::connect))
                .thenApply(ev -> null);
        try {
            chain.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() instanceof CompletionException ce && ce.getCause() != null ? ce.getCause() : e.getCause();
            if (cause instanceof Exception ex) {
                throw ex;
            }
            throw e;
        }
    }

    /**
     * Issues one step: the future is installed before the call, so the event thread always finds
     * the step its event answers.
     */
    private CompletableFuture<CmEvent> step(String name, CmEvent expected, Runnable call) {
        CompletableFuture<CmEvent> answer = new CompletableFuture<>();
        if (!outstanding.compareAndSet(null, answer)) {
            return CompletableFuture.failedFuture(new IllegalStateException(name + ": another step is outstanding"));
        }
        call.run();
        return answer.thenCompose(ev -> ev == expected
                ? CompletableFuture.completedFuture(ev)
                : CompletableFuture.failedFuture(new CmStepException(name, ev)));
    }

    private void pumpEvents() {
        CmEvents events = link.events();
        try {
            while (!closing) {
                CmEvent ev = events.take(-1);
                if (ev == null) {
                    continue;
                }
                events.ack(ev);
                if (ev == CmEvent.DISCONNECTED) {
                    continue;
                }
                if (successOnly && ev.isError()) {
                    // logged by the connection's error path (which never got wired to the waiter)
                    continue;
                }
                CompletableFuture<CmEvent> f = outstanding.getAndSet(null);
                if (f != null) {
                    f.complete(ev);
                }
            }
        } catch (InterruptedException e) {
            // close()
        }
    }

    @Override
    public void close() {
        closing = true;
        eventThread.interrupt();
        try {
            eventThread.join(); // the interrupt is on its way to the event thread's take
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        CompletableFuture<CmEvent> f = outstanding.getAndSet(null);
        if (f != null) {
            f.completeExceptionally(new IOException("endpoint closed"));
        }
    }
}
