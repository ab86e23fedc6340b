package io.github.fabrictck.report;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * What the JDK's StAX writer leaves to its caller, for {@link SurefireXml}: it escapes markup, but
 * writes every character it is given as it is. So, before it sees a text:
 * <ul>
 *   <li>a character XML 1.0 forbids (a control character other than tab, line feed and carriage
 *       return, an unpaired surrogate, U+FFFE, U+FFFF) becomes the text {@code \}{@code uXXXX}:
 *       the report stays well-formed whatever a driver says;</li>
 *   <li>a tab, line feed or carriage return in an attribute value, and a carriage return in text,
 *       which a parser would turn into a space or a line feed, is swapped for a forbidden control
 *       character (none is left in any text after the first rule), and this stream, under the
 *       writer, writes that one as the character reference {@code &#9;}, {@code &#10;} or
 *       {@code &#13;}.</li>
 * </ul>
 */
final class CharacterReferences extends FilterWriter {

    private static final char TAB = '\u0001';
    private static final char LINE_FEED = '\u0002';
    private static final char CARRIAGE_RETURN = '\u0003';

    CharacterReferences(Writer out) {
        super(out);
    }

    /** {@code s} as an attribute value for the StAX writer. */
    static String attribute(String s) {
        return legal(s).replace('\t', TAB).replace('\n', LINE_FEED).replace('\r', CARRIAGE_RETURN);
    }

    /** {@code s} as element content for the StAX writer. */
    static String text(String s) {
        return legal(s).replace('\r', CARRIAGE_RETURN);
    }

    /** {@code s} with every character XML 1.0 forbids written as the text {@code \}{@code uXXXX}. */
    static String legal(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                out.append(c).append(s.charAt(++i));
            } else if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' || Character.isSurrogate(c)
                       || c == '\uFFFE' || c == '\uFFFF') {
                out.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    @Override
    public void write(int c) throws IOException {
        switch (c) {
            case TAB -> out.write("&#9;");
            case LINE_FEED -> out.write("&#10;");
            case CARRIAGE_RETURN -> out.write("&#13;");
            default -> out.write(c);
        }
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
        for (int i = offset; i < offset + length; i++) {
            write(chars[i]);
        }
    }

    @Override
    public void write(String s, int offset, int length) throws IOException {
        for (int i = offset; i < offset + length; i++) {
            write(s.charAt(i));
        }
    }
}
