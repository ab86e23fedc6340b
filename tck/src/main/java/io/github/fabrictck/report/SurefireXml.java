package io.github.fabrictck.report;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

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
 * <p>Text from the driver is escaped; characters XML 1.0 cannot carry (control characters other than
 * tab, line feed and carriage return, unpaired surrogates, U+FFFE, U+FFFF) are written as the text
 * {@code \}{@code uXXXX}.
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

        StringBuilder x = new StringBuilder(1024);
        x.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<testsuite xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:noNamespaceSchemaLocation=\"")
                .append(SCHEMA_LOCATION).append('"')
                .append(" name=\"").append(attribute("fabric-tck." + driverName(r))).append('"')
                .append(" time=\"").append(seconds(millis)).append('"')
                .append(" tests=\"").append(tests).append('"')
                .append(" errors=\"").append(errors).append('"')
                .append(" skipped=\"").append(skipped).append('"')
                .append(" failures=\"").append(failures).append("\">\n");
        x.append("  <properties>\n");
        property(x, "fabric-tck.version", r.tckVersion());
        property(x, "fabric-tck.driver.name", driver.name());
        property(x, "fabric-tck.driver.version", driver.version());
        property(x, "fabric-tck.complete", String.valueOf(r.complete()));
        property(x, "java.version", jvm.version());
        property(x, "java.vendor", jvm.vendor());
        x.append("  </properties>\n");
        for (WindowResult w : windows) {
            testCase(x, w);
        }
        if (!r.complete()) {
            String why = windows.isEmpty()
                    ? "The run did not finish; no window started."
                    : "The run did not finish; the last window started was " + windows.get(windows.size() - 1).label() + ".";
            x.append("  <testcase name=\"").append(INCOMPLETE_NAME).append("\" classname=\"")
                    .append(INCOMPLETE_CLASSNAME).append("\" time=\"0.000\">\n");
            x.append("    <error message=\"").append(attribute(why)).append("\" type=\"INCOMPLETE\">")
                    .append(text(why + "\nThe fork timed out, crashed or was exited by the driver;"
                                 + " see the log of the fabric-tck:run goal.")).append("</error>\n");
            x.append("  </testcase>\n");
        }
        return x.append("</testsuite>\n").toString();
    }

    private static void testCase(StringBuilder x, WindowResult w) {
        String title = w.title() == null || w.title().isBlank() ? "" : " " + w.title();
        x.append("  <testcase name=\"").append(attribute(w.label() + title)).append('"')
                .append(" classname=\"").append(attribute(w.family() == null ? "unknown" : w.family())).append('"')
                .append(" time=\"").append(seconds(w.durationMillis())).append("\">\n");
        Outcome outcome = w.outcome() == null ? Outcome.ERROR : w.outcome();
        String reason = w.reason() == null || w.reason().isBlank() ? "(no reason given)" : w.reason();
        String details = reason + "\n\nreproduce: " + nullToEmpty(w.reproduce());
        switch (outcome) {
            case FAIL -> {
                String message = w.violated().isEmpty() ? firstLine(reason) : String.join("; ", w.violated());
                x.append("    <failure message=\"").append(attribute(message)).append("\" type=\"FAIL\">")
                        .append(text(details)).append("</failure>\n");
            }
            case ERROR -> x.append("    <error message=\"").append(attribute(firstLine(reason)))
                    .append("\" type=\"ERROR\">").append(text(details)).append("</error>\n");
            case NOT_APPLICABLE -> x.append("    <skipped message=\"").append(attribute(reason)).append("\"/>\n");
            case PASS -> { }
        }
        x.append("    <system-out>").append(text(systemOut(w))).append("</system-out>\n");
        x.append("  </testcase>\n");
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

    private static void property(StringBuilder x, String name, String value) {
        x.append("    <property name=\"").append(attribute(name)).append("\" value=\"")
                .append(attribute(nullToEmpty(value))).append("\"/>\n");
    }

    /** {@code s} as element content. */
    static String text(String s) {
        return escape(s, false);
    }

    /** {@code s} as a double-quoted attribute value; line breaks and tabs survive attribute normalization. */
    static String attribute(String s) {
        return escape(s, true);
    }

    private static String escape(String s, boolean attribute) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;"); // also keeps "]]>" out of the text
                case '"' -> out.append(attribute ? "&quot;" : "\"");
                case '\r' -> out.append("&#13;"); // a parser would turn a raw CR into LF
                case '\n' -> out.append(attribute ? "&#10;" : "\n");
                case '\t' -> out.append(attribute ? "&#9;" : "\t");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(++i));
                    } else if (c < 0x20 || Character.isSurrogate(c) || c == '\uFFFE' || c == '\uFFFF') {
                        out.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
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
