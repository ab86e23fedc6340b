package io.github.fabrictck.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
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
 * location), the kit's steps as dashed lines across the lanes, and, for a FAIL or an ERROR, the one
 * event the verdict points at (see {@link #violation}) ringed, with the verdict at the end.
 *
 * <p>The x axis follows the order of the events; the gap between two marks grows with the time
 * between them (logarithmically), so a long wait shows as a wide gap without crowding the rest. A
 * trace with more events than the window's budget ({@value #LIMIT} for a FAIL or an ERROR,
 * {@value #QUIET_LIMIT} for a PASS or NOT_APPLICABLE) has its quiet stretches collapsed: runs of
 * ordinary driver events between the events that matter (the device's, the kit's, holds, the
 * verdict's event and the last ones) become one band that says how many events it holds, and when
 * that is not enough, the device's and then the kit's events are collapsed too. Every event stays
 * in the event list.
 */
final class Timeline {

    /** The trace threads of the simulated environment and of the kit's script: they share the top lane. */
    static final List<String> ENVIRONMENT = List.of("device", "fabric", "kit");

    /** The key of the top lane; its label names the environment threads the trace has ({@code device / kit}). */
    static final String DEVICE_LANE = "\u0000environment";

    /** At most this many marks (events and collapsed stretches) are drawn for a FAIL or an ERROR. */
    static final int LIMIT = 400;

    /** At most this many marks are drawn for a PASS or a NOT_APPLICABLE, which nobody needs to read event by event. */
    static final int QUIET_LIMIT = 40;

    /** The last events of a FAIL or an ERROR, never collapsed: where it ended. */
    static final int LAST_KEPT = 5;

    /** Events on each side of the verdict's event, never collapsed. */
    static final int CONTEXT = 2;

    static final int LEFT = 170;
    static final int TOP = 30;
    static final int LANE_HEIGHT = 34;
    static final int RIGHT = 90;

    /** The width the marks of a long trace are squeezed into, as long as they stay {@value #MIN_GAP} apart. */
    static final double SPAN = 860;
    static final double MIN_GAP = 7;

    /** The width of a collapsed stretch. */
    static final double BAND = 18;

    /** The width of one character of a label, 10 px sans-serif, a little generous, so labels are placed apart. */
    static final double CHAR_WIDTH = 6.2;

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

    /** One drawn event: its index in the trace, lane, x, kind and whether the verdict points at it. */
    record Mark(int index, TraceEvent event, int lane, double x, Kind kind, boolean highlighted) {
    }

    /**
     * A quiet stretch drawn as one band: the events {@code from} to {@code to} (inclusive).
     *
     * @param from  the index of its first event
     * @param to    the index of its last event
     * @param x     the band's middle
     * @param holds how many of its events are holds or releases (they are drawn as bars all the same)
     */
    record Stretch(int from, int to, double x, int holds) {

        int events() {
            return to - from + 1;
        }
    }

    /**
     * A hold, drawn as a bar from the event that held the thread to the event that released it.
     *
     * @param lane     the lane
     * @param from     the index of the {@code held} event
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
    private final List<Stretch> stretches;
    private final List<Bar> bars;
    private final double width;
    private final double height;

    private Timeline(WindowResult window, List<Lane> lanes, List<Mark> marks, List<Stretch> stretches, List<Bar> bars,
                     double width, double height) {
        this.window = window;
        this.lanes = lanes;
        this.marks = marks;
        this.stretches = stretches;
        this.bars = bars;
        this.width = width;
        this.height = height;
    }

    /** Lays out the trace of {@code w}. */
    static Timeline of(WindowResult w) {
        boolean judged = w.outcome() == Outcome.FAIL || w.outcome() == Outcome.ERROR;
        return of(w, judged ? LIMIT : QUIET_LIMIT);
    }

    /** Lays out the trace of {@code w} in at most {@code limit} marks and bands. */
    static Timeline of(WindowResult w, int limit) {
        List<TraceEvent> trace = w.trace();
        int violation = violation(w);
        boolean[] shown = shown(w, violation, limit);

        // a lane for every thread with a drawn event or a hold; the environment's lane always
        Set<Integer> holdEvents = holdEvents(trace);
        Map<String, Integer> laneIndex = new LinkedHashMap<>();
        laneIndex.put(DEVICE_LANE, 0);
        Set<String> environment = new LinkedHashSet<>();
        for (int i = 0; i < trace.size(); i++) {
            TraceEvent e = trace.get(i);
            if (shown[i] || holdEvents.contains(i)) {
                laneIndex.putIfAbsent(lane(e.thread()), laneIndex.size());
            }
            if (ENVIRONMENT.contains(e.thread())) {
                environment.add(e.thread());
            }
        }
        String environmentLabel = environment.isEmpty() ? "device / kit"
                : String.join(" / ", ENVIRONMENT.stream().filter(environment::contains).toList());
        List<Lane> lanes = new ArrayList<>();
        laneIndex.keySet().forEach(name -> lanes.add(new Lane(name.equals(DEVICE_LANE) ? environmentLabel : name,
                TOP + LANE_HEIGHT * (lanes.size() + 0.5))));

        // the items drawn from left to right: an event (from == to, shown) or a stretch of hidden events
        List<int[]> items = new ArrayList<>();
        for (int i = 0; i < trace.size(); i++) {
            if (shown[i]) {
                items.add(new int[] {i, i});
            } else if (!items.isEmpty() && !shown[items.get(items.size() - 1)[0]]) {
                items.get(items.size() - 1)[1] = i;
            } else {
                items.add(new int[] {i, i});
            }
        }
        double[] gaps = new double[items.size()];
        double span = 0;
        for (int k = 1; k < items.size(); k++) {
            gaps[k] = gap(trace.get(items.get(k)[0]).t() - trace.get(items.get(k - 1)[1]).t());
            span += gaps[k];
        }
        // A long trace is squeezed towards the page's width, down to a least gap; past that it scrolls.
        double squeeze = span > SPAN ? SPAN / span : 1;
        double[] xOf = new double[trace.size()];
        List<Mark> marks = new ArrayList<>();
        List<Stretch> stretches = new ArrayList<>();
        double x = LEFT;
        for (int k = 0; k < items.size(); k++) {
            int from = items.get(k)[0];
            int to = items.get(k)[1];
            boolean band = !shown[from];
            x += k == 0 ? 12 : Math.max(MIN_GAP, gaps[k] * squeeze) + (band || !shown[items.get(k - 1)[0]] ? BAND / 2 : 0);
            for (int i = from; i <= to; i++) {
                xOf[i] = x;
            }
            if (band) {
                int holds = 0;
                for (int i = from; i <= to; i++) {
                    holds += kind(trace.get(i)) == Kind.HOLD ? 1 : 0;
                }
                stretches.add(new Stretch(from, to, x, holds));
            } else {
                TraceEvent e = trace.get(from);
                marks.add(new Mark(from, e, laneIndex.get(lane(e.thread())), x, kind(e), from == violation));
            }
        }
        double end = x;
        List<Bar> bars = bars(w, xOf, laneIndex, end);
        double width = end + RIGHT;
        double height = TOP + LANE_HEIGHT * lanes.size() + 8;
        return new Timeline(w, lanes, marks, stretches, bars, width, height);
    }

    /**
     * Which events are drawn as marks, within {@code limit} marks and bands: every event when they
     * fit; else, step by step until they do, the ordinary driver events, then the device's, then
     * the kit's, then the holds are collapsed, while the verdict's event with its neighbours, the
     * first event and (for a FAIL or an ERROR) the last ones stay.
     */
    static boolean[] shown(WindowResult w, int violation, int limit) {
        List<TraceEvent> trace = w.trace();
        boolean[] shown = new boolean[trace.size()];
        java.util.Arrays.fill(shown, true);
        if (trace.size() <= limit) {
            return shown;
        }
        boolean judged = w.outcome() == Outcome.FAIL || w.outcome() == Outcome.ERROR;
        List<Set<Kind>> levels = List.of(EnumSet.of(Kind.DEVICE, Kind.KIT, Kind.HOLD), EnumSet.of(Kind.KIT, Kind.HOLD),
                EnumSet.of(Kind.HOLD), EnumSet.noneOf(Kind.class));
        Set<Kind> before = EnumSet.allOf(Kind.class);
        for (Set<Kind> kept : levels) {
            for (int i = 0; i < trace.size(); i++) {
                boolean last = judged && i >= trace.size() - LAST_KEPT;
                boolean near = violation >= 0 && Math.abs(i - violation) <= CONTEXT;
                shown[i] = i == 0 || last || near || kept.contains(kind(trace.get(i)));
            }
            if (drawn(shown) <= limit) {
                sample(trace, shown, before, limit);
                break;
            }
            before = kept;
        }
        // a stretch of one or two events is drawn as its events while they fit: a band would hide them for nothing
        for (int i = 0; i < shown.length; i++) {
            if (!shown[i]) {
                int end = i;
                while (end + 1 < shown.length && !shown[end + 1]) {
                    end++;
                }
                if (end - i < 2 && drawn(shown) + (end - i) <= limit) {
                    for (int j = i; j <= end; j++) {
                        shown[j] = true;
                    }
                }
                i = end;
            }
        }
        return shown;
    }

    /**
     * Fills up to half the budget with events of the kinds the last step collapsed, evenly spread over
     * the trace (every n-th), so that a long run reduced to a few marks still shows how it went.
     */
    private static void sample(List<TraceEvent> trace, boolean[] shown, Set<Kind> kinds, int limit) {
        List<Integer> collapsed = new ArrayList<>();
        for (int i = 0; i < trace.size(); i++) {
            if (!shown[i] && kinds.contains(kind(trace.get(i)))) {
                collapsed.add(i);
            }
        }
        int room = (limit / 2 - drawn(shown)) / 2; // up to half the budget; each event drawn may split a band in two
        if (collapsed.isEmpty() || room <= 0) {
            return;
        }
        int stride = (collapsed.size() + room - 1) / room;
        for (int k = stride / 2; k < collapsed.size(); k += stride) {
            shown[collapsed.get(k)] = true;
        }
    }

    /** The indices of the {@code held} and {@code released} events of driver threads. */
    private static Set<Integer> holdEvents(List<TraceEvent> trace) {
        Set<Integer> holds = new java.util.HashSet<>();
        for (int i = 0; i < trace.size(); i++) {
            if (kind(trace.get(i)) == Kind.HOLD && !lane(trace.get(i).thread()).equals(DEVICE_LANE)) {
                holds.add(i);
            }
        }
        return holds;
    }

    /** How many marks and bands {@code shown} draws. */
    private static int drawn(boolean[] shown) {
        int n = 0;
        for (int i = 0; i < shown.length; i++) {
            if (shown[i] || i == 0 || shown[i - 1]) {
                n++;
            }
        }
        return n;
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
     * The one event a FAIL or an ERROR points at, or -1 for a PASS, a NOT_APPLICABLE or an empty
     * trace. In this order: the last device or fabric event the reason names (by its text up to the
     * first colon, for example {@code send #2 completed}: the completion no event announced, the
     * message lost); else the first event, once the window was opened, at a driver source location
     * the reason cites outside its {@code [window: ...]} part (where the thread was held is the
     * window, not the violation); else the last event at such a location; else the last event.
     */
    static int violation(WindowResult w) {
        List<TraceEvent> trace = w.trace();
        if (trace.isEmpty() || (w.outcome() != Outcome.FAIL && w.outcome() != Outcome.ERROR)) {
            return -1;
        }
        String reason = w.reason() == null ? "" : w.reason();
        int bracket = reason.lastIndexOf(" [window: ");
        String cited = bracket < 0 ? reason : reason.substring(0, bracket);
        int device = -1;
        int opened = -1;
        int firstAfterOpened = -1;
        int lastCited = -1;
        for (int i = 0; i < trace.size(); i++) {
            TraceEvent e = trace.get(i);
            Kind kind = kind(e);
            if (kind == Kind.DEVICE && e.event() != null) {
                String name = e.event().split(":", 2)[0].strip();
                if (name.length() >= 6 && cited.contains(name)) {
                    device = i;
                }
            }
            if (kind == Kind.KIT && opened < 0 && e.event() != null && e.event().startsWith("window opened")) {
                opened = i;
            }
            if (e.at() != null && !e.at().isEmpty() && cited.contains(e.at())) {
                lastCited = i;
                if (opened >= 0 && firstAfterOpened < 0) {
                    firstAfterOpened = i;
                }
            }
        }
        return device >= 0 ? device : firstAfterOpened >= 0 ? firstAfterOpened : lastCited >= 0 ? lastCited
                : trace.size() - 1;
    }

    /**
     * The trace events to highlight in the event list: the one the verdict points at (see
     * {@link #violation}), or none.
     */
    static Set<Integer> highlighted(WindowResult w) {
        int v = violation(w);
        return v < 0 ? Set.of() : Set.of(v);
    }

    private static List<Bar> bars(WindowResult w, double[] xOf, Map<String, Integer> laneIndex, double end) {
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
            TraceEvent held = trace.get(from);
            Integer lane = laneIndex.get(lane(held.thread()));
            if (lane == null) {
                continue;
            }
            double x2 = to >= 0 ? xOf[to] : end + RIGHT / 3.0;
            bars.add(new Bar(lane, from, to, xOf[from], x2, point(w, held), held.at()));
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

    List<Stretch> stretches() {
        return stretches;
    }

    double width() {
        return width;
    }

    /** The SVG element, its marks linked to the rows of the event list. */
    String svg(String idPrefix) {
        return svg(idPrefix, true);
    }

    /**
     * The SVG element. With {@code linked}, marks link to {@code #<idPrefix>-e<index>}, the rows of
     * the event list; without, their tooltip alone says what and where. Every string from the result
     * is escaped. Labels are placed so that none overlaps another: a label is cut to the room before
     * the next one, and left out (its tooltip stays) when that room is too small.
     */
    String svg(String idPrefix, boolean linked) {
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
                    .append("\" x2=\"").append(n(width - 10)).append("\" y2=\"").append(n(lane.y())).append("\"/></g>\n");
        }

        // collapsed stretches, behind everything else
        for (Stretch st : stretches) {
            TraceEvent first = window.trace().get(st.from());
            TraceEvent last = window.trace().get(st.to());
            s.append("<g class=\"stretch\">");
            if (linked) {
                s.append("<a href=\"#").append(idPrefix).append("-e").append(st.from()).append("\">");
            }
            s.append("<title>").append(st.events()).append(st.events() == 1 ? " event" : " events").append(" collapsed (#")
                    .append(st.from() + 1).append(st.events() == 1 ? "" : "\u2013" + (st.to() + 1)).append(", ")
                    .append(st.events() == 1 ? ms(first.t()) : decimals(first.t(), 1) + "\u2013" + ms(last.t()))
                    .append(")</title>")
                    .append("<rect class=\"band\" x=\"").append(n(st.x() - BAND / 2)).append("\" y=\"").append(TOP)
                    .append("\" width=\"").append(n(BAND)).append("\" height=\"").append(n(height - 8 - TOP))
                    .append("\"/><text class=\"band-label\" x=\"").append(n(st.x())).append("\" y=\"")
                    .append(n(height - 12)).append("\">").append(count(st.events())).append("</text>");
            if (linked) {
                s.append("</a>");
            }
            s.append("</g>\n");
        }

        // time axis: a tick wherever its label has room and says something new, as precise as the trace's span asks
        s.append("<g class=\"axis\">");
        double lastTick = -1e9;
        String lastLabel = "";
        double span = marks.isEmpty() ? 0 : marks.get(marks.size() - 1).event().t() - marks.get(0).event().t();
        int digits = span < 1 ? 3 : span < 10 ? 2 : 1;
        for (Mark m : marks) {
            String label = decimals(m.event().t(), digits) + " ms";
            if (m.x() - lastTick >= label.length() * CHAR_WIDTH + 12 && !label.equals(lastLabel)) {
                lastTick = m.x();
                lastLabel = label;
                s.append("<line class=\"tick\" x1=\"").append(n(m.x())).append("\" y1=\"").append(TOP - 6)
                        .append("\" x2=\"").append(n(m.x())).append("\" y2=\"").append(TOP).append("\"/>")
                        .append("<text class=\"tick-label\" x=\"").append(n(m.x())).append("\" y=\"").append(TOP - 9)
                        .append("\">").append(label).append("</text>");
            }
        }
        s.append("</g>\n");

        // holds, each label cut to the room before the next bar of its lane
        for (int k = 0; k < bars.size(); k++) {
            Bar b = bars.get(k);
            double y = lanes.get(b.lane()).y();
            double room = width - 10;
            for (int j = k + 1; j < bars.size(); j++) {
                if (bars.get(j).lane() == b.lane()) {
                    room = bars.get(j).x1();
                    break;
                }
            }
            s.append("<g class=\"hold").append(b.to() < 0 ? " unreleased" : "").append("\">");
            if (linked) {
                s.append("<a href=\"#").append(idPrefix).append("-e").append(b.from()).append("\">");
            }
            s.append("<title>held at ").append(Html.escape(b.point()))
                    .append(b.at() == null ? "" : " in " + Html.escape(b.at()))
                    .append(b.to() < 0 ? " (never released)" : "").append("</title>")
                    .append("<rect class=\"hold-bar\" x=\"").append(n(b.x1())).append("\" y=\"").append(n(y - 7))
                    .append("\" width=\"").append(n(Math.max(2, b.x2() - b.x1()))).append("\" height=\"14\" rx=\"3\"/>");
            String label = fit("held: " + b.point(), room - b.x1() - 3 - 6, 48);
            if (label != null) {
                s.append("<text class=\"hold-label\" x=\"").append(n(b.x1() + 3)).append("\" y=\"").append(n(y - 10))
                        .append("\">").append(Html.escape(label)).append("</text>");
            }
            if (linked) {
                s.append("</a>");
            }
            s.append("</g>\n");
        }

        // the kit's steps across every lane, each label cut to the room before the next step
        List<Mark> steps = marks.stream().filter(m -> m.kind() == Kind.KIT).toList();
        double verdictX = width - RIGHT + 30;
        for (int k = 0; k < steps.size(); k++) {
            Mark m = steps.get(k);
            String step = m.event().event() == null ? "" : m.event().event().split(":", 2)[0];
            double room = (k + 1 < steps.size() ? steps.get(k + 1).x() : verdictX) - m.x() - 4 - 6;
            s.append("<line class=\"kit-line\" x1=\"").append(n(m.x())).append("\" y1=\"").append(TOP)
                    .append("\" x2=\"").append(n(m.x())).append("\" y2=\"").append(n(height - 8)).append("\"/>");
            String label = fit(step, room, 24);
            if (label != null) {
                s.append("<text class=\"kit-label\" x=\"").append(n(m.x() + 4)).append("\" y=\"").append(TOP + 11)
                        .append("\">").append(Html.escape(label)).append("</text>");
            }
            s.append('\n');
        }

        // marks
        for (Mark m : marks) {
            double y = lanes.get(m.lane()).y();
            TraceEvent e = m.event();
            s.append("<a class=\"mark k-").append(m.kind().name().toLowerCase(Locale.ROOT))
                    .append(m.highlighted() ? " violation" : "").append('"');
            if (linked) {
                s.append(" href=\"#").append(idPrefix).append("-e").append(m.index()).append("\" data-event=\"")
                        .append(m.index()).append('"');
            }
            s.append("><title>#")
                    .append(m.index() + 1).append(' ').append(ms(e.t())).append(' ').append(Html.escape(e.thread()))
                    .append(": ").append(Html.escape(e.event()));
            if (e.at() != null) {
                s.append("\nat ").append(Html.escape(e.at()));
            }
            if (m.highlighted()) {
                s.append("\n(the event the verdict points at)");
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

        // the lanes' names last, over a background of their own: the page's script keeps them in view when a
        // wide timeline scrolls
        s.append("<g class=\"lane-labels\"><rect class=\"label-bg\" x=\"0\" y=\"0\" width=\"").append(LEFT - 14)
                .append("\" height=\"").append(TOP).append("\"/>");
        for (int i = 0; i < lanes.size(); i++) {
            Lane lane = lanes.get(i);
            s.append("<rect class=\"label-bg").append(i == 0 ? " device-lane" : "").append("\" x=\"0\" y=\"")
                    .append(n(TOP + LANE_HEIGHT * i)).append("\" width=\"").append(LEFT - 14).append("\" height=\"")
                    .append(LANE_HEIGHT).append("\"/><text class=\"lane-label\" x=\"8\" y=\"").append(n(lane.y() + 4))
                    .append("\">");
            String label = shorten(lane.name(), 22);
            if (!label.equals(lane.name())) {
                s.append("<title>").append(Html.escape(lane.name())).append("</title>");
            }
            s.append(Html.escape(label)).append("</text>");
        }
        s.append("</g>\n");

        // the verdict at the end
        if (window.outcome() == Outcome.FAIL || window.outcome() == Outcome.ERROR) {
            String outcome = window.outcome().name();
            s.append("<g class=\"verdict ").append(outcome.toLowerCase(Locale.ROOT)).append("\"><title>")
                    .append(outcome).append(": ").append(Html.escape(window.reason())).append("</title>")
                    .append("<line x1=\"").append(n(verdictX)).append("\" y1=\"").append(TOP).append("\" x2=\"")
                    .append(n(verdictX)).append("\" y2=\"").append(n(height - 8)).append("\"/>")
                    .append("<text x=\"").append(n(verdictX + 4)).append("\" y=\"").append(TOP + 12).append("\">")
                    .append(outcome).append("</text></g>\n");
        }
        return s.append("</svg>").toString();
    }

    /**
     * {@code text} cut to {@code max} characters and to what fits in {@code room} pixels, or
     * {@code null} when fewer than 4 characters fit.
     */
    static String fit(String text, double room, int max) {
        int chars = (int) Math.min(max, Math.floor(room / CHAR_WIDTH));
        if (chars < 4) {
            return null;
        }
        return shorten(text, chars);
    }

    /** A count for a band 18 px wide: {@code 27}, {@code 950}, {@code 1.2k}. */
    static String count(int n) {
        return n < 1000 ? Integer.toString(n) : n < 10_000 ? decimals(n / 1000.0, 1) + "k" : n / 1000 + "k";
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
