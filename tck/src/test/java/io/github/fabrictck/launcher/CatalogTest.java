package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CatalogTest {

    @Test
    void theCatalogIsDiscoveredInIdOrderWithItsVariants() {
        List<String> labels = Catalog.discover().entries().stream().map(Catalog.Entry::label).toList();
        assertEquals(List.of("CQ-1/a", "CQ-1/b", "CQ-1/lost-signal", "CQ-1/waiter-first", "CQ-2", "CQ-3", "CQ-4/spurious", "CQ-4/taken", "CQ-4/teardown", "CQ-5", "CQ-6", "CQ-7", "CQ-8", "CS-1/loopback",
                "CS-1/memory", "CS-2/loopback", "CS-2/memory", "CS-3/cm", "CS-3/loopback", "CS-3/memory", "HS-1/all-to-all",
                "HS-1/pair-high", "HS-1/pair-low", "HS-2/high", "HS-2/low", "HS-3", "HS-4"), labels);
    }

    @Test
    void theExplorationWindowsAreInTheCatalogOnlyOfARunThatExplores() {
        List<String> plain = Catalog.discover(false).entries().stream().map(Catalog.Entry::label).toList();
        List<String> exploring = Catalog.discover(true).entries().stream().map(Catalog.Entry::label).toList();
        assertTrue(plain.stream().noneMatch(l -> l.contains("-X")), plain.toString());
        assertTrue(exploring.contains("CQ-X/explore") && exploring.containsAll(plain), exploring.toString());
        // what a merge reads from a shard's recorded settings
        assertTrue(Catalog.explores(java.util.Map.of("fabric-tck.explore", "pct")));
        assertTrue(Catalog.explores(java.util.Map.of("fabric-tck.replay", "schedule-CQ-X-explore.txt")));
        assertTrue(!Catalog.explores(java.util.Map.of("fabric-tck.explore", " ", "fabric-tck.repeat", "4")));
    }

    @Test
    void anUnknownWindowIdIsOneSentenceThatListsTheCatalog() {
        ConfigurationError e = assertThrows(ConfigurationError.class,
                () -> WindowSelection.resolve(Catalog.discover(), Set.of("CQ-9", "CQ-1"), Set.of()));
        assertEquals("Unknown window id CQ-9 in -Dfabric-tck.windows: the catalog has CQ-1, CQ-2, CQ-3, CQ-4, CQ-5, CQ-6, CQ-7, CQ-8, CS-1, "
                + "CS-2, CS-3, HS-1, HS-2, HS-3, HS-4 and the families completion-queue (CQ), connection-setup (CS), peer-handshake (HS).", e.getMessage());
    }

    @Test
    void windowsAreSelectedByIdOrFamilyAndExcludedTheSameWay() throws ConfigurationError {
        Catalog c = Catalog.discover();
        assertEquals(Set.of("CQ-1", "CQ-2", "CQ-3", "CQ-4", "CQ-5", "CQ-6", "CQ-7", "CQ-8"), WindowSelection.resolve(c, Set.of("completion-queue"), Set.of()));
        assertEquals(List.of("CQ-2", "CQ-3", "CQ-5", "CQ-6", "CQ-7", "CQ-8"), List.copyOf(WindowSelection.resolve(c, Set.of("cq"), Set.of("cq-1", "CQ-4"))));
        assertEquals(List.of("CQ-1", "CQ-2", "CQ-3", "CQ-4", "CQ-5", "CQ-6", "CQ-7", "CQ-8", "CS-1", "CS-2", "CS-3", "HS-1", "HS-2", "HS-3", "HS-4"),
                List.copyOf(WindowSelection.resolve(c, Set.of(), Set.of())));
        assertEquals(List.of("HS-1", "HS-2", "HS-3", "HS-4"), List.copyOf(WindowSelection.resolve(c, Set.of(), Set.of("CQ", "connection-setup"))));
        ConfigurationError empty = assertThrows(ConfigurationError.class,
                () -> WindowSelection.resolve(c, Set.of("CQ-1"), Set.of("CQ")));
        assertTrue(empty.getMessage().startsWith("The window selection is empty"), empty.getMessage());
    }

    @Test
    void aVariantIsSelectedAndExcludedByTheLabelTheReportsGiveIt() throws ConfigurationError {
        Catalog c = Catalog.discover();
        assertEquals(List.of("CQ-1/a"), List.copyOf(WindowSelection.variants(c, Set.of("cq-1/A"), Set.of())));
        assertEquals(List.of("CQ-1"), List.copyOf(WindowSelection.resolve(c, Set.of("CQ-1/a"), Set.of())));
        assertEquals(List.of("CQ-1/b", "CQ-1/lost-signal", "CQ-1/waiter-first", "CQ-2"),
                List.copyOf(WindowSelection.variants(c, Set.of("CQ-1", "CQ-2"), Set.of("CQ-1/a"))));
        assertEquals(List.of("CQ-2", "HS-3"), List.copyOf(WindowSelection.variants(c, Set.of("HS-3", "CQ-2"), Set.of())));
        ConfigurationError unknown = assertThrows(ConfigurationError.class,
                () -> WindowSelection.variants(c, Set.of(), Set.of("CQ-1/z")));
        assertEquals("Unknown window id CQ-1/z in -Dfabric-tck.excludeWindows: CQ-1 has the variants CQ-1/a, CQ-1/b, "
                + "CQ-1/lost-signal, CQ-1/waiter-first.", unknown.getMessage());
        ConfigurationError none = assertThrows(ConfigurationError.class,
                () -> WindowSelection.variants(c, Set.of("CQ-2/a"), Set.of()));
        assertEquals("Unknown window id CQ-2/a in -Dfabric-tck.windows: CQ-2 has no variants.", none.getMessage());
    }

    @Test
    void everyWindowCarriesTheMetadataReportsAndTheSiteAreGeneratedFrom() {
        for (var w : Catalog.discover().windows().values()) {
            assertTrue(w.source().startsWith("https://"), w.id());
            assertTrue(!w.bug().isBlank() && !w.onFailure().isBlank(), w.id());
            assertTrue(w.interleaving().length >= 3, w.id() + " interleaving");
            assertTrue(w.invariants().length >= 1, w.id() + " invariants");
        }
    }
}
