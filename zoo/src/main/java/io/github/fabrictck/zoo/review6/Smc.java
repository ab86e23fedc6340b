package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.spi.cs.Connection;
import io.github.fabrictck.spi.cs.Mode;
import io.github.fabrictck.spi.cs.SetupLink;
import java.util.Arrays;

/** The SMC-R-like wire format the review6 setups share (as the sample's): 8-byte CLC messages, typed LLC messages. */
final class Smc {

    private Smc() {
    }

    static final byte[] EYECATCHER = {(byte) 0xE2, (byte) 0xD4, (byte) 0xC3, (byte) 0xD9};
    static final int LENGTH = 8;
    static final byte PROPOSAL = 1;
    static final byte ACCEPT = 2;
    static final byte CONFIRM = 3;
    static final byte DECLINE = 4;
    static final byte LINK_UP = 5;
    static final byte LINK_CONFIRM = 1;
    static final byte LINK_RESPONSE = 2;
    static final byte DATA = 3;
    /** The server's confirm time (SMC_LLC_WAIT_TIME). */
    static final long T_S_MS = 2000;
    /** The client's wait for the server's DECLINE after its confirm timeout. */
    static final long T_D_MS = 1000;

    static byte[] clc(byte type) {
        byte[] m = Arrays.copyOf(EYECATCHER, LENGTH);
        m[EYECATCHER.length] = type;
        return m;
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** The connection: DATA on the fast path, or the plain control stream after a fallback. */
    static Connection connection(SetupLink link, Mode mode) {
        return new Connection() {
            @Override
            public Mode mode() {
                return mode;
            }

            @Override
            public void write(byte[] bytes) {
                if (mode == Mode.FAST_PATH) {
                    byte[] m = new byte[bytes.length + 1];
                    m[0] = DATA;
                    System.arraycopy(bytes, 0, m, 1, bytes.length);
                    link.fastPath().send(m);
                } else {
                    link.control().write(bytes);
                }
            }
        };
    }
}
