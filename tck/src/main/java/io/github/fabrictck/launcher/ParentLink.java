package io.github.fabrictck.launcher;

import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The fork's end of the channel to Maven's process: a loopback connection, authenticated by the
 * token the plugin wrote on the fork's standard input, that carries {@link RunRecord}'s messages.
 *
 * <p>{@link Main} opens it before any driver class is loaded and keeps it only in its own frame and
 * in the launcher's listener on that thread: no static field refers to it, so a driver finds it
 * through no public API of the kit. The run's end needs a second key that only {@code Main}'s frame
 * holds, so even a driver that reached this object could not complete a run.
 */
final class ParentLink implements Launcher.Listener, AutoCloseable {

    private final Socket socket;
    private final Writer out;

    private ParentLink(Socket socket, Writer out) {
        this.socket = socket;
        this.out = out;
    }

    /** Connects to Maven's process on the loopback interface and authenticates with {@code token}. */
    static ParentLink connect(int port, String token) throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        Writer out = new BufferedWriter(new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8));
        out.write(token);
        out.write('\n');
        out.flush();
        return new ParentLink(socket, out);
    }

    private synchronized void send(String line) {
        try {
            out.write(line);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            // Maven's process is gone: the parent watch ends this JVM; nothing here is worth keeping
            throw new UncheckedIOException("Maven's process no longer listens to the fork", e);
        }
    }

    @Override
    public void header(Result header) {
        send(RunRecord.headerMessage(header));
    }

    @Override
    public void started(String label, String running) {
        send(RunRecord.startedMessage(label, running));
    }

    @Override
    public void verdict(WindowResult run) {
        send(RunRecord.verdictMessage(run));
    }

    /** A configuration error ended the run before it began. */
    void refused(String sentence) {
        send(RunRecord.refusedMessage(sentence));
    }

    /** The kit failed. */
    void failed(String what) {
        send(RunRecord.failedMessage(what));
    }

    /** The launcher's own end, with the key only {@code Main} holds. */
    void end(String key) {
        send(RunRecord.endMessage(key));
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing a loopback socket at the JVM's end: nothing left to do about it
        }
    }
}
