package io.github.fabrictck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TimelineTest {

    private static final String HANDLE = "com.acme.Handler.handle(Handler.java:30)";
    private static final String WAIT = "com.acme.Endpoint.sleep(Endpoint.java:117)";

    private static WindowResult window(Outcome outcome, String reason, List<TraceEvent> trace) {
        return new WindowResult("CQ-1", "a", "lost", "completion-queue", outcome, 5, reason, List.of(),
                new Evidence(true, List.of(new Evidence.Hold("irq", "call CompletionQueue.requestNotify", HANDLE)), 3, 1),
                "mvn x", trace);
    }

    private static final List<TraceEvent> TRACE = List.of(
            new TraceEvent(0.1, "app", "app calls send x2", null),                                          // 0
            new TraceEvent(0.2, "device", "send #1 completed: queued in the send CQ, armed: event raised", null), // 1
            new TraceEvent(0.3, "irq", "call CompletionQueue.requestNotify(false)", HANDLE),               // 2
            new TraceEvent(0.4, "irq", "held at call CompletionQueue.requestNotify (the handler)", HANDLE), // 3
            new TraceEvent(0.5, "app", "sync Object.wait", WAIT),                                          // 4
            new TraceEvent(0.6, "device", "send #2 completed: queued in the send CQ, NOT armed: no event", null), // 5
            new TraceEvent(0.7, "kit", "window opened: the last send completed unannounced", null),        // 6
            new TraceEvent(0.8, "irq", "released (the handler)", HANDLE),                                  // 7
            new TraceEvent(0.9, "irq", "return CompletionQueue.requestNotify -> 0", HANDLE),               // 8
            new TraceEvent(1.0, "app", "sync Object.wait", WAIT),                                          // 9
            new TraceEvent(50.0, "device", "queue pair destroyed", null),                                  // 10
            new TraceEvent(50.5, "app", "enter com.acme.Endpoint.close", "com.acme.Endpoint.close(Endpoint.java:9)")); // 11

    @Test
    void oneLanePerThreadWithTheDeviceAndTheKitOnTop() {
        Timeline t = Timeline.of(window(Outcome.PASS, null, TRACE));
        assertEquals(List.of("device / kit", "app", "irq"), t.lanes().stream().map(Timeline.Lane::name).toList());
        assertEquals(TRACE.size(), t.marks().size());
        assertEquals(List.of(1, 0, 2, 2, 1, 0, 0, 2, 2, 1, 0, 1), t.marks().stream().map(Timeline.Mark::lane).toList());
        assertEquals(List.of(Timeline.Kind.OTHER, Timeline.Kind.DEVICE, Timeline.Kind.CALL, Timeline.Kind.HOLD,
                Timeline.Kind.SYNC, Timeline.Kind.DEVICE, Timeline.Kind.KIT, Timeline.Kind.HOLD, Timeline.Kind.CALL,
                Timeline.Kind.SYNC, Timeline.Kind.DEVICE, Timeline.Kind.SPI),
                t.marks().stream().map(Timeline.Mark::kind).toList());
    }

    @Test
    void theFabricOfTheHandshakeFamilySharesTheTopLaneWithTheKit() {
        List<TraceEvent> trace = List.of(new TraceEvent(0.1, "fabric", "transmit hello from a to b: PARKED", null),
                new TraceEvent(0.2, "peer-a", "call Fabric.send", "com.acme.Peer.hello(Peer.java:3)"),
                new TraceEvent(0.3, "kit", "window opened: hellos crossed", null));
        Timeline t = Timeline.of(window(Outcome.PASS, null, trace));
        assertEquals(List.of("fabric / kit", "peer-a"), t.lanes().stream().map(Timeline.Lane::name).toList());
        assertEquals(Timeline.Kind.DEVICE, t.marks().get(0).kind());
        assertTrue(t.svg("w1").contains("<g class=\"lane device-lane\" data-lane=\"fabric / kit\">"));
    }

    @Test
    void aHoldIsABarFromHeldToReleasedNamedByTheEvidencesPoint() {
        Timeline t = Timeline.of(window(Outcome.PASS, null, TRACE));
        assertEquals(1, t.bars().size());
        Timeline.Bar bar = t.bars().get(0);
        assertEquals(new Timeline.Bar(2, 3, 7, t.marks().get(3).x(), t.marks().get(7).x(),
                "call CompletionQueue.requestNotify", HANDLE), bar);
        String svg = t.svg("w0");
        assertTrue(svg.contains("<a href=\"#w0-e3\"><title>held at call CompletionQueue.requestNotify in " + HANDLE
                + "</title><rect class=\"hold-bar\""), svg);
    }

    @Test
    void aHoldNeverReleasedRunsToTheEnd() {
        List<TraceEvent> trace = new ArrayList<>(TRACE.subList(0, 7));
        Timeline t = Timeline.of(window(Outcome.PASS, null, trace));
        Timeline.Bar bar = t.bars().get(0);
        assertEquals(-1, bar.to());
        assertTrue(bar.x2() > t.marks().get(t.marks().size() - 1).x());
        assertTrue(t.svg("w0").contains("<g class=\"hold unreleased\">"));
    }

    @Test
    void aFailRingsTheOneEventItsVerdictPointsAtAndEndsWithTheVerdict() {
        String reason = "every driver thread is idle (app waits in Object.wait at " + WAIT + ") while 1 completion(s) "
                + "wait in the send CQ (first: send #2 completed) [window: irq held at call X in " + HANDLE + "]";
        Timeline t = Timeline.of(window(Outcome.FAIL, reason, TRACE));
        // the completion no event announced, not the other events at the locations the reason cites (4, 9: WAIT; 2, 3, 7, 8: HANDLE)
        assertEquals(5, Timeline.violation(window(Outcome.FAIL, reason, TRACE)));
        assertEquals(Set.of(5), Timeline.highlighted(window(Outcome.FAIL, reason, TRACE)));
        assertEquals(List.of(5), t.marks().stream().filter(Timeline.Mark::highlighted).map(Timeline.Mark::index).toList());
        String svg = t.svg("w0");
        assertEquals(1, svg.split("class=\"ring\"", -1).length - 1, "one ring");
        assertTrue(svg.contains("<g class=\"verdict fail\"><title>FAIL: every driver thread is idle"), svg);
        assertTrue(svg.contains("<a class=\"mark k-device violation\" href=\"#w0-e5\" data-event=\"5\"><title>#6 0.6 ms "
                + "device: send #2 completed: queued in the send CQ, NOT armed: no event\n(the event the verdict points at)"
                + "</title><circle class=\"ring\""), svg);
        assertTrue(svg.contains("<title>#5 0.5 ms app: sync Object.wait\nat " + WAIT + "</title>"), svg);
        assertTrue(Timeline.highlighted(window(Outcome.PASS, null, TRACE)).isEmpty());
        assertFalse(Timeline.of(window(Outcome.PASS, null, TRACE)).svg("w0").contains("class=\"verdict"));
    }

    @Test
    void withoutADeviceEventNamedTheVerdictPointsAtTheFirstCitedEventOnceTheWindowOpened() {
        // WAIT is cited: events 4 (before the window opened at 6) and 9 (after); HANDLE only as the window
        String reason = "the waiter sleeps at " + WAIT + " [window: irq held at call X in " + HANDLE + "]";
        assertEquals(9, Timeline.violation(window(Outcome.FAIL, reason, TRACE)));
        assertEquals(11, Timeline.violation(window(Outcome.ERROR, "timed out after 60 s", TRACE)), "else the last event");
        assertEquals(-1, Timeline.violation(window(Outcome.NOT_APPLICABLE, "no CQ", TRACE)));
    }

    @Test
    void theGapGrowsWithTheTimeBetweenEventsButStaysBounded() {
        assertEquals(8, Timeline.gap(0));
        assertEquals(8, Timeline.gap(-1));
        assertTrue(Timeline.gap(0.1) < Timeline.gap(1) && Timeline.gap(1) < Timeline.gap(10));
        assertEquals(56, Timeline.gap(1e9));
        Timeline t = Timeline.of(window(Outcome.PASS, null, TRACE));
        for (int i = 1; i < t.marks().size(); i++) {
            assertTrue(t.marks().get(i).x() > t.marks().get(i - 1).x());
        }
        // the 49 ms wait before the teardown is the widest gap
        assertTrue(t.marks().get(10).x() - t.marks().get(9).x() > 3 * (t.marks().get(9).x() - t.marks().get(8).x()));
    }

    @Test
    void thousandsOfEventsCollapseTheirQuietStretchesAndKeepWhatMatters() throws IOException {
        List<TraceEvent> trace = new ArrayList<>();
        for (int i = 0; i < 2233; i++) {
            String thread = i % 3 == 0 ? "app" : "irq";
            trace.add(i % 97 == 0 ? new TraceEvent(i, "kit", "step " + i, null)
                    : i == 2200 ? new TraceEvent(i, "device", "send #9 completed: NOT armed", null)
                    : i == 1000 ? new TraceEvent(i, "irq", "held at call CompletionQueue.requestNotify", HANDLE)
                    : i == 1500 ? new TraceEvent(i, "irq", "released", HANDLE)
                    : new TraceEvent(i, thread, "sync AtomicLong.get", WAIT));
        }
        WindowResult w = window(Outcome.FAIL, "1 completion waits (first: send #9 completed)", trace);
        Timeline t = Timeline.of(w);
        assertTrue(t.marks().size() + t.stretches().size() <= Timeline.LIMIT, t.marks().size() + " marks");
        int drawn = t.marks().size() + t.stretches().stream().mapToInt(Timeline.Stretch::events).sum();
        assertEquals(trace.size(), drawn, "every event is a mark or in a collapsed stretch, none is cut");
        List<Integer> marked = t.marks().stream().map(Timeline.Mark::index).toList();
        for (int i = 0; i < trace.size(); i += 97) {
            assertTrue(marked.contains(i), "kit step " + i);
        }
        assertTrue(marked.containsAll(List.of(1000, 1500, 2198, 2199, 2200, 2201, 2202, 2228, 2232)), "holds, the verdict's "
                + "event with its neighbours and the last events: " + marked);
        assertEquals(List.of(2200), t.marks().stream().filter(Timeline.Mark::highlighted).map(Timeline.Mark::index).toList());
        assertEquals(1, t.bars().size(), "the hold is drawn");
        String svg = t.svg("w0");
        assertTrue(java.util.regex.Pattern.compile("<title>\\d+ events collapsed \\(#\\d+\u2013\\d+, [0-9.]+\u2013[0-9.]+ ms\\)"
                + "</title>").matcher(svg).find(), svg.substring(0, 3000));
        for (int k = 1; k < t.marks().size(); k++) {
            assertTrue(t.marks().get(k).x() > t.marks().get(k - 1).x());
        }

        // a PASS draws far fewer: nobody reads it event by event
        WindowResult pass = new WindowResult("CQ-1", "a", "lost", "completion-queue", Outcome.PASS, 5, null, List.of(),
                w.evidence(), "mvn x", trace);
        Timeline quiet = Timeline.of(pass);
        assertTrue(quiet.marks().size() + quiet.stretches().size() <= Timeline.QUIET_LIMIT);

        WindowResult cq1a = ReportFixtures.brokenCq1().windows().get(0);
        Timeline real = Timeline.of(cq1a);
        assertTrue(real.width() < 1200, "a real window fits the page: " + real.width());
    }

    @Test
    void labelsNeverOverlap() {
        List<TraceEvent> trace = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            trace.add(new TraceEvent(i * 1000, "kit", "t=0.0" + i + " s control stream client to server: 8 bytes arrive", null));
            trace.add(new TraceEvent(i * 1000 + (i % 3) * 200 + 1, "irq", (i % 2 == 0 ? "held at call Queue.poll (a long point "
                    + "name)" : "released"), HANDLE));
        }
        String svg = Timeline.of(window(Outcome.FAIL, "x", trace)).svg("w0");
        for (String kind : List.of("kit-label", "hold-label", "tick-label")) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("<text class=\"" + kind + "\" x=\"([0-9.]+)\" y=\"([0-9.]+)\">"
                    + "([^<]*)</text>").matcher(svg);
            List<double[]> boxes = new ArrayList<>();
            while (m.find()) {
                double x = Double.parseDouble(m.group(1));
                double w = m.group(3).length() * Timeline.CHAR_WIDTH * (kind.equals("tick-label") ? 0.9 : 1);
                double left = kind.equals("tick-label") ? x - w / 2 : x;
                boxes.add(new double[] {left, left + w, Double.parseDouble(m.group(2))});
            }
            assertTrue(boxes.size() > 3, kind + " drawn: " + boxes.size());
            for (int i = 0; i < boxes.size(); i++) {
                for (int j = i + 1; j < boxes.size(); j++) {
                    boolean sameRow = boxes.get(i)[2] == boxes.get(j)[2];
                    assertFalse(sameRow && boxes.get(i)[0] < boxes.get(j)[1] && boxes.get(j)[0] < boxes.get(i)[1],
                            kind + " " + i + " and " + j + " overlap");
                }
            }
        }
    }
}
