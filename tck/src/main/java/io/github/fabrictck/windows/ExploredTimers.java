package io.github.fabrictck.windows;

import io.github.fabrictck.engine.VirtualTime;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.explore.Controller;
import java.time.Duration;
import java.util.List;

/**
 * The timers of the context's scheduler in a CQ exploration, as decisions of the schedule: they run
 * on virtual time ({@link VirtualTime#timersOnly}), which moves on only when the schedule decides
 * {@code env: time runs to 0.001 s} (every timer due then fires, on the context's timer thread
 * {@code driver-timer}), as in HS-X. A replay therefore fires each timer where the schedule did,
 * never at a wall-clock moment of its own; the context's clock reads the same time.
 *
 * <p>Time may run at any decision (a timer fires while another thread is half-way through its work,
 * as a wall-clock timer can), within bounds that end every schedule and keep a correct driver's
 * work on time:
 * <ul>
 *   <li>while anything but the timers can run (a device action, a thread other than the timer
 *       thread stopped at a point), time runs on at most {@value #LATE} instants before something else
 *       does: the device and the driver's other threads are late by at most that many of its deadlines;</li>
 *   <li>a stretch of instants with nothing else running lasts at most the window's bound of virtual
 *       time: a timer due later than that (an application's five-minute timeout armed as a timer) is as
 *       idle as it was on the wall clock, and a periodic timer the driver never cancels ends there;</li>
 *   <li>at most {@value #MAX_INSTANTS} instants in one schedule.</li>
 * </ul>
 * An instant that moves no time ({@code execute}, a zero delay) is never late. While a timer may
 * still fire, a driver whose threads are all idle with a completion no event will announce is not
 * stuck: its timer will look.
 */
final class ExploredTimers {

    static final String TIME = Controller.TIME;
    /** How many instants that move time time may run on while something else waits to run. */
    static final int LATE = 2;
    /** At most this many instants in one schedule. */
    static final int MAX_INSTANTS = 1_000;
    /** After a schedule, while the driver's close() waits for its timers: at most this many instants. */
    private static final int MAX_CLOSING_INSTANTS = 1_000;

    private final WindowRun run;
    private final VirtualTime time;
    private final long bound;
    private java.util.function.Supplier<Thread> timerThread = () -> null;
    private int instants;
    /** Instants that moved time since something other than the timers last ran. */
    private int late;
    /** When something other than the timers last ran (as of the last instant). */
    private long quietSince;
    /** The points the other driver threads had passed at the last instant (-1: none yet). */
    private long othersAtInstant = -1;
    private boolean deviceActed;
    private int closingInstants;

    ExploredTimers(WindowRun run, Duration bound) {
        this.run = run;
        this.time = VirtualTime.timersOnly(run);
        this.bound = bound.toNanos();
    }

    /** The virtual time the context's clock and scheduler run on. */
    VirtualTime time() {
        return time;
    }

    /** The thread the timers run on, once there is one (it does not count as something else running). */
    void timerThread(java.util.function.Supplier<Thread> thread) {
        this.timerThread = thread;
    }

    /** The name of the timers' thread, as the options name it. */
    static final String THREAD = "driver-timer";

    /** The points passed so far by the driver threads other than the timers' thread. */
    private long others() {
        Thread timer = timerThread.get();
        long n = 0;
        for (Thread t : run.threads()) {
            if (t != timer) {
                n += run.hitsOf(t);
            }
        }
        return n;
    }

    /** Whether something other than the timers ran since the last instant. */
    private boolean ranSinceInstant() {
        return deviceActed || others() != othersAtInstant;
    }

    /**
     * Adds {@code env: time runs to ...} to the environment's actions when a timer may fire now.
     *
     * @param actions the environment's other actions
     * @param stopped the driver threads stopped at a point, by name
     */
    void addAction(List<String> actions, List<String> stopped) {
        long next = time.nextEventAt();
        if (next < 0 || instants >= MAX_INSTANTS) {
            return;
        }
        long now = time.nanos();
        boolean ran = ranSinceInstant();
        long since = ran ? now : quietSince;
        int lateNow = ran ? 0 : late;
        boolean othersWait = !actions.isEmpty() || stopped.stream().anyMatch(n -> !n.equals(THREAD));
        if (next - since <= bound && (next <= now || lateNow < LATE || !othersWait)) {
            actions.add(TIME + VirtualTime.seconds(next) + " (the driver's timers due then fire)");
        }
    }

    /**
     * Carries out an action if it is the timers': time runs to the next instant and its timers fire.
     *
     * @return whether it was (else the device acted)
     */
    boolean act(String action) {
        if (!action.startsWith(TIME)) {
            deviceActed = true;
            return false;
        }
        long now = time.nanos();
        if (ranSinceInstant()) {
            late = 0;
            quietSince = now;
        }
        deviceActed = false;
        time.runNextInstant();
        instants++;
        if (time.nanos() > now) {
            late++;
        }
        othersAtInstant = others();
        return true;
    }

    /**
     * Whether a timer may still fire before the schedule ends, with every driver thread idle: one the
     * schedule may run to now, or within the bound once the device acts ({@code deviceActs}).
     */
    boolean pending(boolean deviceActs) {
        long next = time.nextEventAt();
        if (next < 0 || instants >= MAX_INSTANTS) {
            return false;
        }
        long now = time.nanos();
        long since = ranSinceInstant() ? now : quietSince;
        return next - since <= bound || deviceActs && next - now <= bound;
    }

    /**
     * After the schedule (the scheduler no longer decides), fires the timers of the next instant, for a
     * close() that waits for them.
     *
     * @return whether any timer fired
     */
    boolean fireForClose() {
        if (closingInstants >= MAX_CLOSING_INSTANTS) {
            return false;
        }
        closingInstants++;
        return time.runNextInstant() > 0;
    }
}
