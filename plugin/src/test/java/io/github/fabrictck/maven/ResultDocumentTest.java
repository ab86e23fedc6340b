package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Json;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.RepeatStats;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.TraceEvent;
import io.github.fabrictck.report.WindowResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The result file as Maven's process writes it through Jackson is the document the fork's
 * dependency-free encoder writes: CI scripts see no change.
 */
class ResultDocumentTest {

    @TempDir
    Path dir;

    /** What a driver can put in any text it reports, and what JSON must escape. */
    static final String AWKWARD = "é → 😀 \u2028\u2029 \"quoted\" back\\slash /slash \u0000\u0001\u001f \b\f\r\n\t end";

    /** Every member of the contract, with nulls where the contract allows them. */
    static Result rich() {
        Evidence evidence = new Evidence(true, List.of(new Evidence.Hold("cq-handler " + AWKWARD,
                "call CompletionQueue.requestNotify", "com.acme.Handler.onEvent(Handler.java:42)"),
                new Evidence.Hold("device", "enqueue", null)), 2_147_483_647, 3);
        List<TraceEvent> trace = List.of(new TraceEvent(0.125, "cq-handler", "hold " + AWKWARD, "com.acme.Handler.onEvent(Handler.java:42)"),
                new TraceEvent(1, "device", "enqueue completion", null), new TraceEvent(1e-7, "t", "tiny", null),
                new TraceEvent(123456.789, "t", "late", null), new TraceEvent(0, "", "", ""));
        WindowResult fail = new WindowResult("CQ-1", "a", "Lost final completion " + AWKWARD, "completion-queue",
                Outcome.FAIL, 9_000_000_000L, "a completion was queued that no event announced\n" + AWKWARD,
                List.of("every completion is delivered", AWKWARD), evidence, "mvn -pl acme verify -Dfabric-tck.windows=CQ-1/a",
                "\"main\" #1 prio=5\n\tat java.lang.Object.wait(Native Method)\n", new RepeatStats(20, 17, 3, 0, 0,
                new RepeatStats.Distribution(0, 12, 480, 1_000_000_000_000L)), trace);
        WindowResult pass = new WindowResult("CQ-1", "b", "Lost final completion", "completion-queue", Outcome.PASS, 0,
                null, List.of(), Evidence.none(), null, null, new RepeatStats(5, 0, 0, 0, 5, null), List.of());
        WindowResult error = new WindowResult("HS-2", null, null, null, Outcome.ERROR, -1, "the hold was never reached",
                List.of(), new Evidence(false, List.of(), 0, 0), "mvn verify", List.of());
        WindowResult notApplicable = new WindowResult("CS-1", null, "Setup", "connection-setup", Outcome.NOT_APPLICABLE, 3,
                "the driver does not declare connection-setup", List.of(), Evidence.none(), "", List.of());
        TreeMap<String, String> settings = new TreeMap<>(Map.of("fabric-tck.phaseStep", "5", "fabric-tck.peers", "8",
                "fabric-tck.argLine", "-Dx=\"a b\" " + AWKWARD));
        return new Result(Result.SCHEMA, "0.1.0-SNAPSHOT", new Result.DriverInfo("acme " + AWKWARD, null),
                new Result.JvmInfo("17.0.15", "Eclipse Adoptium"), false, "CS-2/b",
                List.of(fail, pass, error, notApplicable),
                new Result.Run(List.of("completion-queue", "connection-setup"), List.of("CQ-1", "HS-2", "CS-1"),
                        List.of("CQ-2", "peer-handshake"), settings));
    }

    /** A result without any optional part. */
    static Result bare() {
        return new Result(Result.SCHEMA, null, null, null, true, List.of());
    }

    @Test
    void whatJacksonWritesReadsBackEqual() throws IOException {
        for (Result r : List.of(rich(), bare())) {
            Path file = dir.resolve("fabric-tck-result.json");
            ResultDocument.write(r, file);
            Result back = ResultDocument.read(file);
            if (r.driver() == null) {
                // the contract writes an unknown driver and JVM as members whose values are null
                assertEquals(new Result(Result.SCHEMA, null, new Result.DriverInfo(null, null),
                        new Result.JvmInfo(null, null), true, List.of()), back);
            } else {
                assertEquals(r, back);
            }
            // and the fork's reader, used by the bench and the site, reads the same result
            assertEquals(back, ResultJson.read(file));
        }
    }

    @Test
    void theDocumentIsTheHandWrittenEncodersAsAJsonTree() throws IOException {
        for (Result r : List.of(rich(), bare())) {
            String jackson = ResultDocument.text(r);
            String handWritten = Json.pretty(ResultJson.toJson(r));
            assertEquals(ResultDocument.MAPPER.readTree(handWritten), ResultDocument.MAPPER.readTree(jackson));
            assertEquals(Json.parse(handWritten), Json.parse(jackson));
            assertEquals(memberOrder(handWritten), memberOrder(jackson), "the contract's member order");
        }
    }

    @Test
    void theLayoutIsTheOnePeopleAlwaysRead() {
        Result r = rich();
        Result plain = new Result(r.schema(), r.tckVersion(), new Result.DriverInfo("acme", "1.0"), r.jvm(), true, null,
                List.of(r.windows().get(1), r.windows().get(2), r.windows().get(3)), new Result.Run(r.run().families(),
                r.run().selected(), r.run().excluded(), new TreeMap<>(Map.of("fabric-tck.peers", "8"))));
        assertEquals(Json.pretty(ResultJson.toJson(plain)), ResultDocument.text(plain),
                "without characters to escape the text is byte for byte the fork's");
        assertTrue(ResultDocument.text(plain).startsWith("{\n  \"schema\": \"fabric-tck-result/1\",\n  \"tck\": {\n"
                + "    \"version\": \"0.1.0-SNAPSHOT\"\n  },\n"), ResultDocument.text(plain));
        assertTrue(ResultDocument.text(plain).contains("\"violated\": [],\n"));
    }

    @Test
    void aFileThatIsNotAResultIsOneSentenceNamingIt() throws IOException {
        assertEquals("No Fabric TCK result at " + dir.resolve("none") + ".", failure(dir.resolve("none")));
        assertEquals(" is not a fabric-tck-result/1 document: it has no \"schema\".", failure("{}"));
        assertEquals(" is not a fabric-tck-result/1 document: it is not a JSON object.", failure("[]"));
        assertEquals(" is not a fabric-tck-result/1 document: it is not a JSON object.", failure(""));
        assertEquals(" is not a fabric-tck-result/1 document: its schema is \"fabric-tck-result/2\".",
                failure("{\"schema\": \"fabric-tck-result/2\"}"));
        String text = ResultDocument.text(rich());
        assertEquals(" is not a fabric-tck-result/1 document: \"windows[0].evidence.pointsHit\" must be an integer.",
                failure(text.replace("\"pointsHit\": 2147483647", "\"pointsHit\": 1.5")));
        assertEquals(" is not a fabric-tck-result/1 document: \"complete\" is missing.",
                failure(text.replace("\"complete\": false,", "")));
        assertTrue(failure(text.replaceFirst("\"schema\"", "\"schema\": \"x\", \"schema\""))
                .startsWith(" is not a fabric-tck-result/1 document: Malformed JSON at line 2, column "), "a duplicate member");
        assertTrue(failure(text + "{}").startsWith(" is not a fabric-tck-result/1 document: Malformed JSON"),
                "text after the document");
        assertTrue(failure("{\"schema\": ").startsWith(" is not a fabric-tck-result/1 document: Malformed JSON at line 1"));
    }

    private String failure(String text) throws IOException {
        Path file = Files.writeString(dir.resolve("fabric-tck-result.json"), text, StandardCharsets.UTF_8);
        return failure(file).substring(file.toString().length());
    }

    private static String failure(Path file) {
        return assertThrows(IOException.class, () -> ResultDocument.read(file)).getMessage();
    }

    /** Every member name in document order, with its path. */
    private static List<String> memberOrder(String text) throws IOException {
        List<String> names = new ArrayList<>();
        walk(ResultDocument.MAPPER.readTree(text), "", names);
        return names;
    }

    private static void walk(com.fasterxml.jackson.databind.JsonNode node, String path, List<String> names) {
        if (node.isObject()) {
            node.properties().forEach(e -> {
                names.add(path + e.getKey());
                walk(e.getValue(), path + e.getKey() + ".", names);
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), path + i + ".", names);
            }
        }
    }
}
