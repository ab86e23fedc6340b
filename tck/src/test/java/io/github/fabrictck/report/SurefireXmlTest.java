package io.github.fabrictck.report;

import static io.github.fabrictck.report.Fixtures.result;
import static io.github.fabrictck.report.Fixtures.window;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

class SurefireXmlTest {

    /** Copies of Surefire's schemas (see the comment in each file for where they come from). */
    private static final List<String> SCHEMAS = List.of("surefire-test-report.xsd", "surefire-test-report-3.0.xsd");

    /** What a hostile or broken driver could put in any text it reports. */
    private static final String HOSTILE = "<script>&\"'\u0001]]>";

    private final Result mixed = result(true,
            window("CQ-1", "a", Outcome.PASS, null),
            window("CQ-1", "b", Outcome.FAIL, "a completion was queued that no event announced\nsecond line"),
            window("HS-2", null, Outcome.ERROR, "the hold was never reached\nat step 3"),
            window("CS-1", null, Outcome.NOT_APPLICABLE, "the driver does not implement connection-setup"));

    // ---------------------------------------------------------------- schema

    @Test
    void everyOutcomeIsValid() throws Exception {
        for (String xsd : SCHEMAS) {
            validate(SurefireXml.render(mixed), xsd);
        }
    }

    @Test
    void hostileDriverTextIsValid() throws Exception {
        for (String xsd : SCHEMAS) {
            validate(SurefireXml.render(hostile()), xsd);
        }
    }

    @Test
    void emptyResultsAreValid() throws Exception {
        for (String xsd : SCHEMAS) {
            validate(SurefireXml.render(result(true)), xsd);
            validate(SurefireXml.render(result(false)), xsd);
            validate(SurefireXml.render(new Result(Result.SCHEMA, null, null, null, true, List.of())), xsd);
        }
    }

    @Test
    void anIncompleteRunIsValid() throws Exception {
        for (String xsd : SCHEMAS) {
            validate(SurefireXml.render(result(false, window("CQ-1", null, Outcome.PASS, null))), xsd);
        }
    }

    @Test
    void theValidationRejectsWhatTheSchemaForbids() {
        // Proves the validation of the tests above is effective: a fourth decimal and a missing count fail.
        String valid = SurefireXml.render(mixed);
        for (String xsd : SCHEMAS) {
            assertThrows(SAXException.class, () -> validate(valid.replace("time=\"0.012\"", "time=\"0.0120\""), xsd));
            assertThrows(SAXException.class, () -> validate(valid.replaceFirst(" tests=\"4\"", ""), xsd));
        }
    }

    // ---------------------------------------------------------------- content

    @Test
    void theSuiteNamesTheDriverCountsOutcomesAndCarriesProperties() throws Exception {
        Element suite = parse(SurefireXml.render(mixed)).getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals("fabric-tck.sample", suite.getAttribute("name"));
        assertEquals("4", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("1", suite.getAttribute("errors"));
        assertEquals("1", suite.getAttribute("skipped"));
        assertEquals("0.048", suite.getAttribute("time"));
        List<String> properties = new ArrayList<>();
        NodeList nodes = suite.getElementsByTagName("property");
        for (int i = 0; i < nodes.getLength(); i++) {
            Element p = (Element) nodes.item(i);
            properties.add(p.getAttribute("name") + "=" + p.getAttribute("value"));
        }
        assertEquals(List.of("fabric-tck.version=0.1.0", "fabric-tck.driver.name=sample",
                "fabric-tck.driver.version=1.0.0", "fabric-tck.complete=true", "java.version=17.0.15",
                "java.vendor=Eclipse Adoptium"), properties);
    }

    @Test
    void oneTestCasePerWindowVariant() throws Exception {
        List<Element> cases = testCases(parse(SurefireXml.render(mixed)));
        assertEquals(4, cases.size());
        assertEquals(List.of("CQ-1/a Title of CQ-1", "CQ-1/b Title of CQ-1", "HS-2 Title of HS-2", "CS-1 Title of CS-1"),
                cases.stream().map(c -> c.getAttribute("name")).toList());
        cases.forEach(c -> assertEquals("completion-queue", c.getAttribute("classname")));
        cases.forEach(c -> assertEquals("0.012", c.getAttribute("time")));

        Element pass = cases.get(0);
        assertEquals(List.of("system-out"), childNames(pass));

        Element fail = cases.get(1);
        assertEquals(List.of("failure", "system-out"), childNames(fail));
        Element failure = child(fail, "failure");
        assertEquals("FAIL", failure.getAttribute("type"));
        assertEquals("every completion is delivered", failure.getAttribute("message"));
        assertEquals("a completion was queued that no event announced\nsecond line\n\n"
                     + "reproduce: mvn fabric-tck:run -Dfabric-tck.windows=CQ-1/b", failure.getTextContent());

        Element error = child(cases.get(2), "error");
        assertEquals(List.of("error", "system-out"), childNames(cases.get(2)));
        assertEquals("ERROR", error.getAttribute("type"));
        assertEquals("the hold was never reached", error.getAttribute("message"), "the reason's first line");
        assertTrue(error.getTextContent().startsWith("the hold was never reached\nat step 3\n\nreproduce: mvn "));

        assertEquals(List.of("skipped", "system-out"), childNames(cases.get(3)));
        assertEquals("the driver does not implement connection-setup",
                child(cases.get(3), "skipped").getAttribute("message"));
    }

    @Test
    void aFailureWithoutViolatedInvariantsIsNamedByTheReasonsFirstLine() throws Exception {
        WindowResult w = window("CQ-2", null, Outcome.FAIL, "\n  first line  \nsecond");
        w = new WindowResult(w.id(), w.variant(), w.title(), w.family(), w.outcome(), w.durationMillis(), w.reason(),
                List.of(), w.evidence(), w.reproduce(), w.trace());
        Element failure = child(testCases(parse(SurefireXml.render(result(true, w)))).get(0), "failure");
        assertEquals("first line", failure.getAttribute("message"));
    }

    @Test
    void systemOutHasTheTraceOneLinePerEventTheEvidenceAndTheReproduceCommand() throws Exception {
        Element pass = testCases(parse(SurefireXml.render(mixed))).get(0);
        assertEquals("""
                trace (t = ms since the window started):
                t=0.125ms [cq-handler] hold call CompletionQueue.requestNotify @ com.acme.Handler.onEvent(Handler.java:42)
                t=1.000ms [device] enqueue completion
                evidence: windowOpened=true, pointsHit=10, instrumentedClasses=3
                hold [cq-handler] call CompletionQueue.requestNotify @ com.acme.Handler.onEvent(Handler.java:42)
                reproduce: mvn fabric-tck:run -Dfabric-tck.windows=CQ-1/a
                """, child(pass, "system-out").getTextContent());
    }

    @Test
    void aMultiLineTraceEventStaysOnOneLine() {
        WindowResult w = withTrace(window("CQ-1", null, Outcome.PASS, null),
                List.of(new TraceEvent(2.5, "t\n1", "one\r\ntwo\rthree\nfour", null)));
        assertTrue(SurefireXml.systemOut(w).contains("t=2.500ms [t\\n1] one\\ntwo\\nthree\\nfour\n"),
                SurefireXml.systemOut(w));
    }

    @Test
    void anEmptyTraceIsSaid() {
        WindowResult w = withTrace(window("CQ-1", null, Outcome.PASS, null), List.of());
        assertTrue(SurefireXml.systemOut(w).contains("(no events)\n"));
    }

    @Test
    void driverTextSurvivesEscapingAndIllegalCharactersAreReplaced() throws Exception {
        String xml = SurefireXml.render(hostile());
        assertFalse(xml.contains("<script"), "markup is escaped");
        assertFalse(xml.contains("]]>"), "no CDATA terminator anywhere");
        assertFalse(xml.contains("\u0001"), "no character XML 1.0 forbids");

        String shown = "<script>&\"'\\u0001]]>";
        Document doc = parse(xml);
        Element suite = doc.getDocumentElement();
        assertEquals("fabric-tck." + shown, suite.getAttribute("name"));
        Element fail = testCases(doc).get(0);
        assertEquals("CQ-1 " + shown, fail.getAttribute("name"));
        assertEquals(shown, fail.getAttribute("classname"));
        Element failure = child(fail, "failure");
        assertEquals(shown + "; second\ninvariant", failure.getAttribute("message"), "line breaks survive in attributes");
        assertTrue(failure.getTextContent().startsWith(shown + "\r\n\ttab"), "CR and tab survive in text");
        assertTrue(child(fail, "system-out").getTextContent().contains("t=0.000ms [" + shown + "] " + shown + " @ " + shown));
        assertEquals(shown, child(testCases(doc).get(1), "skipped").getAttribute("message"));
        assertEquals(shown, child(testCases(doc).get(2), "error").getAttribute("message"));
    }

    @Test
    void unpairedSurrogatesAndNonCharactersAreReplacedButEmojiIsKept() throws Exception {
        String text = "ok \uD83D\uDE00 lone \uD800 and \uDC00 and \uFFFE\uFFFF end";
        assertEquals("ok \uD83D\uDE00 lone \\uD800 and \\uDC00 and \\uFFFE\\uFFFF end", SurefireXml.text(text));
        Result r = result(true, window("CQ-1", null, Outcome.ERROR, text));
        for (String xsd : SCHEMAS) {
            validate(SurefireXml.render(r), xsd);
        }
    }

    @Test
    void anIncompleteRunHasAnErrorTestCaseSoThatItIsNeverGreen() throws Exception {
        Document doc = parse(SurefireXml.render(result(false, window("CQ-1", "a", Outcome.PASS, null))));
        Element suite = doc.getDocumentElement();
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("errors"));
        Element last = testCases(doc).get(1);
        assertEquals("fabric-tck", last.getAttribute("classname"));
        assertEquals("run complete", last.getAttribute("name"));
        Element error = child(last, "error");
        assertEquals("INCOMPLETE", error.getAttribute("type"));
        assertEquals("The run did not finish; the last window started was CQ-1/a.", error.getAttribute("message"));

        Element none = testCases(parse(SurefireXml.render(result(false)))).get(0);
        assertEquals("The run did not finish; no window started.", child(none, "error").getAttribute("message"));
    }

    @Test
    void timesAreSecondsWithAPointWhateverTheLocale() throws Exception {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            WindowResult slow = withDuration(window("CQ-1", null, Outcome.PASS, null), 1_234_567);
            String xml = SurefireXml.render(result(true, slow, window("CQ-2", null, Outcome.PASS, null)));
            Element suite = parse(xml).getDocumentElement();
            assertEquals("1234.579", suite.getAttribute("time"));
            assertEquals("1234.567", testCases(parse(xml)).get(0).getAttribute("time"));
            assertTrue(SurefireXml.systemOut(slow).contains("t=0.125ms"));
            for (String xsd : SCHEMAS) {
                validate(xml, xsd);
            }
        } finally {
            Locale.setDefault(before);
        }
        assertEquals("0.000", SurefireXml.seconds(0));
        assertEquals("0.276", SurefireXml.seconds(276));
        assertEquals("2.000", SurefireXml.seconds(2000));
        assertEquals("0.000", SurefireXml.seconds(-5), "a clock step back is no negative time");
    }

    @Test
    void fileNameKeepsOnlySafeCharacters() {
        assertEquals("TEST-fabric-tck.sample.xml", SurefireXml.fileName(mixed));
        assertEquals("TEST-fabric-tck.acme_rdma-2.0_x.y_z___.xml",
                SurefireXml.fileName(named("acme/rdma-2.0 x.y\\z\u00fc\uD83D\uDE00:")));
        assertEquals("TEST-fabric-tck..._.._..xml", SurefireXml.fileName(named("../../.")));
        assertEquals("TEST-fabric-tck.unknown.xml", SurefireXml.fileName(named("")));
        assertEquals("TEST-fabric-tck.unknown.xml", SurefireXml.fileName(named(null)));
        assertEquals("TEST-fabric-tck.unknown.xml",
                SurefireXml.fileName(new Result(Result.SCHEMA, "0.1.0", null, null, true, List.of())));
        String longName = SurefireXml.fileName(named("x".repeat(10_000)));
        assertEquals("TEST-fabric-tck.".length() + SurefireXml.MAX_FILE_NAME_PART + ".xml".length(), longName.length());
    }

    // ---------------------------------------------------------------- helpers

    /** FAIL, NOT_APPLICABLE and ERROR windows whose every driver-supplied text is {@link #HOSTILE}. */
    private static Result hostile() {
        Evidence evidence = new Evidence(true, List.of(new Evidence.Hold(HOSTILE, HOSTILE, HOSTILE)), 1, 1);
        List<TraceEvent> trace = List.of(new TraceEvent(0, HOSTILE, HOSTILE, HOSTILE));
        return new Result(Result.SCHEMA, HOSTILE, new Result.DriverInfo(HOSTILE, HOSTILE),
                new Result.JvmInfo(HOSTILE, HOSTILE), true, List.of(
                new WindowResult("CQ-1", null, HOSTILE, HOSTILE, Outcome.FAIL, 1, HOSTILE + "\r\n\ttab",
                        List.of(HOSTILE, "second\ninvariant"), evidence, HOSTILE, trace),
                new WindowResult("CQ-2", null, HOSTILE, HOSTILE, Outcome.NOT_APPLICABLE, 1, HOSTILE,
                        List.of(), evidence, HOSTILE, trace),
                new WindowResult("CQ-3", null, HOSTILE, HOSTILE, Outcome.ERROR, 1, HOSTILE,
                        List.of(), evidence, HOSTILE, trace)));
    }

    private static Result named(String driverName) {
        return new Result(Result.SCHEMA, "0.1.0", new Result.DriverInfo(driverName, "1"), null, true, List.of());
    }

    private static WindowResult withTrace(WindowResult w, List<TraceEvent> trace) {
        return new WindowResult(w.id(), w.variant(), w.title(), w.family(), w.outcome(), w.durationMillis(),
                w.reason(), w.violated(), w.evidence(), w.reproduce(), trace);
    }

    private static WindowResult withDuration(WindowResult w, long millis) {
        return new WindowResult(w.id(), w.variant(), w.title(), w.family(), w.outcome(), millis,
                w.reason(), w.violated(), w.evidence(), w.reproduce(), w.trace());
    }

    /** Validates {@code xml}, encoded as UTF-8 as it is written, against a schema, with no network access. */
    static void validate(String xml, String xsd) throws Exception {
        URL url = SurefireXmlTest.class.getResource("/xsd/" + xsd);
        assertNotNull(url, xsd + " is on the test class path");
        SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        Schema schema;
        try (InputStream in = url.openStream()) {
            schema = factory.newSchema(new StreamSource(in, url.toExternalForm()));
        }
        Validator validator = schema.newValidator();
        validator.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        validator.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        validator.setErrorHandler(new ErrorHandler() {
            @Override
            public void warning(SAXParseException e) throws SAXException {
                throw e;
            }

            @Override
            public void error(SAXParseException e) throws SAXException {
                throw e;
            }

            @Override
            public void fatalError(SAXParseException e) throws SAXException {
                throw e;
            }
        });
        validator.validate(new StreamSource(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))));
    }

    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<Element> testCases(Document doc) {
        List<Element> cases = new ArrayList<>();
        NodeList nodes = doc.getDocumentElement().getElementsByTagName("testcase");
        for (int i = 0; i < nodes.getLength(); i++) {
            cases.add((Element) nodes.item(i));
        }
        return cases;
    }

    private static List<String> childNames(Element e) {
        List<String> names = new ArrayList<>();
        for (var n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                names.add(child.getTagName());
            }
        }
        return names;
    }

    private static Element child(Element e, String name) {
        for (var n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child && child.getTagName().equals(name)) {
                return child;
            }
        }
        throw new AssertionError("no <" + name + "> in <" + e.getTagName() + " name=" + e.getAttribute("name") + ">");
    }
}
