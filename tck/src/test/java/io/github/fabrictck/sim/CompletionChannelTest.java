package io.github.fabrictck.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The completion channel keeps libibverbs' rules: blocking takes, acknowledgements, EBUSY. */
class CompletionChannelTest {

    private final CompletionChannel<String> channel = new CompletionChannel<>(null, "channel");

    @Test
    void getCqEventBlocksTheCallerUntilAnEventIsPosted() throws Exception {
        CompletableFuture<String> taken = CompletableFuture.supplyAsync(() -> {
            try {
                return channel.await(-1);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        channel.attach("cq");
        channel.post("cq");
        assertEquals("cq", taken.get(10, TimeUnit.SECONDS));
        assertEquals(1, channel.unacknowledged());
        channel.acknowledge("cq", 1);
        assertEquals(0, channel.unacknowledged());
        assertEquals(java.util.List.of(), channel.misuse());
    }

    @Test
    void moreAcknowledgementsThanEventsTakenIsMisuse() {
        channel.acknowledge("cq", 1);
        assertTrue(channel.misuse().get(0).startsWith("cq was acknowledged 1 events at "), channel.misuse().toString());
    }

    @Test
    void aTimedWaitEndsWhenTheTimeoutsExpireAndAnUntimedOneDoesNot() throws Exception {
        channel.expireTimeouts();
        assertNull(channel.await(1000));
        channel.attach("cq");
        channel.post("cq");
        assertEquals("cq", channel.await(-1), "an untimed wait skips the expiry and takes the event");
    }

    @Test
    void aChannelWithACqAttachedCannotBeDestroyed() {
        channel.attach("cq");
        assertEquals(CompletionChannel.EBUSY, channel.destroy());
        assertEquals(1, channel.refusals().size());
        channel.detach("cq");
        assertEquals(0, channel.destroy());
        assertTrue(channel.destroyed());
    }

    @Test
    void destroyingACqDropsItsEventsNeverTakenAndNoEventIsQueuedForItAfter() throws Exception {
        channel.attach("cq");
        channel.attach("other");
        assertTrue(channel.post("cq"));
        assertTrue(channel.post("other"));
        assertTrue(channel.post("cq"));
        assertEquals("cq", channel.await(-1));
        channel.detach("cq");
        assertEquals(1, channel.dropQueued("cq"), "the one event of cq still queued goes with it; the taken one stays to ack");
        assertEquals(false, channel.post("cq"), "no event for a destroyed CQ");
        assertEquals("other", channel.await(-1));
        assertEquals(2, channel.unacknowledged());
    }
}
