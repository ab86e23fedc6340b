package io.github.fabrictck.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;

/**
 * Makes sure the fork never outlives Maven's process nor its time limit: the plugin keeps the
 * fork's standard input open and writes nothing after the handshake, so its end of file means
 * Maven's process is gone (even killed with SIGKILL, which runs no hook of Maven's).
 */
final class ParentWatch {

    private ParentWatch() {
    }

    /** Runs {@code gone} on a daemon thread once {@code in} ends or fails. */
    static Thread onEndOfInput(InputStream in, Runnable gone) {
        return daemon("fabric-tck-parent-watch", () -> {
            byte[] buffer = new byte[256];
            try {
                while (in.read(buffer) >= 0) {
                    // nothing is sent after the handshake; whatever comes is ignored
                }
            } catch (IOException closed) {
                // the same as the end: nobody is left to write
            }
            gone.run();
        });
    }

    /** Runs {@code overran} on a daemon thread after {@code limit}; zero or negative: never. */
    static Thread after(Duration limit, Runnable overran) {
        if (limit.isZero() || limit.isNegative()) {
            return null;
        }
        return daemon("fabric-tck-fork-deadline", () -> {
            long end = System.nanoTime() + limit.toNanos();
            for (long left = limit.toNanos(); left > 0; left = end - System.nanoTime()) {
                try {
                    Thread.sleep(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    // only the deadline ends this wait
                }
            }
            overran.run();
        });
    }

    private static Thread daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
