package io.github.fabrictck.sim;

import io.github.fabrictck.engine.WindowRun;

/**
 * A driver thread that calls a device after the trial that used it ended and was judged, and after the kit stopped
 * waiting for that trial's threads to end: it stays in that call for good. A loop the driver left running (a busy
 * poller that never looks at its shutdown flag) would otherwise spin through every later trial and repeat of the
 * fork, loading the machine and turning later verdicts into timeouts ({@code zoo-el-busy-poll-broken} ×200: load 80,
 * its EL-1 FAIL an ERROR in 57 of about 400 runs). The fork ends with {@code Runtime.halt}, so a thread stopped here
 * does not keep it alive.
 */
final class LeftBehind {

    private LeftBehind() {
    }

    /**
     * Keeps the calling thread here for good, waiting on {@code monitor} (which the caller holds, and which the wait
     * releases, so the kit can still look at the device) and ignoring interrupts.
     */
    static void stay(WindowRun run, Object monitor, String device, String call) {
        run.trace().add("device", Thread.currentThread().getName() + " called " + call + "() on " + device
                + " after its trial ended: stopped there for good", null);
        while (true) {
            try {
                monitor.wait();
            } catch (InterruptedException e) {
                // it stays: an interrupt is how the driver would try to end it, and the trial is over
            }
        }
    }
}
