package io.github.fabrictck.docs;

import io.github.fabrictck.report.Settings;

/**
 * The site's settings page, generated from {@link Settings}: every {@code fabric-tck.*} setting with a range, where
 * it is given, its range and default, and which values still let a run be a certification. Written once, in code;
 * the page cannot drift from what the plugin checks.
 */
final class SettingsPage {

    private SettingsPage() {
    }

    /** The page, in Markdown. */
    static String render() {
        StringBuilder md = new StringBuilder("# Settings\n\n")
                .append("Generated from the kit's code (`io.github.fabrictck.report.Settings`) when this site was built. ")
                .append("Every setting is checked before the fork: a value outside its range stops the build with one ")
                .append("sentence that names the property, the value and the range. A setting the fork reads may be given ")
                .append("to Maven (`-Dfabric-tck.peers=16`, on the command line or in the POM's properties; the plugin ")
                .append("passes it on) or in `fabric-tck.argLine`; a plugin parameter is given to Maven or as an element ")
                .append("of the plugin's configuration. A `fabric-tck.*` property given to Maven that is none of these stops the build with ")
                .append("the nearest one. The last column says which values still let a run be a certification: those ")
                .append("that can only make the search harder or the requirement stricter.\n\n")
                .append("| setting | where | range | certifies |\n|---|---|---|---|\n");
        for (Settings.Setting s : Settings.table().values()) {
            if (s.kind() == Settings.Kind.INTERNAL) {
                continue;
            }
            md.append("| `").append(s.property()).append("` | ").append(where(s.kind())).append(" | ")
                    .append(s.range()).append(" | ").append(s.certifyRule()).append(" |\n");
        }
        md.append("| `fabric-tck.explore` | ").append(where(Settings.Kind.EXPLORATION))
                .append(" | random, pct or pos (unset: no exploration) | any value: an exploration run certifies nothing |\n")
                .append("| `fabric-tck.replay` | ").append(where(Settings.Kind.EXPLORATION))
                .append(" | the path of a schedule file | any value: an exploration run certifies nothing |\n");
        md.append("\nThe plugin's other parameters (`driver`, `windows`, `excludeWindows`, `instrumentPackages`, `jvm`, ")
                .append("`argLine`, `outputDirectory`, `skip`, `expectFail`, ...) are listed with their goals on the ")
                .append("[plugin page](plugin.html).\n");
        return md.toString();
    }

    private static String where(Settings.Kind kind) {
        return switch (kind) {
            case PARAMETER -> "plugin parameter";
            case FORK -> "read by the fork (Maven property or argLine)";
            case EXPLORATION -> "read by the fork, exploration (Maven property or argLine)";
            case INTERNAL -> "set by the plugin";
        };
    }
}
