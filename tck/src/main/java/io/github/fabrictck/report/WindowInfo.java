package io.github.fabrictck.report;

import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the catalog says about a race window, as plain data for the reports and the site: the
 * reports do not depend on the catalog's classes. {@code report.html} shows it next to every FAIL,
 * so that a reader who never heard of the source bug understands the failure.
 *
 * @param id           the window id, {@code CQ-1}
 * @param title        the window's title
 * @param family       the family id, {@code completion-queue}
 * @param source       the public bug report the window comes from (a link)
 * @param bug          the source bug in a sentence: project, symptom, fix
 * @param interleaving the interleaving the window forces, one step per element, in order
 * @param invariants   the invariants the window judges, by the names its verdicts use
 * @param onFailure    what a vendor should check when the window fails
 * @param variants     the window's variants as {@code id: what it holds}; empty for a window with one
 */
public record WindowInfo(String id, String title, String family, String source, String bug,
                         List<String> interleaving, List<String> invariants, String onFailure, List<String> variants) {

    public WindowInfo {
        interleaving = List.copyOf(interleaving);
        invariants = List.copyOf(invariants);
        variants = List.copyOf(variants);
    }

    /** The metadata of one window from plain strings, as the catalog's annotation holds them. */
    public static WindowInfo of(String id, String title, String family, String source, String bug,
                                String[] interleaving, String[] invariants, String onFailure) {
        return new WindowInfo(id, title, family, source, bug, Arrays.asList(interleaving), Arrays.asList(invariants),
                onFailure, List.of());
    }

    /** This window with the variant {@code id} that holds {@code title} added. */
    public WindowInfo withVariant(String variantId, String variantTitle) {
        List<String> more = new java.util.ArrayList<>(variants);
        more.add(variantId + ": " + variantTitle);
        return new WindowInfo(id, title, family, source, bug, interleaving, invariants, onFailure, more);
    }

    /** {@code windows} by id, in their order. */
    public static Map<String, WindowInfo> byId(Collection<WindowInfo> windows) {
        Map<String, WindowInfo> byId = new LinkedHashMap<>();
        windows.forEach(w -> byId.putIfAbsent(w.id(), w));
        return byId;
    }
}
