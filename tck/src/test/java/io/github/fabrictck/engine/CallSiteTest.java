package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.fabrictck.fixtures.CallSiteLines;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A point's site is found without walking the stack: a rewritten call site names itself ({@link Points#at}), and an
 * SPI method's entry and exit are walked once per method. The sites are those a walk would find, in a method, in a
 * lambda, for a call the kit makes in the JDK's stead ({@code TimeUnit.sleep}), at a volatile write, at a monitor's
 * entry and at an SPI method's entry and exit.
 */
class CallSiteTest {

    @BeforeAll
    static void attachAgent() {
        FixtureAgent.attach();
    }

    @Test
    void aPointsSiteIsTheOneTheStackNamesWithoutAWalkEachTime() throws Exception {
        WindowRun run = WindowRun.start(Duration.ofSeconds(1));
        try {
            for (int round = 1; round <= 2; round++) {
                CallSiteLines.SEEN.clear();
                run.startRecording();
                // a method reference: a lambda naming the fixture would load it before the agent is installed
                Thread driver = new Thread(CallSiteLines::run, "driver-" + round);
                run.track(driver);
                long walks = Site.WALKS.sum();
                driver.start();
                driver.join(10_000);
                assertFalse(driver.isAlive());
                List<Hit> hits = run.stopRecording();
                List<String> sites = hits.stream().map(h -> h.point().at()).distinct().toList();
                assertEquals(CallSiteLines.SEEN, sites, "round " + round);
                assertEquals(List.of("write CallSiteLines.announced", "sync synchronized",
                        "write CallSiteLines.announced", "sync ConcurrentLinkedQueue.isEmpty",
                        "sync ConcurrentHashMap.put", "write VarHandle.compareAndSet"), hits.stream().limit(6)
                        .map(h -> h.point().describe()).toList(), "a volatile write, a monitor's entry, a "
                        + "ConcurrentLinkedQueue held as a Queue, a ConcurrentHashMap's put held as a Map and a "
                        + "VarHandle's compareAndSet are points of the scripted windows; a HashMap's get and put are not");
                assertEquals("no point", CallSiteLines.PLAIN.get("a HashMap's call of two arguments"));
                assertEquals("a point of two arguments", CallSiteLines.SHARED.get("a ConcurrentHashMap held as a Map"),
                        "a hooked call of two arguments makes its call with its arguments");
                if (round == 2) {
                    assertEquals(walks, Site.WALKS.sum(), "no stack walked once each SPI method's sites are known");
                }
            }
        } finally {
            run.finish();
        }
    }
}
