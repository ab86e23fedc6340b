package io.github.fabrictck.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CatalogTest {

    @Test
    void theCatalogIsDiscoveredInIdOrderWithItsVariants() {
        List<String> labels = Catalog.discover().entries().stream().map(Catalog.Entry::label).toList();
        assertEquals(List.of("CQ-1/a", "CQ-1/b", "CQ-2", "CQ-3", "CQ-4/spurious", "CQ-4/teardown"), labels);
    }

    @Test
    void anUnknownWindowIdIsOneSentenceThatListsTheCatalog() {
        ConfigurationError e = assertThrows(ConfigurationError.class,
                () -> Launcher.selectWindows(Catalog.discover(), Set.of("CQ-9", "CQ-1")));
        assertEquals("Unknown window id CQ-9 in -Dfabric-tck.windows: the catalog has CQ-1, CQ-2, CQ-3, CQ-4.",
                e.getMessage());
    }
}
