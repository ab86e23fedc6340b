package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** #29: a misspelled setting fails the build before the fork, with the nearest name. */
class UnknownSettingsTest {

    private static final Set<String> DESCRIPTOR = Set.of("fabric-tck.windows", "fabric-tck.excludeWindows",
            "fabric-tck.driver", "fabric-tck.argLine", "fabric-tck.skip");

    @Test
    void aMisspelledPropertyNamesTheNearestSetting() {
        Set<String> known = UnknownSettings.knownProperties(DESCRIPTOR);
        assertTrue(known.contains("fabric-tck.peers") && known.contains("fabric-tck.explore"), "the fork's settings too");
        List<String> problems = UnknownSettings.problems(List.of("fabric-tck.windowz", "fabric-tck.peers",
                "fabric-tck.pointtimeout", "fabric-tck.zzzzzzzzzzzz", "maven.test.skip"), List.of(), known, Set.of());
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("fabric-tck.pointtimeout is not a Fabric TCK setting: did you mean "
                + "fabric-tck.pointTimeout?"), problems.get(0));
        assertTrue(problems.get(1).startsWith("fabric-tck.windowz is not a Fabric TCK setting: did you mean "
                + "fabric-tck.windows?"), problems.get(1));
        assertTrue(problems.get(2).startsWith("fabric-tck.zzzzzzzzzzzz is not a Fabric TCK setting ("), problems.get(2));
    }

    @Test
    void aConfigurationElementThatIsNoParameterIsNamed() {
        List<String> elements = FabricTckMojo.topElements("<configuration><windowz>CQ-1</windowz><driver>sample</driver>"
                + "<!-- a comment --><argLine><x/></argLine></configuration>");
        assertEquals(List.of("windowz", "driver", "argLine"), elements);
        assertEquals(List.of("<windowz> in the fabric-tck-maven-plugin's configuration is not one of its parameters: "
                + "did you mean <windows>?"), UnknownSettings.problems(List.of(), elements, Set.of(),
                Set.of("windows", "driver", "argLine")));
    }

    @Test
    void distanceCountsEdits() {
        assertEquals(0, UnknownSettings.distance("peers", "peers"));
        assertEquals(1, UnknownSettings.distance("windowz", "windows"));
        assertEquals(3, UnknownSettings.distance("kitten", "sitting"));
    }
}
