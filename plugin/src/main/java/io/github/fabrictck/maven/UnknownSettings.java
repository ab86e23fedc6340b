package io.github.fabrictck.maven;

import io.github.fabrictck.report.Settings;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A {@code fabric-tck.*} property or a configuration element of the plugin that nothing reads: a misspelling
 * ({@code -Dfabric-tck.windowz=CQ-1}) would otherwise run the whole catalog and pass in silence. Each is one sentence
 * that names the nearest setting the kit knows. The known names come from the plugin's own descriptor (every
 * parameter of every goal, with its property) and from {@link Settings} (what the fork reads): nothing is listed twice.
 */
final class UnknownSettings {

    /** The property a build conventionally keeps the kit's version in ({@code ${fabric-tck.version}}), which nothing reads. */
    static final String VERSION_PROPERTY = "fabric-tck.version";

    private UnknownSettings() {
    }

    /**
     * One sentence per unknown name.
     *
     * @param properties the {@code fabric-tck.*} properties given to Maven (command line, system, the POM's)
     * @param elements   the element names of the plugin's configuration in the POM (plugin and executions)
     * @param knownProperties every property the plugin or the fork reads
     * @param knownElements   every parameter name of the plugin's goals
     */
    static List<String> problems(Collection<String> properties, Collection<String> elements,
                                 Set<String> knownProperties, Set<String> knownElements) {
        List<String> problems = new ArrayList<>();
        for (String p : new TreeSet<>(properties)) {
            if (p.startsWith(Settings.PREFIX) && !knownProperties.contains(p)) {
                problems.add(p + " is not a Fabric TCK setting" + suggestion(p, knownProperties)
                        + " (every setting: the plugin's goals' parameters and the fork's settings on the site's settings page).");
            }
        }
        for (String e : new TreeSet<>(elements)) {
            if (!knownElements.contains(e)) {
                problems.add("<" + e + "> in the fabric-tck-maven-plugin's configuration is not one of its parameters"
                        + suggestion(e, knownElements).replace("did you mean ", "did you mean <")
                                .replaceAll("\\?$", ">?"));
            }
        }
        return problems;
    }

    /** The properties every goal and the fork read: the descriptor's expressions, the fork's settings. */
    static Set<String> knownProperties(Collection<String> descriptorProperties) {
        Set<String> known = new TreeSet<>(descriptorProperties);
        known.add(VERSION_PROPERTY);
        known.addAll(Settings.table().keySet());
        known.addAll(Settings.explorationProperties());
        return known;
    }

    /** {@code ": did you mean NAME?"} for the nearest known name within a few edits, else empty. */
    static String suggestion(String name, Collection<String> known) {
        return known.stream().min(Comparator.comparingInt((String k) -> distance(name.toLowerCase(), k.toLowerCase()))
                        .thenComparing(Comparator.naturalOrder()))
                .filter(k -> distance(name.toLowerCase(), k.toLowerCase()) <= Math.max(2, name.length() / 4))
                .map(k -> ": did you mean " + k + "?").orElse("");
    }

    /** The Levenshtein distance: insertions, deletions and substitutions. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
