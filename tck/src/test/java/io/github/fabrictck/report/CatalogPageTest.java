package io.github.fabrictck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogPageTest {

    @Test
    void tableThenASectionPerWindowWithNumberedInterleaving() {
        WindowInfo cq1 = WindowInfo.of("CQ-1", "lost final completion", "completion-queue",
                "https://github.com/ThinkParQ/beegfs/pull/133", "BeeGFS: a benchmark hung",
                new String[] {"X arrives", "the handler re-arms (requestNotify)"}, new String[] {"every completion is consumed"},
                "re-arm before publishing progress").withVariant("a", "handler held").withVariant("b", "waiter held");
        WindowInfo cq2 = WindowInfo.of("CQ-2", "missed | event <report>", "completion-queue", "not a link",
                "Linux *verbs*", new String[] {"one"}, new String[] {"inv"}, "check");
        String md = CatalogPage.render(List.of(cq1, cq2));
        assertTrue(md.startsWith("# The race-window catalog\n\n"), md);
        assertTrue(md.contains("The catalog has 2 windows in 3 variants."), md);
        assertTrue(md.contains("| id | title | family | variants | source |\n|---|---|---|---|---|\n"
                + "| CQ-1 | lost final completion | completion-queue | a, b | [github.com … pull/133](https://github.com/ThinkParQ/beegfs/pull/133) |\n"
                + "| CQ-2 | missed \\| event &lt;report&gt; | completion-queue | one | not a link |\n"), md);
        assertTrue(md.contains("## CQ-1: lost final completion\n\nFamily: `completion-queue`. Source: "
                + "<https://github.com/ThinkParQ/beegfs/pull/133>\n\n**The bug.** BeeGFS: a benchmark hung\n\n"
                + "**The interleaving the window forces:**\n\n1. X arrives\n2. the handler re-arms (requestNotify)\n\n"
                + "**Variants** (`-Dfabric-tck.windows=CQ-1` runs them all):\n\n- a: handler held\n- b: waiter held\n\n"
                + "**The invariants it judges:**\n\n- every completion is consumed\n\n"
                + "**What to check when it fails.** re-arm before publishing progress\n\n"), md);
        assertTrue(md.contains("**The bug.** Linux \\*verbs\\*"), md);
    }

    @Test
    void variantsAreAddedInOrder() {
        WindowInfo w = WindowInfo.of("A-1", "t", "f", "s", "b", new String[0], new String[0], "o");
        assertEquals(List.of(), w.variants());
        assertEquals(List.of("x: one", "y: two"), w.withVariant("x", "one").withVariant("y", "two").variants());
    }
}
