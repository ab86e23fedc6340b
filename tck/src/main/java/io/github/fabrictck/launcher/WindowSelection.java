package io.github.fabrictck.launcher;

import io.github.fabrictck.spi.Family;
import io.github.fabrictck.windows.RaceWindow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which windows to run: ids ({@code CQ-1}), variants ({@code CQ-1/a}, as the reports name them) or
 * families ({@code completion-queue}, or its prefix {@code CQ}) to include, and the same to exclude.
 * Unknown names are one sentence that lists what the catalog has. The plugin checks a selection with this before it forks.
 */
public final class WindowSelection {

    private WindowSelection() {
    }

    /**
     * The window ids selected, in catalog order: the windows of which at least one variant is
     * selected (see {@link #variants}).
     *
     * @param include ids, variants or families to run; empty for the whole catalog
     * @param exclude ids, variants or families not to run
     */
    public static Set<String> resolve(Catalog catalog, Set<String> include, Set<String> exclude) throws ConfigurationError {
        Set<String> labels = variants(catalog, include, exclude);
        Set<String> ids = new LinkedHashSet<>();
        catalog.entries().stream().filter(e -> labels.contains(e.label())).forEach(e -> ids.add(e.window().id()));
        return ids;
    }

    /**
     * The window variants selected, as the reports name them ({@code CQ-1/a}, {@code CQ-2}), in
     * catalog order. A name is a window id ({@code CQ-1}: all its variants), a variant ({@code CQ-1/a}),
     * a family ({@code completion-queue}) or its prefix ({@code CQ}), in any case.
     *
     * @param include ids, variants or families to run; empty for the whole catalog
     * @param exclude ids, variants or families not to run
     */
    public static Set<String> variants(Catalog catalog, Set<String> include, Set<String> exclude) throws ConfigurationError {
        Set<String> selected = include.isEmpty() ? allLabels(catalog) : expand(catalog, include, "-Dfabric-tck.windows");
        selected.removeAll(expand(catalog, exclude, "-Dfabric-tck.excludeWindows"));
        if (selected.isEmpty()) {
            throw new ConfigurationError("The window selection is empty (windows " + include + ", excluded " + exclude
                    + "): nothing to run.");
        }
        return selected;
    }

    private static Set<String> allLabels(Catalog catalog) {
        Set<String> labels = new LinkedHashSet<>();
        catalog.entries().forEach(e -> labels.add(e.label()));
        return labels;
    }

    private static Set<String> expand(Catalog catalog, Set<String> names, String option) throws ConfigurationError {
        Set<String> labels = new LinkedHashSet<>();
        Set<String> unknown = new TreeSet<>();
        for (String name : names) {
            List<String> matched = new ArrayList<>();
            for (Catalog.Entry e : catalog.entries()) {
                Family f = e.window().family();
                if (e.label().equalsIgnoreCase(name) || e.window().id().equalsIgnoreCase(name)
                    || f.id().equalsIgnoreCase(name) || f.windowPrefix().equalsIgnoreCase(name)) {
                    matched.add(e.label());
                }
            }
            if (matched.isEmpty()) {
                unknown.add(name);
            }
            labels.addAll(matched);
        }
        if (!unknown.isEmpty()) {
            throw new ConfigurationError("Unknown window id " + String.join(", ", unknown) + " in " + option + ": "
                    + catalogInWords(catalog, unknown));
        }
        Set<String> ordered = new LinkedHashSet<>();
        catalog.entries().stream().map(Catalog.Entry::label).filter(labels::contains).forEach(ordered::add);
        return ordered;
    }

    /** What the catalog has, for an unknown name: the variants of the window a name like {@code CQ-1/z} points into. */
    private static String catalogInWords(Catalog catalog, Set<String> unknown) {
        for (String name : unknown) {
            int slash = name.indexOf('/');
            RaceWindow w = slash < 0 ? null : catalog.windows().values().stream()
                    .filter(rw -> rw.id().equalsIgnoreCase(name.substring(0, slash).strip())).findFirst().orElse(null);
            if (w != null) {
                List<String> labels = catalog.entries().stream().filter(e -> e.window().id().equals(w.id()))
                        .map(Catalog.Entry::label).toList();
                return w.id() + (labels.size() == 1 && labels.get(0).equals(w.id()) ? " has no variants"
                        : " has the variants " + String.join(", ", labels)) + ".";
            }
        }
        Set<String> families = new TreeSet<>();
        catalog.windows().values().forEach(w -> families.add(w.family().id() + " (" + w.family().windowPrefix() + ")"));
        return "the catalog has " + String.join(", ", catalog.windows().keySet()) + " and the famil"
                + (families.size() == 1 ? "y " : "ies ") + String.join(", ", families) + ".";
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
