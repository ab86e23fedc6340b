package io.github.fabrictck.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** How a CS failure shows the application's bytes, without the agent. */
class CsWindowTest {

    private static final byte[] PING = "*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DECLINE = {(byte) 0xE2, (byte) 0xD4, (byte) 0xC3, (byte) 0xD9, 4, 0, 0, 0};

    @Test
    void theSameBytesAreNoProblem() {
        assertNull(CsWindow.bytesProblem("server", PING.clone(), "client", PING));
    }

    @Test
    void aDeclineInFrontOfTheRequestShowsItsBytesFromTheFirstWrongOne() {
        byte[] got = new byte[DECLINE.length + PING.length];
        System.arraycopy(DECLINE, 0, got, 0, DECLINE.length);
        System.arraycopy(PING, 0, got, DECLINE.length, PING.length);
        assertEquals("the server's application read 22 byte(s) where the client's application wrote 14; first wrong "
                + "byte at offset 0: read e2 d4 c3 d9 04 00 00 00 2a 31 0d 0a 24 34 0d 0a … \"........*1..$4..\", "
                + "expected 2a 31 0d 0a 24 34 0d 0a 50 49 4e 47 0d 0a \"*1..$4..PING..\"",
                CsWindow.bytesProblem("server", got, "client", PING));
    }

    @Test
    void missingBytesAreNamed() {
        assertEquals("the client's application read 3 byte(s) where the server's application wrote 7: it is missing "
                + "the last 4 byte(s) 4e 47 0d 0a \"NG..\"",
                CsWindow.bytesProblem("client", "+PO".getBytes(StandardCharsets.US_ASCII), "server",
                        "+PONG\r\n".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void extraBytesAfterTheRightOnesSayNothingMoreWasExpected() {
        byte[] got = new byte[PING.length + 1];
        System.arraycopy(PING, 0, got, 0, PING.length);
        got[PING.length] = (byte) 0xE2;
        assertEquals("the server's application read 15 byte(s) where the client's application wrote 14; first wrong "
                + "byte at offset 14: read e2 \".\", expected nothing more", CsWindow.bytesProblem("server", got, "client", PING));
    }
}
