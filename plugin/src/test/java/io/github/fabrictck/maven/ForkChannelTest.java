package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class ForkChannelTest {

    @Test
    void aLineIsWholeOnlyWithItsEndOfLine() throws IOException {
        StringReader in = new StringReader("one\ntwo\r\nthr");
        StringBuilder line = new StringBuilder();
        assertTrue(ForkChannel.readLine(in, line));
        assertEquals("one", line.toString());
        assertTrue(ForkChannel.readLine(in, line));
        assertEquals("two", line.toString());
        assertFalse(ForkChannel.readLine(in, line));
        assertEquals("thr", line.toString());
        assertFalse(ForkChannel.readLine(in, line));
        assertEquals("", line.toString());
    }

    @Test
    void theLastLineOfAForkKilledWhileItWroteIsPassedAsCutOffNotAsAMessage() throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        List<String> cut = new CopyOnWriteArrayList<>();
        List<String> refused = new CopyOnWriteArrayList<>();
        try (ForkChannel channel = ForkChannel.open()) {
            java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);
            channel.listen(lines::add, partial -> {
                cut.add(partial);
                ended.countDown();
            }, refused::add);
            String token = channel.handshake().split(" ")[0];
            try (Socket fork = new Socket(InetAddress.getLoopbackAddress(), channel.port())) {
                OutputStream out = fork.getOutputStream();
                out.write((token + "\n{\"message\":\"started\"}\n{\"message\":\"verd").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
            // as in a run: the fork's end comes after its channel was read (finish() stops accepting at once)
            assertTrue(ended.await(30, java.util.concurrent.TimeUnit.SECONDS), "the channel's end was not read");
            assertTrue(channel.finish(Duration.ofSeconds(30)));
            assertTrue(channel.connected());
        }
        assertEquals(List.of("{\"message\":\"started\"}"), lines);
        assertEquals(List.of("{\"message\":\"verd"), cut);
        assertEquals(List.of(), refused);
    }
}
