package io.github.fabrictck.report;

import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A result as a JUnit/Surefire XML report ({@code TEST-*.xml}), valid against Maven Surefire's
 * {@code surefire-test-report.xsd}: the format the test reporters of Jenkins, GitLab and GitHub read.
 *
 * <p>One {@code <testsuite>} named {@code fabric-tck.<driver name>}, one {@code <testcase>} per window
 * variant: {@code classname} is the window's family, {@code name} its label and title. FAIL is a
 * {@code <failure>}, ERROR an {@code <error>}, NOT_APPLICABLE a {@code <skipped>}; every test case has
 * a {@code <system-out>} with the trace, the evidence and the command that reproduces it. A run that
 * did not finish gets one more test case, {@value #INCOMPLETE_NAME}, in error, so that a CI report of
 * a crashed or timed-out run is never green.
 *
 * <p>The JDK's StAX writer ({@link XMLStreamWriter}) writes the document and escapes markup in the
 * driver's text. Before it sees a text, {@link CharacterReferences} replaces the characters XML 1.0
 * cannot carry (control characters other than tab, line feed and carriage return, unpaired
 * surrogates, U+FFFE, U+FFFF) by the text {@code \}{@code uXXXX}, and keeps tab, line feed and
 * carriage return where a parser would otherwise normalize them away (in attribute values, and a
 * carriage return in text) as character references.
 */
public final class SurefireXml {

    /** Where the schema the report follows is published. */
    public static final String SCHEMA_LOCATION =
            "https://maven.apache.org/surefire/maven-surefire-plugin/xsd/surefire-test-report.xsd";

    /** The {@code classname} and {@code name} of the test case added for a run that did not finish. */
    static final String INCOMPLETE_CLASSNAME = "fabric-tck";
    static final String INCOMPLETE_NAME = "run complete";

    /** A longer driver name is cut in the file name, which file systems limit to 255 bytes. */
    static final int MAX_FILE_NAME_PART = 200;

    private SurefireXml() {
    }

    /**
     * {@code TEST-fabric-tck.<driver name>.xml}, the name with every character outside
     * {@code [A-Za-z0-9._-]} replaced by {@code _} (and {@code unknown} when there is none).
     */
    public static String fileName(Result r) {
        return "TEST-fabric-tck." + sanitize(driverName(r)) + ".xml";
    }

    /** The report, an XML document encoded as text; write it as UTF-8 (the declaration says so). */
    public static String render(Result r) {
        StringWriter text = new StringWriter(1024);
        try {
            // the JDK's own writer, whatever StAX implementation a class path offers: CharacterReferences relies on
            // its behaviour (markup escaped, every other character passed on as it is)
            XMLStreamWriter x = XMLOutputFactory.newDefaultFactory()
                    .createXMLStreamWriter(new CharacterReferences(text));
            document(x, r);
            x.close();
        } catch (XMLStreamException e) {
            // the writer only fails on a misuse of its API (an end without a start), a defect here
            throw new IllegalStateException("Cannot write the Surefire XML report: " + e, e);
        }
        return text.toString();
    }

    private static void document(XMLStreamWriter x, Result r) throws XMLStreamException {
        List<WindowResult> windows = r.windows();
        int failures = 0, errors = 0, skipped = 0;
        long millis = 0;
        for (WindowResult w : windows) {
            Outcome outcome = w.outcome() == null ? Outcome.ERROR : w.outcome();
            switch (outcome) {
                case FAIL -> failures++;
                case ERROR -> errors++;
                case NOT_APPLICABLE -> skipped++;
                case PASS -> { }
            }
            millis = saturatedAdd(millis, Math.max(0, w.durationMillis()));
        }
        int tests = windows.size();
        if (!r.complete()) {
            tests++;
            errors++;
        }
        Result.DriverInfo driver = r.driver() == null ? new Result.DriverInfo(null, null) : r.driver();
        Result.JvmInfo jvm = r.jvm() == null ? new Result.JvmInfo(null, null) : r.jvm();

        x.writeStartDocument("UTF-8", "1.0");
        x.writeCharacters("\n");
        x.writeStartElement("testsuite");
        x.writeNamespace("xsi", XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI);
        x.writeAttribute("xsi", XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI, "noNamespaceSchemaLocation", SCHEMA_LOCATION);
        attribute(x, "name", "fabric-tck." + driverName(r));
        attribute(x, "time", seconds(millis));
        attribute(x, "tests", String.valueOf(tests));
        attribute(x, "errors", String.valueOf(errors));
        attribute(x, "skipped", String.valueOf(skipped));
        attribute(x, "failures", String.valueOf(failures));
        x.writeCharacters("\n  ");
        x.writeStartElement("properties");
        property(x, "fabric-tck.version", r.tckVersion());
        property(x, "fabric-tck.driver.name", driver.name());
        property(x, "fabric-tck.driver.version", driver.version());
        property(x, "fabric-tck.complete", String.valueOf(r.complete()));
        property(x, "java.version", jvm.version());
        property(x, "java.vendor", jvm.vendor());
        x.writeCharacters("\n  ");
        x.writeEndElement();
        for (WindowResult w : windows) {
            testCase(x, w);
        }
        if (!r.complete()) {
            String why = windows.isEmpty()
                    ? "The run did not finish; no window started."
                    : "The run did not finish; the last window started was " + windows.get(windows.size() - 1).label() + ".";
            x.writeCharacters("\n  ");
            x.writeStartElement("testcase");
            attribute(x, "name", INCOMPLETE_NAME);
            attribute(x, "classname", INCOMPLETE_CLASSNAME);
            attribute(x, "time", "0.000");
            outcome(x, "error", why, "INCOMPLETE", why + "\nThe fork timed out, crashed or was exited by the driver;"
                                                  + " see the log of the fabric-tck:run goal.");
            x.writeCharacters("\n  ");
            x.writeEndElement();
        }
        x.writeCharacters("\n");
        x.writeEndElement();
        x.writeCharacters("\n");
        x.writeEndDocument();
    }

    private static void testCase(XMLStreamWriter x, WindowResult w) throws XMLStreamException {
        String title = w.title() == null || w.title().isBlank() ? "" : " " + w.title();
        x.writeCharacters("\n  ");
        x.writeStartElement("testcase");
        attribute(x, "name", w.label() + title);
        attribute(x, "classname", w.family() == null ? "unknown" : w.family());
        attribute(x, "time", seconds(w.durationMillis()));
        Outcome outcome = w.outcome() == null ? Outcome.ERROR : w.outcome();
        String reason = w.reason() == null || w.reason().isBlank() ? "(no reason given)" : w.reason();
        String details = reason + "\n\nreproduce: " + nullToEmpty(w.reproduce());
        switch (outcome) {
            case FAIL -> outcome(x, "failure", w.violated().isEmpty() ? firstLine(reason)
                    : String.join("; ", w.violated()), "FAIL", details);
            case ERROR -> outcome(x, "error", firstLine(reason), "ERROR", details);
            case NOT_APPLICABLE -> {
                x.writeCharacters("\n    ");
                x.writeEmptyElement("skipped");
                attribute(x, "message", reason);
            }
            case PASS -> { }
        }
        x.writeCharacters("\n    ");
        x.writeStartElement("system-out");
        text(x, systemOut(w));
        x.writeEndElement();
        x.writeCharacters("\n  ");
        x.writeEndElement();
    }

    /** A {@code <failure>} or {@code <error>}: the message, the type, the details as its text. */
    private static void outcome(XMLStreamWriter x, String element, String message, String type, String details)
            throws XMLStreamException {
        x.writeCharacters("\n    ");
        x.writeStartElement(element);
        attribute(x, "message", message);
        attribute(x, "type", type);
        text(x, details);
        x.writeEndElement();
    }

    /** The trace, one line per event, then the evidence and the reproduce command. */
    static String systemOut(WindowResult w) {
        StringBuilder out = new StringBuilder();
        out.append("trace (t = ms since the window started):\n");
        if (w.trace().isEmpty()) {
            out.append("(no events)\n");
        }
        for (TraceEvent t : w.trace()) {
            out.append("t=").append(String.format(Locale.ROOT, "%.3f", t.t())).append("ms [")
                    .append(oneLine(t.thread())).append("] ").append(oneLine(t.event()));
            if (t.at() != null) {
                out.append(" @ ").append(oneLine(t.at()));
            }
            out.append('\n');
        }
        Evidence e = w.evidence() == null ? Evidence.none() : w.evidence();
        out.append("evidence: windowOpened=").append(e.windowOpened()).append(", pointsHit=").append(e.pointsHit())
                .append(", instrumentedClasses=").append(e.instrumentedClasses()).append('\n');
        for (Evidence.Hold h : e.holds()) {
            out.append("hold [").append(oneLine(h.thread())).append("] ").append(oneLine(h.point()));
            if (h.at() != null) {
                out.append(" @ ").append(oneLine(h.at()));
            }
            out.append('\n');
        }
        return out.append("reproduce: ").append(oneLine(w.reproduce())).append('\n').toString();
    }

    // ---------------------------------------------------------------- text

    /** {@code millis} as seconds with three decimals and a '.', whatever the default locale. */
    static String seconds(long millis) {
        return BigDecimal.valueOf(Math.max(0, millis), 3).toPlainString();
    }

    static String sanitize(String name) {
        StringBuilder s = new StringBuilder();
        name.codePoints().limit(MAX_FILE_NAME_PART).forEach(c -> s.append(
                (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                || c == '.' || c == '_' || c == '-' ? (char) c : '_'));
        return s.length() == 0 ? "unknown" : s.toString();
    }

    private static String driverName(Result r) {
        String name = r.driver() == null ? null : r.driver().name();
        return name == null || name.isBlank() ? "unknown" : name;
    }

    private static void property(XMLStreamWriter x, String name, String value) throws XMLStreamException {
        x.writeCharacters("\n    ");
        x.writeEmptyElement("property");
        attribute(x, "name", name);
        attribute(x, "value", nullToEmpty(value));
    }

    private static void attribute(XMLStreamWriter x, String name, String value) throws XMLStreamException {
        x.writeAttribute(name, CharacterReferences.attribute(value));
    }

    private static void text(XMLStreamWriter x, String s) throws XMLStreamException {
        x.writeCharacters(CharacterReferences.text(s));
    }

    /** {@code s} as the text a parser reads back from the report's element content. */
    static String text(String s) {
        return CharacterReferences.legal(s);
    }

    /** Line breaks as the text {@code \n}, so that one trace event stays on one line. */
    private static String oneLine(String s) {
        return s == null ? "" : s.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n");
    }

    private static String firstLine(String reason) {
        return reason.strip().lines().findFirst().orElse("").strip();
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
