package io.github.fabrictck.explore;

import java.util.ArrayList;
import java.util.List;

/**
 * One schedule as a file: what made it (strategy, seed), whom it ran on, what it found, and its
 * decisions, one a line ({@code app}, {@code device-interrupt}, {@code env: a send completes}).
 * Replaying the decisions reruns the schedule.
 *
 * @param window    the window label, {@code CQ-X/explore}
 * @param strategy  the scheduler that chose the decisions ({@code random}, {@code pct}, {@code pos}, {@code replay})
 * @param seed      the schedule's seed
 * @param kit       the kit's version
 * @param driver    the driver's name and version
 * @param failure   what failed, in words, or {@code null}
 * @param decisions the decisions, in order
 * @param driverSha256 the SHA-256 of the driver code the schedule ran on ({@link DriverDigest}), or {@code null}
 *                     when unknown
 */
public record Schedule(String window, String strategy, long seed, String kit, String driver, String failure,
                       List<String> decisions, String driverSha256) {

    /** A schedule of this fork's driver code. */
    public Schedule(String window, String strategy, long seed, String kit, String driver, String failure,
                    List<String> decisions) {
        this(window, strategy, seed, kit, driver, failure, decisions, DriverDigest.current());
    }

    /**
     * How a window's trace carries a schedule file for Maven's process to write: an event whose text is
     * this marker, the file's name, a line break, and the file's text. The fork writes no file.
     */
    public static final String TRACE_MARKER = "schedule file ";

    /** The schedule files a window's trace carries, by file name. */
    public static java.util.Map<String, String> filesIn(List<io.github.fabrictck.report.TraceEvent> trace) {
        java.util.Map<String, String> files = new java.util.LinkedHashMap<>();
        for (io.github.fabrictck.report.TraceEvent e : trace) {
            String text = e.event();
            int nl = text == null ? -1 : text.indexOf('\n');
            if ("kit".equals(e.thread()) && nl > 0 && text.startsWith(TRACE_MARKER)) {
                String name = text.substring(TRACE_MARKER.length(), nl);
                // only a plain file name of the kit's own pattern: the trace comes from the fork
                if (name.matches("schedule-[A-Za-z0-9-]{1,40}\\.txt")) {
                    files.put(name, text.substring(nl + 1));
                }
            }
        }
        return files;
    }

    /** The first line of every schedule file. */
    static final String MAGIC = "# fabric-tck schedule 1";

    public Schedule {
        decisions = List.copyOf(decisions);
    }

    /** The file's text. */
    public String text() {
        StringBuilder b = new StringBuilder(MAGIC).append('\n');
        b.append("window: ").append(window).append('\n');
        b.append("strategy: ").append(strategy).append('\n');
        b.append("seed: ").append(seed).append('\n');
        b.append("kit: ").append(kit).append('\n');
        b.append("driver: ").append(driver).append('\n');
        if (driverSha256 != null) {
            b.append("driver-sha256: ").append(driverSha256).append('\n');
        }
        if (failure != null) {
            b.append("failure: ").append(failure.replace('\n', ' ')).append('\n');
        }
        b.append("decisions: ").append(decisions.size()).append('\n');
        decisions.forEach(d -> b.append(d).append('\n'));
        return b.toString();
    }

    /** Reads a schedule file's text; says in one sentence what is wrong with one that is not. */
    public static Schedule parse(String text) {
        String[] lines = text.split("\r?\n");
        if (lines.length == 0 || !lines[0].trim().equals(MAGIC)) {
            throw new IllegalArgumentException("not a Fabric TCK schedule file (its first line is not '" + MAGIC + "')");
        }
        String window = null;
        String strategy = null;
        String kit = null;
        String driver = null;
        String failure = null;
        String driverSha256 = null;
        long seed = 0;
        int count = -1;
        int i = 1;
        for (; i < lines.length && count < 0; i++) {
            String line = lines[i];
            int colon = line.indexOf(": ");
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon);
            String value = line.substring(colon + 2);
            switch (key) {
                case "window" -> window = value;
                case "strategy" -> strategy = value;
                case "seed" -> seed = Long.parseLong(value.trim());
                case "kit" -> kit = value;
                case "driver" -> driver = value;
                case "driver-sha256" -> driverSha256 = value.strip();
                case "failure" -> failure = value;
                case "decisions" -> count = Integer.parseInt(value.trim());
                default -> {
                    // a later version's field: ignored
                }
            }
        }
        if (count < 0) {
            throw new IllegalArgumentException("the schedule file has no 'decisions:' line");
        }
        List<String> decisions = new ArrayList<>();
        for (; i < lines.length && decisions.size() < count; i++) {
            decisions.add(lines[i]);
        }
        if (decisions.size() != count) {
            throw new IllegalArgumentException("the schedule file announces " + count + " decisions but holds "
                    + decisions.size());
        }
        return new Schedule(window, strategy, seed, kit, driver, failure, decisions, driverSha256);
    }

    /**
     * How this run differs from the one that wrote the schedule, in words ({@code "the kit (1.0 then, 1.1 now)"}), or
     * {@code null} when nothing known differs: a replay on other code may diverge, and then says why.
     */
    public String differences() {
        List<String> d = new ArrayList<>();
        String kitNow = io.github.fabrictck.launcher.Launcher.tckVersion();
        if (kit != null && !kit.equals(kitNow)) {
            d.add("the kit (" + kit + " then, " + kitNow + " now)");
        }
        String now = DriverDigest.current();
        if (driverSha256 != null && now != null && !driverSha256.equals(now)) {
            d.add("the driver's classes (sha256 " + driverSha256.substring(0, Math.min(12, driverSha256.length()))
                    + "... then, " + now.substring(0, 12) + "... now)");
        }
        return d.isEmpty() ? null : String.join(" and ", d);
    }
}
