package io.github.fabrictck.launcher;

import io.github.fabrictck.spi.Family;
import io.github.fabrictck.windows.RaceWindow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which windows to run: ids ({@code CQ-1}) or families ({@code completion-queue}, or its prefix
 * {@code CQ}) to include, and the same to exclude. Unknown names are one sentence that lists what
 * the catalog has. The plugin checks a selection with this before it forks.
 */
public final class WindowSelection {

    private WindowSelection() {
    }

    /**
     * The window ids selected, in catalog order.
     *
     * @param include ids or families to run; empty for the whole catalog
     * @param exclude ids or families not to run
     */
    public static Set<String> resolve(Catalog catalog, Set<String> include, Set<String> exclude) throws ConfigurationError {
        Set<String> selected = include.isEmpty() ? new LinkedHashSet<>(catalog.windows().keySet())
                : expand(catalog, include, "-Dfabric-tck.windows");
        selected.removeAll(expand(catalog, exclude, "-Dfabric-tck.excludeWindows"));
        if (selected.isEmpty()) {
            throw new ConfigurationError("The window selection is empty (windows " + include + ", excluded " + exclude
                    + "): nothing to run.");
        }
        return selected;
    }

    private static Set<String> expand(Catalog catalog, Set<String> names, String option) throws ConfigurationError {
        Set<String> ids = new LinkedHashSet<>();
        Set<String> unknown = new TreeSet<>();
        for (String name : names) {
            List<String> matched = new ArrayList<>();
            for (RaceWindow w : catalog.windows().values()) {
                Family f = w.family();
                if (w.id().equalsIgnoreCase(name) || f.id().equalsIgnoreCase(name) || f.windowPrefix().equalsIgnoreCase(name)) {
                    matched.add(w.id());
                }
            }
            if (matched.isEmpty()) {
                unknown.add(name);
            }
            ids.addAll(matched);
        }
        if (!unknown.isEmpty()) {
            Set<String> families = new TreeSet<>();
            catalog.windows().values().forEach(w -> families.add(w.family().id() + " (" + w.family().windowPrefix() + ")"));
            throw new ConfigurationError("Unknown window id " + String.join(", ", unknown) + " in " + option
                    + ": the catalog has " + String.join(", ", catalog.windows().keySet()) + " and the famil"
                    + (families.size() == 1 ? "y " : "ies ") + String.join(", ", families) + ".");
        }
        Set<String> ordered = new LinkedHashSet<>();
        catalog.windows().keySet().stream().filter(ids::contains).forEach(ordered::add);
        return ordered;
    }

    /** Splits a comma list into names, blanks dropped. */
    public static Set<String> names(String list) {
        Set<String> names = new LinkedHashSet<>();
        if (list != null) {
            for (String s : list.split(",")) {
                if (!s.isBlank()) {
                    names.add(s.strip());
                }
            }
        }
        return names;
    }
}
