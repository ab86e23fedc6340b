package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CatalogTest {

    /**
     * Properties of the catalog, not a copy of it: a window added in its own class needs no change here. Ids are
     * the family's prefix and a number, numbered from 1 without gaps in each family (so {@link #UNKNOWN}, numbered 0,
     * can never exist), and the entries come in id order, each window's variants together, in label order.
     */
    @Test
    void theCatalogIsDiscoveredInIdOrderWithItsVariants() {
        List<Catalog.Entry> entries = Catalog.discover().entries();
        List<String> labels = entries.stream().map(Catalog.Entry::label).toList();
        assertEquals(labels.stream().sorted().toList(), labels, "entries in label order");
        for (io.github.fabrictck.spi.Family f : io.github.fabrictck.spi.Family.values()) {
            List<String> ids = Catalog.discover().windows().values().stream().filter(w -> w.family() == f)
                    .map(io.github.fabrictck.windows.RaceWindow::id).toList();
            for (int n = 1; n <= ids.size(); n++) {
                assertTrue(ids.contains(f.windowPrefix() + "-" + n), f + " is numbered from 1 without gaps: " + ids);
            }
        }
        for (Catalog.Entry e : entries) {
            assertTrue(e.label().equals(e.window().id()) || e.label().startsWith(e.window().id() + "/"), e.label());
        }
    }

    /**
     * The catalog, read off the windows package by reflection, is what the JUnit Platform discovers there (the
     * engine the fork runs the windows with): the same methods under the same labels, with and without the
     * exploration windows.
     */
    @Test
    void theCatalogIsWhatTheJUnitPlatformDiscoversInTheWindowsPackage() {
        org.junit.platform.launcher.TestPlan plan = org.junit.platform.launcher.core.LauncherFactory.create().discover(
                org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request()
                        .selectors(org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage(Catalog.PACKAGE))
                        .build());
        List<String> platform = new java.util.ArrayList<>();
        for (org.junit.platform.launcher.TestIdentifier root : plan.getRoots()) {
            for (org.junit.platform.launcher.TestIdentifier id : plan.getDescendants(root)) {
                Catalog.entry(id).ifPresent(e -> platform.add(e.label() + " " + e.method()));
            }
        }
        List<String> reflected = Catalog.discover(true).entries().stream().map(e -> e.label() + " " + e.method()).toList();
        assertEquals(platform.stream().sorted().toList(), reflected.stream().sorted().toList());
        assertTrue(reflected.size() > Catalog.discover(false).entries().size(), "the exploration windows are among them");
    }

    /** A window id that can never exist: numbers start at 1 ({@link #theCatalogIsDiscoveredInIdOrderWithItsVariants}). */
    static final String UNKNOWN = "CQ-0";

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
                () -> WindowSelection.resolve(Catalog.discover(), Set.of(UNKNOWN, "CQ-1"), Set.of()));
        assertTrue(e.getMessage().startsWith("Unknown window id " + UNKNOWN + " in -Dfabric-tck.windows: the catalog has "
                + String.join(", ", ids(w -> true)) + " and the families "), e.getMessage());
        for (io.github.fabrictck.spi.Family f : io.github.fabrictck.spi.Family.values()) {
            assertTrue(e.getMessage().contains(f.id() + " (" + f.windowPrefix() + ")"), e.getMessage());
        }
    }

    @Test
    void windowsAreSelectedByIdOrFamilyAndExcludedTheSameWay() throws ConfigurationError {
        Catalog c = Catalog.discover();
        List<String> cq = ids(w -> w.family() == io.github.fabrictck.spi.Family.COMPLETION_QUEUE);
        assertEquals(Set.copyOf(cq), WindowSelection.resolve(c, Set.of("completion-queue"), Set.of()));
        assertEquals(cq.stream().filter(id -> !id.equals("CQ-1") && !id.equals("CQ-4")).toList(),
                List.copyOf(WindowSelection.resolve(c, Set.of("cq"), Set.of("cq-1", "CQ-4"))));
        assertEquals(ids(w -> true), List.copyOf(WindowSelection.resolve(c, Set.of(), Set.of())));
        assertEquals(ids(w -> w.family() == io.github.fabrictck.spi.Family.PEER_HANDSHAKE),
                List.copyOf(WindowSelection.resolve(c, Set.of(), Set.of("CQ", "connection-setup", "EL"))));
        ConfigurationError empty = assertThrows(ConfigurationError.class,
                () -> WindowSelection.resolve(c, Set.of("CQ-1"), Set.of("CQ")));
        assertTrue(empty.getMessage().startsWith("The window selection is empty"), empty.getMessage());
    }

    /** The catalog's window ids that {@code which} accepts, in catalog order. */
    private static List<String> ids(java.util.function.Predicate<io.github.fabrictck.windows.RaceWindow> which) {
        return Catalog.discover().windows().values().stream().filter(which).map(io.github.fabrictck.windows.RaceWindow::id)
                .toList();
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
