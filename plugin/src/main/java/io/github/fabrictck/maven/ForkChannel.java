package io.github.fabrictck.maven;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.function.Consumer;

/**
 * Maven's end of the channel from the fork: a server socket on the loopback interface that accepts
 * exactly one connection, the fork's, authenticated by a random token the fork reads from its
 * standard input ({@link #handshake()}), and passes on every line that follows. The server socket
 * closes as soon as that connection is made, so nobody connects after it.
 */
final class ForkChannel implements AutoCloseable {

    /** How long the fork may take to send its token once it connected. */
    private static final int TOKEN_WAIT_MILLIS = 30_000;

    private final ServerSocket server;
    private final String token = random();
    private final String endKey = random();
    private volatile boolean connected;
    private volatile Socket socket;
    private Thread reader;
    /** Set once {@link #finish} stopped waiting: no line is passed on after it (guarded by {@code this}). */
    private boolean abandoned;

    private ForkChannel(ServerSocket server) {
        this.server = server;
    }

    /** Opens the server socket on a free loopback port. */
    static ForkChannel open() throws IOException {
        return new ForkChannel(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
    }

    private static String random() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** The port the fork connects to: {@code --channel PORT}. */
    int port() {
        return server.getLocalPort();
    }

    /** The first line of the fork's standard input: {@code TOKEN ENDKEY}. */
    String handshake() {
        return token + " " + endKey;
    }

    /** The key the launcher's end message carries. */
    String endKey() {
        return endKey;
    }

    /**
     * Accepts the fork's connection on a thread of its own and passes each line after the token to
     * {@code lines}, on that thread, until the fork closes the connection or dies. A last line the
     * connection's end cut off (no end of line before it: the fork was killed while it wrote) goes to
     * {@code cut} instead: it is not a message, whatever it holds.
     *
     * @param cut     told of a last line without its end of line
     * @param refused told when a connection without the token was refused
     */
    void listen(Consumer<String> lines, Consumer<String> cut, Consumer<String> refused) {
        reader = new Thread(() -> {
            try (Socket s = server.accept()) {
                socket = s;
                server.close();
                s.setSoTimeout(TOKEN_WAIT_MILLIS);
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                String first = in.readLine();
                if (first == null || !MessageDigest.isEqual(first.getBytes(StandardCharsets.UTF_8),
                        token.getBytes(StandardCharsets.UTF_8))) {
                    refused.accept("Fabric TCK: a connection to the fork's channel without its token was refused.");
                    return;
                }
                connected = true;
                s.setSoTimeout(0);
                StringBuilder line = new StringBuilder();
                for (boolean whole = readLine(in, line); whole || !line.isEmpty(); whole = readLine(in, line)) {
                    synchronized (this) {
                        if (abandoned) {
                            return;
                        }
                        (whole ? lines : cut).accept(line.toString());
                    }
                    if (!whole) {
                        return;
                    }
                }
            } catch (IOException closed) {
                // closed before the fork connected (it never started), or the fork died: its exit says which
            }
        }, "fabric-tck-channel");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Reads one line into {@code line} (cleared first), without its end of line ({@code \n} or {@code \r\n}).
     *
     * @return whether the line ended with an end of line; {@code false} at the end of input, with what
     *         came after the last end of line (possibly nothing) in {@code line}
     */
    static boolean readLine(Reader in, StringBuilder line) throws IOException {
        line.setLength(0);
        for (int c = in.read(); c != -1; c = in.read()) {
            if (c == '\n') {
                if (!line.isEmpty() && line.charAt(line.length() - 1) == '\r') {
                    line.setLength(line.length() - 1);
                }
                return true;
            }
            line.append((char) c);
        }
        return false;
    }

    /** Whether the fork connected with its token. */
    boolean connected() {
        return connected;
    }

    /**
     * After the fork's process ended: stops waiting for its connection and waits at most
     * {@code bound} for the lines still in flight (the fork has ended, so only their handling is left).
     * No line is passed on once this returns, so what the caller then concludes and writes is not
     * overtaken by a late line.
     *
     * @return whether every line the fork sent was passed on
     */
    boolean finish(Duration bound) throws InterruptedException {
        closeServer();
        boolean drained = true;
        if (reader != null) {
            reader.join(bound.toMillis());
            synchronized (this) {
                drained = !reader.isAlive();
                abandoned = true;
            }
        }
        close();
        return drained;
    }

    private void closeServer() {
        try {
            server.close();
        } catch (IOException e) {
            // nothing listens any more either way
        }
    }

    @Override
    public void close() {
        closeServer();
        Socket s = socket;
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                // the fork is gone
            }
        }
    }
}
