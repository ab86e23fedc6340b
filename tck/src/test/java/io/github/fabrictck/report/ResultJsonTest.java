package io.github.fabrictck.report;

import static io.github.fabrictck.report.Fixtures.result;
import static io.github.fabrictck.report.Fixtures.window;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultJsonTest {

    @TempDir
    Path dir;

    private final Result sample = result(true,
            window("CQ-1", "a", Outcome.PASS, null),
            window("CQ-1", "b", Outcome.FAIL, "a completion was queued that no event announced\nsecond line"),
            window("HS-2", null, Outcome.ERROR, "the hold was never reached"),
            window("CS-1", null, Outcome.NOT_APPLICABLE, "the driver does not implement connection-setup"));

    @Test
    void roundTripsEveryField() throws IOException {
        Path file = dir.resolve("fabric-tck-result.json");
        ResultJson.write(sample, file);
        assertEquals(sample, ResultJson.read(file));
    }

    @Test
    void roundTripsTheRunFacts() throws IOException {
        Path file = dir.resolve("fabric-tck-result.json");
        Result.Run run = new Result.Run(List.of("CQ", "HS"), List.of("CQ-1", "HS-2"), List.of("CS"),
                new java.util.TreeMap<>(Map.of("fabric-tck.peers", "8", "fabric-tck.phaseStep", "300")));
        Result withRun = new Result(sample.schema(), sample.tckVersion(), sample.driver(), sample.jvm(), true, null,
                sample.windows(), run);
        ResultJson.write(withRun, file);
        assertEquals(withRun, ResultJson.read(file));
        assertTrue(Files.readString(file).contains("\"settings\": {"), "settings are an object of name to value");
    }

    @Test
    void roundTripsTheRewrittenCallSitesAndLeavesThemOutForAnSpiDriver() throws IOException {
        Path file = dir.resolve("fabric-tck-result.json");
        Result adapted = Fixtures.withCallSites(sample);
        ResultJson.write(adapted, file);
        assertEquals(adapted, ResultJson.read(file));
        assertTrue(Files.readString(file).contains("\"rewrittenCallSites\": [\n    {\n      \"kind\": \"boundary\",\n"
                + "      \"target\": \"RdmaVerbs.getCqEvent\",\n      \"class\": \"com.ibm.disni.verbs.IbvCompChannel\",\n"
                + "      \"method\": \"getCqEvent\",\n      \"file\": \"IbvCompChannel.java\",\n      \"line\": 83\n    },"),
                Files.readString(file));
        ResultJson.write(sample, file);
        assertTrue(!Files.readString(file).contains("rewrittenCallSites"), "a driver written against the SPI has none");
        assertEquals(List.of(), ResultJson.read(file).rewrittenCallSites());
    }

    @Test
    void roundTripsTheAdaptersAndLeavesThemOutForAnSpiDriver() throws IOException {
        Path file = dir.resolve("fabric-tck-result.json");
        Result adapted = Fixtures.withAdapters(Fixtures.withCallSites(sample), List.of(Fixtures.DISNI));
        ResultJson.write(adapted, file);
        assertEquals(adapted, ResultJson.read(file));
        assertTrue(Files.readString(file).contains("\"adapters\": [\n    {\n"
                + "      \"class\": \"io.github.fabrictck.adapters.disni.DisniAdapter\",\n"
                + "      \"library\": \"com.ibm.disni:disni:2.1\",\n      \"packages\": [\n        \"com.ibm.disni.\"\n      ],\n"),
                Files.readString(file));
        assertTrue(Files.readString(file).contains("\"sources\": [\n        {\n          \"path\": "
                + "\"/home/me/.m2/repository/com/ibm/disni/disni/2.1/disni-2.1.jar\",\n          \"sha256\": \"ab12\"\n"),
                Files.readString(file));
        assertTrue(!Files.readString(file).contains("\"redirects\""), "an adapter of Java boundary types has none");
        // an adapter of a JNI layer: its redirects, library type to environment type, sorted
        Result redirected = Fixtures.withAdapters(Fixtures.withCallSites(sample), List.of(Fixtures.NETTY));
        ResultJson.write(redirected, file);
        assertEquals(redirected, ResultJson.read(file));
        assertTrue(Files.readString(file).contains("\"redirects\": {\n"
                + "        \"io.netty.channel.unix.FileDescriptor\": \"io.github.fabrictck.adapters.nettyuring.kernel.UnixKernel\",\n"
                + "        \"io.netty.incubator.channel.uring.Native\": \"io.github.fabrictck.adapters.nettyuring.kernel.NativeKernel\"\n"),
                Files.readString(file));
        ResultJson.write(sample, file);
        assertTrue(!Files.readString(file).contains("\"adapters\""), "a driver written against the SPI has none");
        assertEquals(List.of(), ResultJson.read(file).adapters());
    }

    @Test
    void anAdapterWithoutItsLibraryIsRefused() {
        Map<String, Object> json = ResultJson.toJson(Fixtures.withAdapters(sample, List.of(Fixtures.DISNI)));
        @SuppressWarnings("unchecked")
        Map<String, Object> adapter = (Map<String, Object>) ((List<Object>) json.get("adapters")).get(0);
        adapter.remove("library");
        assertThrows(IllegalArgumentException.class, () -> ResultJson.fromJson(json));
    }

    @Test
    void anAdaptersSentenceNamesItsDeclarationAndTheJarItJudged() {
        assertEquals("adapter io.github.fabrictck.adapters.disni.DisniAdapter declares com.ibm.disni:disni:2.1 "
                + "(packages com.ibm.disni.; environment io.github.fabrictck.adapters.disni.verbs.; "
                + "replaced com.ibm.disni.verbs.impl.; 2 boundary types; 1 stub) and judged disni-2.1.jar sha256 ab12",
                Fixtures.DISNI.sentence());
    }

    @Test
    void aCallSiteOfAnotherKindIsRefused() {
        Map<String, Object> json = ResultJson.toJson(Fixtures.withCallSites(sample));
        @SuppressWarnings("unchecked")
        Map<String, Object> site = (Map<String, Object>) ((List<Object>) json.get("rewrittenCallSites")).get(0);
        site.put("kind", "other");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResultJson.fromJson(json));
        assertEquals("\"rewrittenCallSites[0].kind\" must be one of boundary, stub, sync, exit, environment, monitor, "
                + "volatile, collection, redirect, unsimulated.", e.getMessage());
    }

    @Test
    void writesTheContractShapeInOrder() throws IOException {
        Path file = dir.resolve("r.json");
        ResultJson.write(result(false, window("CQ-1", null, Outcome.FAIL, "lost")), file);
        Map<?, ?> root = (Map<?, ?>) Json.parse(Files.readString(file));
        assertEquals(List.of("schema", "tck", "driver", "jvm", "complete", "running", "summary", "windows"), List.copyOf(root.keySet()));
        assertEquals("fabric-tck-result/1", root.get("schema"));
        assertEquals(Map.of("version", "0.1.0"), root.get("tck"));
        assertEquals(Map.of("name", "sample", "version", "1.0.0"), root.get("driver"));
        assertEquals(Map.of("version", "17.0.15", "vendor", "Eclipse Adoptium"), root.get("jvm"));
        assertEquals(false, root.get("complete"));
        assertEquals(List.of("pass", "fail", "error", "notApplicable"), List.copyOf(((Map<?, ?>) root.get("summary")).keySet()));
        assertEquals(Map.of("pass", 0L, "fail", 1L, "error", 0L, "notApplicable", 0L), root.get("summary"));
        Map<?, ?> w = (Map<?, ?>) ((List<?>) root.get("windows")).get(0);
        assertEquals(List.of("id", "variant", "title", "family", "outcome", "durationMillis", "reason", "violated",
                "evidence", "reproduce", "threadDump", "repeat", "trace"), List.copyOf(w.keySet()));
        assertTrue(w.containsKey("variant") && w.get("variant") == null, "variant is written as null");
        assertEquals("FAIL", w.get("outcome"));
        assertEquals(12L, w.get("durationMillis"));
        Map<?, ?> evidence = (Map<?, ?>) w.get("evidence");
        assertEquals(List.of("windowOpened", "holds", "pointsHit", "instrumentedClasses"), List.copyOf(evidence.keySet()));
        assertEquals(List.of(Map.of("thread", "cq-handler", "point", "call CompletionQueue.requestNotify",
                "at", "com.acme.Handler.onEvent(Handler.java:42)")), evidence.get("holds"));
        List<?> trace = (List<?>) w.get("trace");
        assertEquals(List.of("t", "thread", "event", "at"), List.copyOf(((Map<?, ?>) trace.get(0)).keySet()));
        assertEquals(0.125, ((Map<?, ?>) trace.get(0)).get("t"));
        assertTrue(((Map<?, ?>) trace.get(1)).containsKey("at") && ((Map<?, ?>) trace.get(1)).get("at") == null);
    }

    @Test
    void summaryIsRecomputedWhenReading() throws IOException {
        Path file = dir.resolve("r.json");
        ResultJson.write(sample, file);
        Files.writeString(file, Files.readString(file).replace("\"pass\": 1", "\"pass\": 99"));
        assertEquals(new Result.Summary(1, 1, 1, 1), ResultJson.read(file).summary());
    }

    @Test
    void writeIsAtomicCreatesParentsAndLeavesNoTemporaryFile() throws IOException {
        Path file = dir.resolve("target/fabric-tck/fabric-tck-result.json");
        ResultJson.write(result(false), file);
        ResultJson.write(sample, file);
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(List.of(file), files.toList());
        }
        assertEquals(sample, ResultJson.read(file));
    }

    @Test
    void missingFileIsOneSentence() {
        Path file = dir.resolve("nothing.json");
        IOException e = assertThrows(IOException.class, () -> ResultJson.read(file));
        assertEquals("No Fabric TCK result at " + file + ".", e.getMessage());
    }

    @Test
    void malformedJsonNamesTheFileAndThePosition() throws IOException {
        Path file = write("{\"schema\": ");
        IOException e = assertThrows(IOException.class, () -> ResultJson.read(file));
        assertEquals(file + " is not a fabric-tck-result/1 document: Malformed JSON at position 11: "
                + "expected a value, found the end of the input.", e.getMessage());
    }

    @Test
    void otherSchemaIsRefused() throws IOException {
        Path array = write("[]");
        assertEquals(array + " is not a fabric-tck-result/1 document: it is not a JSON object.", readFailure(array));
        Path other = write("{\"schema\": \"fabric-tck-result/2\"}");
        assertEquals(other + " is not a fabric-tck-result/1 document: its schema is \"fabric-tck-result/2\".", readFailure(other));
        Path none = write("{\"windows\": []}");
        assertEquals(none + " is not a fabric-tck-result/1 document: it has no \"schema\".", readFailure(none));
    }

    @Test
    void wrongFieldIsNamedByItsPath() throws IOException {
        Path file = dir.resolve("r.json");
        ResultJson.write(sample, file);
        String json = Files.readString(file);

        Files.writeString(file, json.replace("\"outcome\": \"ERROR\"", "\"outcome\": \"BROKEN\""));
        assertEquals(file + " is not a fabric-tck-result/1 document: \"windows[2].outcome\" must be one of "
                + "PASS, FAIL, ERROR, NOT_APPLICABLE but is \"BROKEN\".", readFailure(file));

        Files.writeString(file, json.replaceFirst("\"pointsHit\": 10", "\"pointsHit\": \"ten\""));
        assertEquals(file + " is not a fabric-tck-result/1 document: \"windows[0].evidence.pointsHit\" must be an integer.",
                readFailure(file));

        Files.writeString(file, json.replace("\"complete\": true,", ""));
        assertEquals(file + " is not a fabric-tck-result/1 document: \"complete\" is missing.", readFailure(file));
    }

    private Path write(String text) throws IOException {
        Path file = Files.createTempFile(dir, "result", ".json");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static String readFailure(Path file) {
        return assertThrows(IOException.class, () -> ResultJson.read(file)).getMessage();
    }
}
