package io.github.fabrictck.report;

import java.util.Locale;

/**
 * Escaping for {@code report.html}. Every string that comes from a driver or from a result (names,
 * reasons, trace text, thread names, locations) goes through {@link #escape} before it is written,
 * in text and in attribute values alike, inside HTML and inside inline SVG.
 */
final class Html {

    private Html() {
    }

    /**
     * {@code s} as HTML text or as a double- or single-quoted attribute value: {@code & < > " '} as
     * character references, so no tag, comment ({@code <!--}), CDATA end ({@code ]]>}) or quote
     * can come out of it. Control characters other than tab and line breaks, unpaired surrogates
     * and the non-characters U+FFFE and U+FFFF are written as the visible text {@code \}{@code uXXXX}.
     * {@code null} is the empty string.
     */
    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case '\t', '\n' -> out.append(c);
                case '\r' -> out.append("&#13;");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(++i));
                    } else if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || Character.isSurrogate(c)
                               || c == '\uFFFE' || c == '\uFFFF') {
                        out.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** A dot between names ({@code Endpoint.java}, {@code sample.Endpoint}), never one in a number. */
    private static final java.util.regex.Pattern NAME_DOT = java.util.regex.Pattern.compile("(?<=[\\p{L}\\p{N}_$])\\.(?=[\\p{L}_$])");

    /**
     * {@code s} escaped as {@link #escape} does, with a line-break opportunity ({@code <wbr>}) after
     * every dot between names: a long class or source location then wraps between its names, and a
     * line number or a decimal is never cut in two.
     */
    static String breakable(String s) {
        return NAME_DOT.matcher(escape(s)).replaceAll(".<wbr>");
    }

    /**
     * A driver source location ({@code com.acme.Handler.handle(Handler.java:30)}) escaped, which wraps
     * only between names and before its parenthesis, never inside its line number.
     */
    static String location(String at) {
        return breakable(at).replace("(", "<wbr>(");
    }

    /**
     * {@code url} as an {@code href} value when it is an {@code http} or {@code https} link, else
     * {@code null}: a {@code javascript:} or {@code data:} link is never written.
     */
    static String safeHref(String url) {
        if (url == null) {
            return null;
        }
        String u = url.strip();
        String lower = u.toLowerCase(Locale.ROOT);
        if ((lower.startsWith("https://") || lower.startsWith("http://")) && u.chars().noneMatch(ch -> ch <= 0x20)) {
            return escape(u);
        }
        return null;
    }
}
