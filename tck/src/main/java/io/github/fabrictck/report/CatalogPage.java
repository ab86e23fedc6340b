package io.github.fabrictck.report;

import java.util.Collection;
import java.util.Locale;

/**
 * The race-window catalog as a Markdown page of the documentation site, generated from the
 * catalog's own metadata when the site is built, so it cannot drift from the code: a table of every
 * window, then a section per window with the source bug (linked), the numbered interleaving, the
 * variants, the invariants and what to check when it fails.
 */
public final class CatalogPage {

    private CatalogPage() {
    }

    /** The page for {@code windows}, in their order. Lines end with {@code \n}. */
    public static String render(Collection<WindowInfo> windows) {
        StringBuilder md = new StringBuilder();
        int variants = windows.stream().mapToInt(w -> Math.max(1, w.variants().size())).sum();
        md.append("# The race-window catalog\n\n")
                .append("This page is generated from the kit's own metadata (the `@RaceWindow` annotation of each window ")
                .append("class in `io.github.fabrictck.windows`) every time the site is built, so it cannot drift from ")
                .append("the code. The catalog has ").append(windows.size()).append(windows.size() == 1 ? " window" : " windows")
                .append(" in ").append(variants).append(variants == 1 ? " variant" : " variants").append(".\n\n")
                .append("Each window is forced against the simulated device: the kit holds driver threads at exact ")
                .append("points of the driver's code, injects device events inside the window, and judges the invariants. ")
                .append("The known-broken driver of a window is named `broken-<window id in lower case>` in the sample ")
                .append("module.\n\n");

        md.append("| id | title | family | variants | source |\n|---|---|---|---|---|\n");
        for (WindowInfo w : windows) {
            md.append("| ").append(SummaryMarkdown.cell(w.id())).append(" | ").append(SummaryMarkdown.cell(w.title()))
                    .append(" | ").append(SummaryMarkdown.cell(w.family())).append(" | ")
                    .append(w.variants().isEmpty() ? "one" : SummaryMarkdown.cell(String.join(", ",
                            w.variants().stream().map(CatalogPage::variantId).toList())))
                    .append(" | ").append(shortLink(w.source())).append(" |\n");
        }
        md.append('\n');

        for (WindowInfo w : windows) {
            md.append("## ").append(SummaryMarkdown.inline(w.id())).append(": ").append(SummaryMarkdown.inline(w.title()))
                    .append("\n\n");
            md.append("Family: `").append(w.family().replace("`", "'")).append("`. Source: ").append(link(w.source()))
                    .append("\n\n");
            md.append("**The bug.** ").append(SummaryMarkdown.inline(w.bug())).append("\n\n");
            md.append("**The interleaving the window forces:**\n\n");
            for (int i = 0; i < w.interleaving().size(); i++) {
                md.append(i + 1).append(". ").append(SummaryMarkdown.inline(w.interleaving().get(i))).append('\n');
            }
            md.append('\n');
            if (!w.variants().isEmpty()) {
                md.append("**Variants** (`-Dfabric-tck.windows=").append(w.id().replace("`", "'"))
                        .append("` runs them all):\n\n");
                w.variants().forEach(v -> md.append("- ").append(SummaryMarkdown.inline(v)).append('\n'));
                md.append('\n');
            }
            md.append("**The invariants it judges:**\n\n");
            w.invariants().forEach(inv -> md.append("- ").append(SummaryMarkdown.inline(inv)).append('\n'));
            md.append('\n');
            md.append("**What to check when it fails.** ").append(SummaryMarkdown.inline(w.onFailure())).append("\n\n");
        }
        return md.toString();
    }

    private static String variantId(String variant) {
        int colon = variant.indexOf(':');
        return colon > 0 ? variant.substring(0, colon) : variant;
    }

    /**
     * An http(s) source as a Markdown link whose text is the host and the last two steps of the path
     * ({@code github.com … pull/133}), so the table fits a page; anything else as {@link #link} has it.
     */
    private static String shortLink(String url) {
        String full = link(url);
        if (!full.startsWith("<")) {
            return full;
        }
        String u = url.strip();
        String rest = u.substring(u.indexOf("//") + 2);
        int slash = rest.indexOf('/');
        String host = slash < 0 ? rest : rest.substring(0, slash);
        String[] steps = slash < 0 ? new String[0] : rest.substring(slash + 1).split("/");
        String tail = steps.length <= 2 ? String.join("/", steps)
                : "… " + steps[steps.length - 2] + "/" + steps[steps.length - 1];
        return "[" + SummaryMarkdown.cell(host + (tail.isEmpty() ? "" : " " + tail)).replace("[", "\\[")
                .replace("]", "\\]") + "](" + u + ")";
    }

    /** An http(s) source as a Markdown link; anything else as plain text. */
    private static String link(String url) {
        if (url == null || url.isBlank()) {
            return "";
        }
        String u = url.strip();
        String lower = u.toLowerCase(Locale.ROOT);
        boolean web = (lower.startsWith("https://") || lower.startsWith("http://"))
                      && u.chars().noneMatch(c -> c <= 0x20 || c == '<' || c == '>' || c == '(' || c == ')');
        return web ? "<" + u + ">" : SummaryMarkdown.cell(u);
    }
}
