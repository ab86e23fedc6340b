package io.github.fabrictck.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.engine.Hit;
import io.github.fabrictck.engine.Point;
import io.github.fabrictck.engine.PointMatcher;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CqSearchTest {

    private static Hit hit(String thread, String target, int occurrence) {
        return new Hit(thread, new Point(Point.Kind.ENVIRONMENT_CALL, target, "X.y(X.java:1)"), false, occurrence);
    }

    @Test
    void placementsAreTakenInTurnFromEachThreadSoABusyThreadCannotCrowdOutTheOthers() {
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            hits.add(hit("app", "CompletionQueue.poll", i));
        }
        hits.add(hit("device-interrupt", "CompletionQueue.requestNotify", 0));
        hits.add(hit("driver-1", "CompletionQueue.poll", 0));
        List<Hit> placements = CqSearch.placements(hits, t -> true);
        assertEquals(CqSearch.MAX_PLACEMENTS, placements.size());
        assertEquals(List.of("app", "device-interrupt", "driver-1", "app", "app"),
                placements.subList(0, 5).stream().map(Hit::thread).toList());
    }

    @Test
    void aThreadsPlacesAreTriedOnceEachBeforeAnyIsTriedAgainSoASpinCannotHideTheArmAfterIt() {
        // a poller's 64 empty polls, then its arm (heron-cq-adaptive-broken: the arm was never tried)
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            hits.add(hit("poller", "CompletionQueue.poll", i));
        }
        hits.add(hit("poller", "CompletionQueue.requestNotify", 0));
        List<Hit> placements = CqSearch.placements(hits, t -> true);
        assertEquals(List.of("CompletionQueue.poll", "CompletionQueue.requestNotify", "CompletionQueue.poll"),
                placements.subList(0, 3).stream().map(h -> h.point().target()).toList());
        assertEquals(List.of(0, 0, 1), placements.subList(0, 3).stream().map(Hit::occurrence).toList());
        assertEquals(CqSearch.MAX_PLACEMENTS, placements.size());
    }

    @Test
    void theWindowsPageStatesTheCapTheSearchUses() throws java.io.IOException {
        String page = java.nio.file.Files.readString(java.nio.file.Path.of("../site/src/site/markdown/windows.md"))
                .replaceAll("\\s+", " ");
        assertTrue(page.contains("Placements are capped at " + CqSearch.MAX_PLACEMENTS + " per scenario"),
                "windows.md must say the cap CqSearch.MAX_PLACEMENTS is");
        assertTrue(page.contains("the first run waits, once, for the one-shot timers of the driver's scheduled pools due "
                + "within " + CqSearch.TIMER_WAIT.toSeconds() + " s"), "windows.md must say CqSearch.TIMER_WAIT");
        // the EL windows wait by the same constant (ElWindow.Trial.awaitTimers)
        assertTrue(page.contains("each EL window waits, once, for the one-shot timers of the driver's scheduled pools "
                + "due within " + CqSearch.TIMER_WAIT.toSeconds() + " s"), "windows.md must say the EL windows' wait");
        String guide = java.nio.file.Files.readString(java.nio.file.Path.of("../site/src/site/markdown/guide.md"))
                .replaceAll("\\s+", " ");
        assertTrue(guide.contains("one-shot timer due within " + CqSearch.TIMER_WAIT.toSeconds() + " s"),
                "guide.md must say CqSearch.TIMER_WAIT");
    }

    @Test
    void placementsKeepOnlyTheThreadsAskedFor() {
        List<Hit> hits = List.of(hit("app", "CompletionQueue.poll", 0), hit("device-interrupt", "CompletionQueue.poll", 0));
        assertEquals(List.of("device-interrupt"),
                CqSearch.placements(hits, t -> !t.equals("app")).stream().map(Hit::thread).toList());
    }

    @Test
    void aPlacementMatchesTheSamePointOnAThreadOfTheSameNameAtTheSameOccurrence() {
        Hit second = hit("app", "CompletionQueue.poll", 1);
        PointMatcher m = second.again();
        Thread app = new Thread(() -> { }, "app");
        Thread other = new Thread(() -> { }, "device-interrupt");
        Point poll = second.point();
        Object[] none = new Object[0];
        assertFalse(m.matches(other, poll, false, none, null));
        assertFalse(m.matches(app, poll, false, none, null), "the first time is not the second");
        assertFalse(m.matches(app, poll, true, none, null), "after the call is another point");
        assertTrue(m.matches(app, poll, false, none, null), "the second time");
        assertTrue(second.describe().contains("(2nd time)"), second.describe());
    }

    @Test
    void devicePointsComeBeforeAnAtomicCounterEvenWhenTheCountersAreMany() {
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            hits.add(new Hit("device-interrupt", new Point(Point.Kind.SYNC_CALL, "AtomicLongArray.incrementAndGet",
                    "X.y(X.java:1)"), false, i));
        }
        hits.add(hit("device-interrupt", "CompletionQueue.requestNotify", 0));
        List<Hit> placements = CqSearch.placements(hits, t -> true);
        assertEquals("CompletionQueue.requestNotify", placements.get(0).point().target());
        assertEquals(CqSearch.MAX_PLACEMENTS, placements.size());
    }

    @Test
    void theSamePlacementsAreTriedDeviceCallsFirstAndThoseThatFailedBeforeFirstOfAll() {
        Hit enter = new Hit("device-interrupt", new Point(Point.Kind.SPI_ENTRY, "X.handle", "X.handle(X.java:1)"), false, 0);
        Hit lock = new Hit("device-interrupt", new Point(Point.Kind.SYNC_CALL, "ReentrantLock.lock", "X.y(X.java:2)"), false, 0);
        Hit counter = new Hit("device-interrupt", new Point(Point.Kind.SYNC_CALL, "AtomicLong.incrementAndGet",
                "X.y(X.java:3)"), false, 0);
        Hit poll = hit("device-interrupt", "CompletionQueue.poll", 0);
        Hit arm = hit("device-interrupt", "CompletionQueue.requestNotify", 0);
        List<Hit> placements = List.of(enter, counter, lock, poll, arm);

        assertEquals(List.of(poll, arm, lock, enter, counter), CqSearch.firstTried(placements, java.util.Set.of()));
        assertEquals(List.of(enter, poll, arm, lock, counter),
                CqSearch.firstTried(placements, java.util.Set.of(enter.describe())),
                "a placement that made a FAIL in an earlier run of the fork comes first; nothing is dropped");
    }
}
