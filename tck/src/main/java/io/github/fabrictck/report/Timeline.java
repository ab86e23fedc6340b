package io.github.fabrictck.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The interleaving of one window variant as an SVG timeline, laid out from its trace: one lane per
 * driver thread plus one for the simulated environment and the kit (trace threads {@code device},
 * {@code fabric} and {@code kit}),
 * the holds as bars (from a {@code held ...} event to the {@code released ...} event of the same
 * thread), every event as a mark linked to its row in the event list (and so to its driver source
 * location), the kit's steps as dashed lines across the lanes, and, for a FAIL or an ERROR, its
 * last events and the events at locations its reason cites highlighted, with the verdict at the end.
 *
 * <p>The x axis follows the order of the events; the gap between two marks grows with the time
 * between them (logarithmically), so a long wait shows as a wide gap without crowding the rest.
 */
final class Timeline {

    /** The trace threads of the simulated environment and of the kit's script: they share the top lane. */
    static final List<String> ENVIRONMENT = List.of("device", "fabric", "kit");

    /** The key of the top lane; its label names the environment threads the trace has ({@code device / kit}). */
    static final String DEVICE_LANE = "\u0000environment";

    /** At most this many events are drawn: the last ones, where a violation shows. */
    static final int LIMIT = 400;

    /** The number of last events highlighted in a FAIL or ERROR. */
    static final int LAST_HIGHLIGHTED = 3;

    static final int LEFT = 170;
    static final int TOP = 30;
    static final int LANE_HEIGHT = 34;
    static final int RIGHT = 90;

    /** The width the marks of a long trace are squeezed into, as long as they stay {@value #MIN_GAP} apart. */
    static final double SPAN = 860;
    static final double MIN_GAP = 7;

    /** What an event is, for its mark's shape and colour. */
    enum Kind {
        /** an event of the simulated device or fabric: injected completions, events, messages, teardown */
        DEVICE,
        /** a step of the kit's script ({@code window opened}) */
        KIT,
        /** a driver thread held or released at a point */
        HOLD,
        /** a driver call to the environment and its return */
        CALL,
        /** a driver call to JDK synchronisation */
        SYNC,
        /** entry to or exit from a driver's SPI method */
        SPI,
        /** anything else: the kit's application thread calling the driver */
        OTHER
    }

    /** A lane: its thread name (for the top lane, the environment threads it shows) and the y of its middle. */
    record Lane(String name, double y) {
    }

    /** One drawn event: its index in the trace, lane, x, kind and whether it is highlighted. */
    record Mark(int index, TraceEvent event, int lane, double x, Kind kind, boolean highlighted) {
    }

    /**
     * A hold, drawn as a bar from the event that held the thread to the event that released it.
     *
     * @param lane     the lane
     * @param from     the index of the {@code held} event, or -1 when it is before the drawn events
     * @param to       the index of the {@code released} event, or -1 when it was never released
     * @param x1       the bar's start
     * @param x2       the bar's end
     * @param point    what the thread was held at
     * @param at       the driver source location, or {@code null}
     */
    record Bar(int lane, int from, int to, double x1, double x2, String point, String at) {
    }

    private final WindowResult window;
    private final List<Lane> lanes;
    private final List<Mark> marks;
    private final List<Bar> bars;
    private final int firstDrawn;
    private final double width;
    private final double height;

    private Timeline(WindowResult window, List<Lane> lanes, List<Mark> marks, List<Bar> bars, int firstDrawn,
                     double width, double height) {
        this.window = window;
        this.lanes = lanes;
        this.marks = marks;
        this.bars = bars;
        this.firstDrawn = firstDrawn;
        this.width = width;
        this.height = height;
    }

    /** Lays out the trace of {@code w}. */
    static Timeline of(WindowResult w) {
        List<TraceEvent> trace = w.trace();
        int first = Math.max(0, trace.size() - LIMIT);

        Map<String, Integer> laneIndex = new LinkedHashMap<>();
        laneIndex.put(DEVICE_LANE, 0);
        Set<String> environment = new LinkedHashSet<>();
        for (int i = first; i < trace.size(); i++) {
            laneIndex.putIfAbsent(lane(trace.get(i).thread()), laneIndex.size());
            if (ENVIRONMENT.contains(trace.get(i).thread())) {
                environment.add(trace.get(i).thread());
            }
        }
        String environmentLabel = environment.isEmpty() ? "device / kit"
                : String.join(" / ", ENVIRONMENT.stream().filter(environment::contains).toList());
        List<Lane> lanes = new ArrayList<>();
        laneIndex.keySet().forEach(name -> lanes.add(new Lane(name.equals(DEVICE_LANE) ? environmentLabel : name,
                TOP + LANE_HEIGHT * (lanes.size() + 0.5))));

        Set<Integer> highlighted = highlighted(w, first);
        double[] gaps = new double[trace.size() - first];
        double span = 0;
        for (int i = first + 1; i < trace.size(); i++) {
            gaps[i - first] = gap(trace.get(i).t() - trace.get(i - 1).t());
            span += gaps[i - first];
        }
        // A long trace is squeezed towards the page's width, down to a least gap; past that it scrolls.
        double squeeze = span > SPAN ? SPAN / span : 1;
        List<Mark> marks = new ArrayList<>();
        double x = LEFT;
        for (int i = first; i < trace.size(); i++) {
            TraceEvent e = trace.get(i);
            x += i == first ? 12 : Math.max(MIN_GAP, gaps[i - first] * squeeze);
            marks.add(new Mark(i, e, laneIndex.get(lane(e.thread())), x, kind(e), highlighted.contains(i)));
        }
        double end = x;
        List<Bar> bars = bars(w, first, marks, laneIndex, end);
        double width = end + RIGHT;
        double height = TOP + LANE_HEIGHT * lanes.size() + 8;
        return new Timeline(w, lanes, marks, bars, first, width, height);
    }

    /** The horizontal gap after an event that came {@code dt} milliseconds after the previous one. */
    static double gap(double dt) {
        return 8 + Math.min(48, 10 * Math.log10(1 + 10 * Math.max(0, dt)));
    }

    /** The lane a trace thread is drawn in. */
    static String lane(String thread) {
        return thread == null || ENVIRONMENT.contains(thread) ? DEVICE_LANE : thread;
    }

    static Kind kind(TraceEvent e) {
        String thread = e.thread() == null ? "" : e.thread();
        String text = e.event() == null ? "" : e.event();
        if (thread.equals("kit")) {
            return Kind.KIT;
        }
        if (thread.equals("device") || thread.equals("fabric")) {
            return Kind.DEVICE;
        }
        if (text.startsWith("held ") || text.startsWith("released")) {
            return Kind.HOLD;
        }
        if (text.startsWith("call ") || text.startsWith("return ")) {
            return Kind.CALL;
        }
        if (text.startsWith("sync ")) {
            return Kind.SYNC;
        }
        if (text.startsWith("enter ") || text.startsWith("exit ")) {
            return Kind.SPI;
        }
        return Kind.OTHER;
    }

    /**
     * The drawn events to highlight in a FAIL or an ERROR: the last {@value #LAST_HIGHLIGHTED}, the
     * last event at each driver source location the reason cites (where a thread was held, where it
     * sleeps), and the device events the reason names (by their text up to the first colon, for
     * example {@code send #2 completed}).
     */
    static Set<Integer> highlighted(WindowResult w, int first) {
        Set<Integer> marked = new LinkedHashSet<>();
        if (w.outcome() != Outcome.FAIL && w.outcome() != Outcome.ERROR) {
            return marked;
        }
        List<TraceEvent> trace = w.trace();
        String reason = w.reason() == null ? "" : w.reason();
        Map<String, Integer> lastAt = new HashMap<>();
        for (int i = first; i < trace.size(); i++) {
            String at = trace.get(i).at();
            if (at != null && !at.isEmpty() && reason.contains(at)) {
                lastAt.put(lane(trace.get(i).thread()) + "\n" + at, i);
            }
            if (kind(trace.get(i)) == Kind.DEVICE && trace.get(i).event() != null) {
                String name = trace.get(i).event().split(":", 2)[0].strip();
                if (name.length() >= 6 && reason.contains(name)) {
                    marked.add(i);
                }
            }
        }
        marked.addAll(lastAt.values());
        for (int i = Math.max(first, trace.size() - LAST_HIGHLIGHTED); i < trace.size(); i++) {
            marked.add(i);
        }
        return marked;
    }

    private static List<Bar> bars(WindowResult w, int first, List<Mark> marks, Map<String, Integer> laneIndex,
                                  double end) {
        List<TraceEvent> trace = w.trace();
        Map<String, Deque<Integer>> open = new HashMap<>();
        List<int[]> spans = new ArrayList<>();
        for (int i = 0; i < trace.size(); i++) {
            TraceEvent e = trace.get(i);
            String text = e.event() == null ? "" : e.event();
            String thread = lane(e.thread());
            if (thread.equals(DEVICE_LANE)) {
                continue;
            }
            if (text.startsWith("held ")) {
                open.computeIfAbsent(thread, t -> new ArrayDeque<>()).add(i);
            } else if (text.startsWith("released")) {
                Deque<Integer> held = open.get(thread);
                if (held != null && !held.isEmpty()) {
                    spans.add(new int[] {held.poll(), i});
                }
            }
        }
        open.values().forEach(held -> held.forEach(i -> spans.add(new int[] {i, -1})));
        spans.sort((a, b) -> Integer.compare(a[0], b[0]));

        List<Bar> bars = new ArrayList<>();
        for (int[] span : spans) {
            int from = span[0];
            int to = span[1];
            if (to >= 0 && to < first) {
                continue; // released before the drawn events
            }
            TraceEvent held = trace.get(from);
            Integer lane = laneIndex.get(lane(held.thread()));
            if (lane == null) {
                continue;
            }
            double x1 = from >= first ? marks.get(from - first).x() : LEFT;
            double x2 = to >= 0 ? marks.get(to - first).x() : end + RIGHT / 3.0;
            bars.add(new Bar(lane, from >= first ? from : -1, to, x1, x2, point(w, held), held.at()));
        }
        return bars;
    }

    /** What a thread was held at: the evidence's point for that thread and location, else the event's text. */
    private static String point(WindowResult w, TraceEvent held) {
        for (Evidence.Hold h : w.evidence().holds()) {
            if (h.thread() != null && h.thread().equals(held.thread()) && h.at() != null && h.at().equals(held.at())
                && h.point() != null) {
                return h.point();
            }
        }
        String text = held.event().substring("held ".length());
        if (text.startsWith("at ")) {
            text = text.substring(3);
        }
        int paren = text.indexOf(" (");
        return paren > 0 ? text.substring(0, paren) : text;
    }

    List<Lane> lanes() {
        return lanes;
    }

    List<Mark> marks() {
        return marks;
    }

    List<Bar> bars() {
        return bars;
    }

    /** The index of the first drawn event (0 unless the trace is longer than {@value #LIMIT}). */
    int firstDrawn() {
        return firstDrawn;
    }

    double width() {
        return width;
    }

    /**
     * The SVG element. Marks link to {@code #<idPrefix>-e<index>}, the rows of the event list.
     * Every string from the result is escaped.
     */
    String svg(String idPrefix) {
        StringBuilder s = new StringBuilder(4096 + marks.size() * 300);
        s.append("<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(n(width))
                .append("\" height=\"").append(n(height)).append("\" viewBox=\"0 0 ").append(n(width)).append(' ')
                .append(n(height)).append("\" role=\"img\" aria-label=\"Timeline of ")
                .append(Html.escape(window.label())).append("\">\n");

        // lanes
        for (int i = 0; i < lanes.size(); i++) {
            Lane lane = lanes.get(i);
            double top = TOP + LANE_HEIGHT * i;
            s.append("<g class=\"lane").append(i == 0 ? " device-lane" : "").append("\" data-lane=\"")
                    .append(Html.escape(lane.name())).append("\">")
                    .append("<rect class=\"lane-bg\" x=\"0\" y=\"").append(n(top)).append("\" width=\"")
                    .append(n(width)).append("\" height=\"").append(LANE_HEIGHT).append("\"/>")
                    .append("<line class=\"lane-line\" x1=\"").append(LEFT).append("\" y1=\"").append(n(lane.y()))
                    .append("\" x2=\"").append(n(width - 10)).append("\" y2=\"").append(n(lane.y())).append("\"/>")
                    .append("<text class=\"lane-label\" x=\"8\" y=\"").append(n(lane.y() + 4)).append("\"><title>")
                    .append(Html.escape(lane.name())).append("</title>").append(Html.escape(shorten(lane.name(), 22)))
                    .append("</text></g>\n");
        }

        // time axis: a tick wherever there is room
        s.append("<g class=\"axis\">");
        double lastTick = -1e9;
        for (Mark m : marks) {
            if (m.x() - lastTick >= 72) {
                lastTick = m.x();
                s.append("<line class=\"tick\" x1=\"").append(n(m.x())).append("\" y1=\"").append(TOP - 6)
                        .append("\" x2=\"").append(n(m.x())).append("\" y2=\"").append(TOP).append("\"/>")
                        .append("<text class=\"tick-label\" x=\"").append(n(m.x())).append("\" y=\"").append(TOP - 9)
                        .append("\">").append(ms(m.event().t())).append("</text>");
            }
        }
        s.append("</g>\n");

        // holds
        for (Bar b : bars) {
            double y = lanes.get(b.lane()).y();
            int target = b.from() >= 0 ? b.from() : b.to();
            s.append("<g class=\"hold").append(b.to() < 0 ? " unreleased" : "").append("\">");
            if (target >= 0) {
                s.append("<a href=\"#").append(idPrefix).append("-e").append(target).append("\">");
            }
            s.append("<title>held at ").append(Html.escape(b.point()))
                    .append(b.at() == null ? "" : " in " + Html.escape(b.at()))
                    .append(b.to() < 0 ? " (never released)" : "").append("</title>")
                    .append("<rect class=\"hold-bar\" x=\"").append(n(b.x1())).append("\" y=\"").append(n(y - 7))
                    .append("\" width=\"").append(n(Math.max(2, b.x2() - b.x1()))).append("\" height=\"14\" rx=\"3\"/>")
                    .append("<text class=\"hold-label\" x=\"").append(n(b.x1() + 3)).append("\" y=\"").append(n(y - 10))
                    .append("\">held: ").append(Html.escape(shorten(b.point(), 48))).append("</text>");
            if (target >= 0) {
                s.append("</a>");
            }
            s.append("</g>\n");
        }

        // the kit's steps across every lane
        for (Mark m : marks) {
            if (m.kind() == Kind.KIT) {
                String step = m.event().event() == null ? "" : m.event().event().split(":", 2)[0];
                s.append("<line class=\"kit-line\" x1=\"").append(n(m.x())).append("\" y1=\"").append(TOP)
                        .append("\" x2=\"").append(n(m.x())).append("\" y2=\"").append(n(height - 8)).append("\"/>")
                        .append("<text class=\"kit-label\" x=\"").append(n(m.x() + 4)).append("\" y=\"").append(TOP + 11)
                        .append("\">").append(Html.escape(shorten(step, 24))).append("</text>\n");
            }
        }

        // marks
        for (Mark m : marks) {
            double y = lanes.get(m.lane()).y();
            TraceEvent e = m.event();
            s.append("<a class=\"mark k-").append(m.kind().name().toLowerCase(Locale.ROOT))
                    .append(m.highlighted() ? " violation" : "").append("\" href=\"#").append(idPrefix).append("-e")
                    .append(m.index()).append("\" data-event=\"").append(m.index()).append("\"><title>#")
                    .append(m.index() + 1).append(' ').append(ms(e.t())).append(' ').append(Html.escape(e.thread()))
                    .append(": ").append(Html.escape(e.event()));
            if (e.at() != null) {
                s.append("\nat ").append(Html.escape(e.at()));
            }
            s.append("</title>");
            if (m.highlighted()) {
                s.append("<circle class=\"ring\" cx=\"").append(n(m.x())).append("\" cy=\"").append(n(y))
                        .append("\" r=\"9\"/>");
            }
            switch (m.kind()) {
                case DEVICE, KIT -> s.append("<path class=\"shape\" d=\"M").append(n(m.x())).append(' ').append(n(y - 6))
                        .append("l6 6l-6 6l-6 -6z\"/>");
                case SYNC -> s.append("<rect class=\"shape\" x=\"").append(n(m.x() - 3.5)).append("\" y=\"")
                        .append(n(y - 3.5)).append("\" width=\"7\" height=\"7\"/>");
                default -> s.append("<circle class=\"shape\" cx=\"").append(n(m.x())).append("\" cy=\"").append(n(y))
                        .append("\" r=\"4\"/>");
            }
            s.append("</a>\n");
        }

        // the verdict at the end
        if (window.outcome() == Outcome.FAIL || window.outcome() == Outcome.ERROR) {
            double vx = width - RIGHT + 30;
            String outcome = window.outcome().name();
            s.append("<g class=\"verdict ").append(outcome.toLowerCase(Locale.ROOT)).append("\"><title>")
                    .append(outcome).append(": ").append(Html.escape(window.reason())).append("</title>")
                    .append("<line x1=\"").append(n(vx)).append("\" y1=\"").append(TOP).append("\" x2=\"").append(n(vx))
                    .append("\" y2=\"").append(n(height - 8)).append("\"/>")
                    .append("<text x=\"").append(n(vx + 4)).append("\" y=\"").append(TOP + 12).append("\">")
                    .append(outcome).append("</text></g>\n");
        }
        return s.append("</svg>").toString();
    }

    private static String shorten(String s, int max) {
        if (s == null) {
            return "";
        }
        return s.length() <= max ? s : s.substring(0, max - 1) + "\u2026";
    }

    static String ms(double t) {
        return decimals(t, 1) + " ms";
    }

    private static String n(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : decimals(v, 1);
    }

    /** {@code v} with {@code digits} decimals, rounded half up (String.format is slow for thousands of coordinates). */
    static String decimals(double v, int digits) {
        long scale = digits == 1 ? 10 : digits == 2 ? 100 : 1000;
        long scaled = Math.round(Math.abs(v) * scale);
        String fraction = Long.toString(scaled % scale);
        String sign = v < 0 && scaled != 0 ? "-" : "";
        return sign + scaled / scale + "." + "0".repeat(digits - fraction.length()) + fraction;
    }
}
