package io.github.fabrictck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsTest {

    private static String check(String name, String value) {
        return Settings.of("fabric-tck." + name).check(value);
    }

    @Test
    void eachBadValueOfTheIssueIsOneSentenceNamingPropertyValueAndRange() {
        assertEquals("fabric-tck.peers=0 is outside its range: a whole number of peers from 2 to 128 (default 8).",
                check("peers", "0"));
        assertEquals("fabric-tck.peers=abc is outside its range: a whole number of peers from 2 to 128 (default 8).",
                check("peers", "abc"));
        assertEquals("fabric-tck.setupBound=0 is outside its range: a whole number of virtual seconds from 1 to 600 "
                + "(default 10).", check("setupBound", "0"));
        assertEquals("fabric-tck.windowTimeout=0 is outside its range: a whole number of seconds from 1 to 3600 "
                + "(default 60).", check("windowTimeout", "0"));
        assertEquals("fabric-tck.forkTimeout=-1 is outside its range: a whole number of seconds from 1 to 86400 "
                + "(default 600).", check("forkTimeout", "-1"));
        assertEquals("fabric-tck.phaseStep=0 is outside its range: a whole number of virtual milliseconds from 1 to 2000 "
                + "(default the controlDelay).", check("phaseStep", "0"));
        assertEquals("fabric-tck.pointTimeout=NaN is outside its range: a number of seconds from 1 to 600 (default 5).",
                check("pointTimeout", "NaN"));
        assertEquals("fabric-tck.repeat=1.5 is outside its range: a whole number of runs from 1 to 1000 (default 1).",
                check("repeat", "1.5"));
        assertEquals("fabric-tck.debug=yes is outside its range: true or false (default false).", check("debug", "yes"));
        assertEquals("fabric-tck.helloRounds=1001 is outside its range: a whole number of rounds from 1 to 1000 "
                + "(default 25).", check("helloRounds", "1001"));
    }

    @Test
    void valuesInRangePass() {
        assertNull(check("peers", "2"));
        assertNull(check("peers", " 128 "));
        assertNull(check("bound", "0.5"));
        assertNull(check("pointTimeout", "2"));
        assertNull(check("controlDelay", "0"));
        assertNull(check("debug", ""));
        assertNull(check("debug", "true"));
    }

    @Test
    void theArgLineMayOnlySetWhatTheForkReadsAndInRange() {
        Map<String, String> argLine = new LinkedHashMap<>();
        argLine.put("fabric-tck.phaseStep", "300");
        argLine.put("fabric-tck.peers", "abc");
        argLine.put("fabric-tck.windows", "CQ-4");
        argLine.put("fabric-tck.instrument.locations", "/tmp");
        argLine.put("fabric-tck.pears", "8");
        argLine.put("fabric-tck.windowTimeout", "5");
        assertEquals(List.of(
                "fabric-tck.peers=abc is outside its range: a whole number of peers from 2 to 128 (default 8).",
                "fabric-tck.windows is a parameter of the plugin, not read from fabric-tck.argLine: set it as <windows> "
                        + "in the POM or -Dfabric-tck.windows on Maven's command line.",
                "fabric-tck.instrument.locations is set by the plugin from <classesDirectory> and <instrumentPackages>: "
                        + "remove it from fabric-tck.argLine.",
                "fabric-tck.pears in fabric-tck.argLine is not a Fabric TCK setting; the fork reads fabric-tck.peers, "
                        + "fabric-tck.helloRounds, fabric-tck.controlDelay, fabric-tck.phaseStep, fabric-tck.setupBound, "
                        + "fabric-tck.bound, fabric-tck.pointTimeout, fabric-tck.debug.",
                "fabric-tck.windowTimeout is a parameter of the plugin, not read from fabric-tck.argLine: set it as "
                        + "<windowTimeout> in the POM or -Dfabric-tck.windowTimeout on Maven's command line."),
                Settings.argLineProblems(argLine), "phaseStep=300 is in range: it runs, but does not certify");
    }

    @Test
    void explorationSettingsAreCheckedRecordedOnlyWhenGivenAndNeverCertify() {
        Map<String, String> given = new LinkedHashMap<>();
        given.put("fabric-tck.explore", "fray");
        given.put("fabric-tck.schedules", "0");
        given.put("fabric-tck.replay", " ");
        given.put("fabric-tck.peers", "16");
        assertEquals(List.of("fabric-tck.explore=fray is not a scheduler: give random, pct or pos.",
                "fabric-tck.schedules=0 is outside its range: a whole number of schedules from 1 to 1000000 (default 1000).",
                "fabric-tck.replay is empty: give the path of a schedule file."), Settings.explorationProblems(given));
        assertEquals(List.of(), Settings.argLineProblems(Map.of("fabric-tck.explore", "pct", "fabric-tck.seed", "7")),
                "the argLine may carry them too");
        assertEquals(List.of("fabric-tck.explore", "fabric-tck.replay"), Settings.forkReadProperties().subList(0, 2),
                "the plugin passes them on itself");
        assertTrue(Settings.forkReadProperties().contains("fabric-tck.peers"), "and the fork's own settings");
        assertNull(Settings.effective(Map.of()).get("fabric-tck.schedules"), "a catalog run records none");
        assertEquals(List.of("fabric-tck.explore=pct makes this an exploration run, which certifies nothing (certify "
                + "with a run of the catalog without it)"), Settings.weakenings(Settings.effective(Map.of(
                "fabric-tck.explore", "pct", "fabric-tck.schedules", "50"))));
        assertEquals(List.of("fabric-tck.exploreTeardownRule=false does not certify (only true certifies: false is the "
                + "simulated device before the teardown rule, for measurement)"), Settings.weakenings(Settings.effective(
                Map.of("fabric-tck.exploreTeardownRule", "false"))));
    }

    @Test
    void effectiveSettingsFillDefaultsAndDropTheMachinesPath() {
        Map<String, String> e = Settings.effective(Map.of("fabric-tck.controlDelay", "20",
                "fabric-tck.instrument.locations", "/home/me/target/classes", "fabric-tck.instrument.packages", "com.acme"));
        assertEquals("20", e.get("fabric-tck.phaseStep"), "phaseStep defaults to the delay");
        assertEquals("8", e.get("fabric-tck.peers"));
        assertEquals("com.acme", e.get("fabric-tck.instrument.packages"));
        assertNull(e.get("fabric-tck.instrument.locations"));
        assertEquals("10", Settings.effective(Map.of("fabric-tck.controlDelay", "0")).get("fabric-tck.phaseStep"));
    }

    @Test
    void onlySettingsThatMakeTheSearchHarderCertify() {
        assertEquals(List.of(), Settings.weakenings(Settings.effective(Map.of("fabric-tck.phaseStep", "2",
                "fabric-tck.peers", "64", "fabric-tck.repeat", "20", "fabric-tck.helloRounds", "20",
                "fabric-tck.setupBound", "3", "fabric-tck.pointTimeout", "30", "fabric-tck.windowTimeout", "5",
                "fabric-tck.debug", "true"))));
        assertEquals(List.of(
                "fabric-tck.bound=2 does not certify (only the default, 1, certifies: another bound changes what counts as idle)",
                "fabric-tck.controlDelay=20 does not certify (only the default, 10, certifies: another delay is another scenario)",
                "fabric-tck.phaseStep=20 does not certify (only 1, 2, 5 or 10 certify: a step that divides the default 10 "
                        + "tries every phase the default tries)",
                "fabric-tck.pointTimeout=2 does not certify (5 or more certify: a shorter wait can leave a window unopened)",
                "fabric-tck.setupBound=11 does not certify (10 or fewer certify: a larger bound lets a slower setup pass)",
                "fabric-tck.surprise=1 is not a Fabric TCK setting"),
                Settings.weakenings(Settings.effective(Map.of("fabric-tck.bound", "2", "fabric-tck.controlDelay", "20",
                        "fabric-tck.pointTimeout", "2", "fabric-tck.setupBound", "11", "fabric-tck.surprise", "1"))));
        assertEquals(List.of("fabric-tck.phaseStep=3 does not certify (only 1, 2, 5 or 10 certify: a step that divides "
                        + "the default 10 tries every phase the default tries)"),
                Settings.weakenings(Settings.effective(Map.of("fabric-tck.phaseStep", "3"))), "3 is finer but misses phase 10");
    }
}
