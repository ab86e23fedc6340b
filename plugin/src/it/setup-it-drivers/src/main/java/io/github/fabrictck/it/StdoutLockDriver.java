package io.github.fabrictck.it;

import java.util.concurrent.locks.LockSupport;

/**
 * Driver {@code it-stdout-lock}: the compliant sample driver with a thread, started when the driver
 * is created, that takes the monitors of {@code System.out} and {@code System.err} and never lets
 * them go. The fork's end must need neither: the build ends well within the fork's time limit, with
 * the sample's verdicts.
 */
public final class StdoutLockDriver extends SampleDelegate {

    public StdoutLockDriver() {
        super("it-stdout-lock");
        Thread holder = new Thread(() -> {
            synchronized (System.out) {
                synchronized (System.err) {
                    while (true) {
                        LockSupport.park(); // parking keeps the monitors; Object.wait would release them
                    }
                }
            }
        }, "it-stdout-lock-holder");
        holder.setDaemon(true);
        holder.start();
    }
}
