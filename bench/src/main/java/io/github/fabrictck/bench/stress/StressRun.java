package io.github.fabrictck.bench.stress;

import io.github.fabrictck.sim.KitContext;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;

/**
 * Plain stress testing, the way a vendor would do it without the kit: an application loop drives
 * the driver under sustained load on a {@link StressDevice} with random latencies, for a fixed
 * budget, and counts what it catches.
 *
 * <p>The application, on its own thread: opens a connection (a fresh device and endpoint), then
 * round after round sends a burst of 1 to {@code maxBurst} requests, waits for their send
 * completions with {@code awaitSendsComplete(appTimeout)} and receives one reply per request with
 * {@code receive(appTimeout)} (unsolicited messages are taken as they come); after a random number
 * of rounds it closes the connection and opens the next. Each connection draws its traffic: with
 * or without replies (one-way sends, as in a write benchmark), with or without unsolicited
 * messages, so that quiet ends of traffic happen as well as busy ones.
 *
 * <p>What counts as a detection:
 * <ul>
 *   <li><b>lost completion</b>: {@code awaitSendsComplete} or {@code receive} timed out (or, for a
 *       driver that ignores the timeout, was still waiting {@code appTimeout + grace} later) while
 *       its completion queue held a completion that nothing will announce ({@link StressDevice#lost});
 *       a timeout without such a completion is only counted;</li>
 *   <li><b>use after destroy</b>: a connection in which the driver called the device after
 *       destroying the queue pair;</li>
 *   <li><b>unacknowledged at destroy</b>: a connection whose queue pair was destroyed with
 *       delivered events not acknowledged;</li>
 *   <li><b>handler exception</b>: each exception thrown by the completion handler.</li>
 * </ul>
 * The watchdog (the calling thread) interrupts a wait that overran, so the loop goes on.
 */
public final class StressRun {

    /**
     * @param budget       how long to stress
     * @param seed         seed of the loop's and the devices' random choices
     * @param appTimeout   the application's timeout of each wait
     * @param grace        how much longer than its timeout a wait may take before the watchdog looks
     * @param maxBurst     the most requests per round
     * @param minRounds    the fewest rounds per connection
     * @param maxRounds    the most rounds per connection
     * @param device       what the device does (its seed is replaced per connection)
     */
    public record Options(Duration budget, long seed, Duration appTimeout, Duration grace, int maxBurst, int minRounds,
                          int maxRounds, StressDevice.Settings device) {

        /** The settings of the benchmark: 50 ms application timeout, bursts of up to 16, 20 to 200 rounds per connection. */
        public static Options standard(Duration budget, long seed) {
            return new Options(budget, seed, Duration.ofMillis(50), Duration.ofMillis(50), 16, 20, 200,
                    StressDevice.Settings.realistic(seed));
        }
    }

    /** A detection: what, when (ms since the stress started), in words. */
    public record Detection(String kind, double atMillis, String what) {
    }

    /** The kinds of detection, in the order reports list them. */
    public static final List<String> KINDS = List.of("lost completion", "use after destroy", "unacknowledged at destroy",
            "handler exception", "over-acknowledged");

    private static final byte[] REQUEST = new byte[64];
    private static final long OVERRUN_LIMIT_NANOS = 5_000_000_000L;

    private final Driver driver;
    private final Options options;
    private final Random random;
    private final Object callLock = new Object();
    private final List<Detection> detections = new ArrayList<>();
    private volatile boolean stop;
    private volatile long startNanos;
    private volatile StressDevice device;
    private volatile CompletionQueue callQueue;
    private volatile long callStart;
    private long callSeq;
    private long handledSeq = -1;
    private Thread app;
    private Throwable appFailure;

    // counters, written by the application thread (read after it ended)
    private long rounds;
    private long sends;
    private long replies;
    private long notes;
    private long connections;
    private long connectionsWithReplies;
    private long connectionsWithNotes;
    private long timeoutsWithoutLoss;
    private long overrunsWithoutLoss;
    private long closeOverruns;
    private long stuckDeviceThreads;
    private boolean lastCallOverran;

    public StressRun(Driver driver, Options options) {
        this.driver = driver;
        this.options = options;
        this.random = new Random(options.seed());
    }

    /** Stresses the driver for the budget; the result as a JSON-ready map. */
    public Map<String, Object> run() throws InterruptedException {
        startNanos = System.nanoTime();
        long end = startNanos + options.budget().toNanos();
        app = new Thread(this::applicationLoop, "app");
        app.setDaemon(true);
        app.start();
        while (System.nanoTime() < end && app.isAlive()) {
            Thread.sleep(2);
            watch();
        }
        stop = true;
        long giveUp = System.nanoTime() + 10_000_000_000L;
        while (app.isAlive() && System.nanoTime() < giveUp) {
            watch();
            app.join(5);
        }
        boolean appEnded = !app.isAlive();
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        return result(seconds, appEnded);
    }

    // ---------------------------------------------------------------- application thread

    private void applicationLoop() {
        try {
            while (!stop) {
                connection();
            }
        } catch (Throwable t) {
            appFailure = t;
        }
    }

    private void connection() throws InterruptedException {
        connections++;
        StressDevice.Settings s = options.device();
        boolean withReplies = s.replies() && random.nextBoolean();
        long noteInterval = random.nextBoolean() ? s.meanNoteIntervalNanos() : 0;
        connectionsWithReplies += withReplies ? 1 : 0;
        connectionsWithNotes += noteInterval > 0 ? 1 : 0;
        StressDevice d = new StressDevice(new StressDevice.Settings(s.latency(), withReplies, noteInterval,
                random.nextLong()));
        KitContext context = new KitContext(thread -> { });
        CompletionQueueDriver endpoint = driver.openCompletionQueue(context, d);
        device = d;
        d.start(endpoint);
        int roundsHere = options.minRounds() + random.nextInt(options.maxRounds() - options.minRounds() + 1);
        long owed = 0;
        for (int r = 0; r < roundsHere && !stop; r++) {
            owed = round(endpoint, d, owed, withReplies);
        }
        Boolean closed = call(null, () -> {
            endpoint.close();
            return Boolean.TRUE;
        });
        if (closed == null) {
            closeOverruns++;
        }
        if (!d.stop(1000)) {
            stuckDeviceThreads++;
        }
        context.close();
        harvest(d);
    }

    private long round(CompletionQueueDriver endpoint, StressDevice d, long owed, boolean withReplies) {
        rounds++;
        int burst = 1 + random.nextInt(options.maxBurst());
        for (int i = 0; i < burst; i++) {
            endpoint.send(REQUEST);
        }
        sends += burst;
        owed += withReplies ? burst : 0;
        Boolean complete = call(d.sendCompletionQueue(), () -> endpoint.awaitSendsComplete(options.appTimeout()));
        if (Boolean.FALSE.equals(complete)) {
            timedOut("awaitSendsComplete(" + options.appTimeout().toMillis() + " ms) returned false", d,
                    d.sendCompletionQueue());
        }
        while (owed > 0 && !stop) {
            byte[] m = call(d.receiveCompletionQueue(), () -> endpoint.receive(options.appTimeout()));
            if (m == null) {
                if (!lastCallOverran) {
                    timedOut("receive(" + options.appTimeout().toMillis() + " ms) returned null", d,
                            d.receiveCompletionQueue());
                }
                break;
            }
            if (Arrays.equals(m, StressDevice.REPLY)) {
                replies++;
                owed--;
            } else {
                notes++;
            }
        }
        return owed;
    }

    private void timedOut(String what, StressDevice d, CompletionQueue q) {
        String lost = d.lost(q);
        if (lost == null) {
            timeoutsWithoutLoss++;
        } else {
            detect("lost completion", what + " while " + lost);
        }
    }

    /**
     * Makes one application call under the watchdog.
     *
     * @return its result, or {@code null} when the watchdog interrupted it
     */
    private <T> T call(CompletionQueue waitsOn, Callable<T> c) {
        synchronized (callLock) {
            callSeq++;
            callQueue = waitsOn;
            callStart = System.nanoTime();
        }
        lastCallOverran = false;
        try {
            return c.call();
        } catch (InterruptedException e) {
            lastCallOverran = true;
            return null;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            synchronized (callLock) {
                callStart = 0;
                Thread.interrupted();
            }
        }
    }

    private void harvest(StressDevice d) {
        Map<StressDevice.Problem, Long> problems = d.problems();
        for (StressDevice.Problem p : problems.keySet()) {
            double at = (d.firstNanos(p) - startNanos) / 1e6;
            String example = d.examples(p).isEmpty() ? "" : d.examples(p).get(0);
            switch (p) {
                case HANDLER_EXCEPTION -> {
                    for (long i = 0; i < problems.get(p); i++) {
                        record(new Detection("handler exception", at, example));
                    }
                }
                case USE_AFTER_DESTROY -> record(new Detection("use after destroy", at,
                        problems.get(p) + " call(s) after destroy in connection " + connections + ", first: " + example));
                case UNACKNOWLEDGED_AT_DESTROY -> record(new Detection("unacknowledged at destroy", at, example));
                case OVER_ACKNOWLEDGED -> record(new Detection("over-acknowledged", at, example));
                case DESTROY_STALLED -> record(new Detection("destroy stalled", at, example));
                default -> throw new IllegalStateException(p.toString());
            }
        }
    }

    private void detect(String kind, String what) {
        record(new Detection(kind, (System.nanoTime() - startNanos) / 1e6, what));
    }

    private void record(Detection d) {
        synchronized (detections) {
            detections.add(d);
        }
    }

    // ---------------------------------------------------------------- watchdog (calling thread)

    /** Looks at the call in progress; an overrun wait is judged, then interrupted. */
    private void watch() {
        synchronized (callLock) {
            long started = callStart;
            if (started == 0 || handledSeq == callSeq) {
                return;
            }
            long waited = System.nanoTime() - started;
            if (waited <= options.appTimeout().plus(options.grace()).toNanos()) {
                return;
            }
            StressDevice d = device;
            String lost = callQueue == null || d == null ? null : d.lost(callQueue);
            if (lost != null) {
                detect("lost completion", "a wait on the " + callQueue.name() + " CQ was still blocked after "
                        + waited / 1_000_000 + " ms (its timeout: " + options.appTimeout().toMillis() + " ms) while "
                        + lost);
            } else if (waited < OVERRUN_LIMIT_NANOS) {
                return;
            } else {
                overrunsWithoutLoss++;
            }
            handledSeq = callSeq;
            app.interrupt();
        }
    }

    // ---------------------------------------------------------------- result

    private Map<String, Object> result(double seconds, boolean appEnded) {
        List<Detection> all;
        synchronized (detections) {
            all = new ArrayList<>(detections);
        }
        all.sort((a, b) -> Double.compare(a.atMillis(), b.atMillis()));
        Map<String, Long> byKind = new LinkedHashMap<>();
        Map<String, Double> firstByKind = new LinkedHashMap<>();
        for (String k : KINDS) {
            byKind.put(k, all.stream().filter(d -> d.kind().equals(k)).count());
            firstByKind.put(k, all.stream().filter(d -> d.kind().equals(k)).findFirst()
                    .map(d -> Math.round(d.atMillis() * 10) / 10.0).orElse(null));
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("driver", driver.name());
        r.put("seconds", Math.round(seconds * 10) / 10.0);
        r.put("seed", options.seed());
        r.put("latency", options.device().latency().describe());
        r.put("appTimeoutMillis", options.appTimeout().toMillis());
        r.put("connections", connections);
        r.put("connectionsWithReplies", connectionsWithReplies);
        r.put("connectionsWithUnsolicited", connectionsWithNotes);
        r.put("rounds", rounds);
        r.put("sends", sends);
        r.put("replies", replies);
        r.put("unsolicited", notes);
        r.put("detections", (long) all.size());
        r.put("byKind", byKind);
        r.put("firstByKindMillis", firstByKind);
        r.put("firstDetectionMillis", all.isEmpty() ? null : Math.round(all.get(0).atMillis() * 10) / 10.0);
        r.put("firstDetection", all.isEmpty() ? null : all.get(0).kind() + ": " + all.get(0).what());
        List<Detection> examples = new ArrayList<>(all.stream().limit(5).toList());
        for (String k : KINDS) {
            all.stream().filter(d -> d.kind().equals(k)).findFirst().filter(d -> !examples.contains(d))
                    .ifPresent(examples::add);
        }
        examples.sort((a, b) -> Double.compare(a.atMillis(), b.atMillis()));
        r.put("examples", examples.stream().map(d -> Map.of("kind", d.kind(), "atMillis",
                Math.round(d.atMillis() * 10) / 10.0, "what", d.what())).toList());
        r.put("timeoutsWithoutLoss", timeoutsWithoutLoss);
        r.put("overrunsWithoutLoss", overrunsWithoutLoss);
        r.put("closeOverruns", closeOverruns);
        r.put("stuckDeviceThreads", stuckDeviceThreads);
        r.put("applicationEnded", appEnded);
        r.put("applicationFailure", appFailure == null ? null : String.valueOf(appFailure));
        return r;
    }
}
