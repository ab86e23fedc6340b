package io.github.fabrictck.report;

import static io.github.fabrictck.report.Fixtures.result;
import static io.github.fabrictck.report.Fixtures.window;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictTableTest {

    @Test
    void rendersHeaderAlignedRowsAndSummary() {
        WindowResult slow = new WindowResult("HS-12", null, "Hello reordered after data", "peer-handshake",
                Outcome.ERROR, 1234, "the hold was never reached", List.of(), Evidence.none(), "r", List.of());
        String table = VerdictTable.render(result(true,
                window("CQ-1", "a", Outcome.PASS, null),
                window("CQ-1", "b", Outcome.FAIL, "a completion was queued that no event announced\nthe trace shows"),
                slow,
                window("CS-1", null, Outcome.NOT_APPLICABLE, "the driver does not implement connection-setup")));
        assertEquals("""
                Fabric TCK 0.1.0 - driver sample 1.0.0 - JVM 17.0.15 (Eclipse Adoptium)
                WINDOW  TITLE                       OUTCOME         MILLIS  REASON
                CQ-1/a  Title of CQ-1               PASS                12
                CQ-1/b  Title of CQ-1               FAIL                12  a completion was queued that no event announced ...
                HS-12   Hello reordered after data  ERROR             1234  the hold was never reached
                CS-1    Title of CS-1               NOT_APPLICABLE      12  the driver does not implement connection-setup
                1 pass, 1 fail, 1 error, 1 not applicable
                """, table);
    }

    @Test
    void longReasonIsCut() {
        String reason = "x".repeat(300);
        String row = VerdictTable.render(result(true, window("CQ-2", null, Outcome.FAIL, reason))).lines().toList().get(2);
        assertEquals("x".repeat(97) + "...", row.substring(row.lastIndexOf("  ") + 2));
    }

    @Test
    void saysWhenTheRunDidNotFinish() {
        List<String> lines = VerdictTable.render(result(false)).lines().toList();
        assertEquals("WINDOW  TITLE  OUTCOME  MILLIS  REASON", lines.get(1));
        assertEquals("0 pass, 0 fail, 0 error, 0 not applicable (the run did not finish)", lines.get(2));
    }
}
