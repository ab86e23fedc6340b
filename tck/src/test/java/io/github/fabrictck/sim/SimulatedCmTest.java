package io.github.fabrictck.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.sim.SimulatedCm.Answer;
import io.github.fabrictck.sim.SimulatedCm.Step;
import io.github.fabrictck.spi.cs.cm.CmEvent;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SimulatedCmTest {

    @Test
    void eachStepIsAnsweredAtOnceWithSuccessOrTheErrorOfItsStep() throws Exception {
        SimulatedCm cm = new SimulatedCm(null, new Answer(Step.ROUTE, CmEvent.ROUTE_ERROR));
        assertFalse(cm.called(Step.ADDRESS));
        cm.resolveAddress("192.0.2.1:4791", 2000);
        assertTrue(cm.pending());
        assertEquals(CmEvent.ADDR_RESOLVED, cm.events().take(-1));
        cm.resolveRoute(2000);
        assertEquals(CmEvent.ROUTE_ERROR, cm.events().take(-1));
        assertFalse(cm.pending());
        assertTrue(cm.called(Step.ROUTE));
        assertFalse(cm.called(Step.CONNECT));
        assertEquals(List.of("rdma_resolve_addr(192.0.2.1:4791, 2000 ms)", "rdma_resolve_route(2000 ms)"), cm.calls());
        assertEquals(List.of(CmEvent.ADDR_RESOLVED, CmEvent.ROUTE_ERROR),
                cm.delivered().stream().map(SimulatedCm.Delivery::event).toList());
        assertNull(cm.delivery(CmEvent.ESTABLISHED));
    }

    @Test
    void aDisconnectIsAnsweredOnlyOnceTheConnectionIsUp() throws Exception {
        SimulatedCm cm = new SimulatedCm(null, new Answer(Step.CONNECT, CmEvent.REJECTED));
        cm.connect();
        assertEquals(CmEvent.REJECTED, cm.events().take(-1));
        cm.disconnect();
        assertFalse(cm.pending());
        SimulatedCm up = new SimulatedCm(null, null);
        up.connect();
        assertEquals(CmEvent.ESTABLISHED, up.events().take(-1));
        up.disconnect();
        assertEquals(CmEvent.DISCONNECTED, up.events().take(-1));
    }

    @Test
    void aTimedWaitEndsOnlyWhenTheConnectionManagersTimePassesToItsDeadline() throws Exception {
        SimulatedCm cm = new SimulatedCm(null, null);
        assertFalse(cm.passTimeouts(), "no wait pending");
        CompletableFuture<CmEvent> wait = CompletableFuture.supplyAsync(() -> {
            try {
                return cm.events().take(1000);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        while (!cm.passTimeouts()) {
            Thread.onSpinWait();
        }
        assertNull(wait.get(10, TimeUnit.SECONDS));
        assertEquals(TimeUnit.SECONDS.toNanos(1), cm.nanos());
    }
}
