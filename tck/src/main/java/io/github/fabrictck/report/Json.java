package io.github.fabrictck.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON writer and parser, so that the fork's side costs the kit no dependency: the channel's
 * messages, the standalone {@code --out} mode's files and the bench. Maven's process writes and reads
 * the result file and the certificate through Jackson instead (the plugin's {@code ResultDocument}).
 *
 * <p>Values are {@code null}, {@link Boolean}, {@link String}, numbers, {@link Map Map&lt;String, ?&gt;}
 * (objects) and {@link Collection} (arrays). The parser returns objects as {@link LinkedHashMap}
 * (members in document order), arrays as {@link List}, integers as {@link Long} and every other
 * number as {@link Double}. Malformed input is an {@link IllegalArgumentException} that names the
 * position (0-based character offset) where parsing stopped.
 */
public final class Json {

    /** Deeper documents are refused rather than risking a {@code StackOverflowError}. */
    private static final int MAX_DEPTH = 512;

    private Json() {
    }

    /** {@code value} as compact JSON text. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, -1, 0);
        return out.toString();
    }

    /** {@code value} as JSON text indented by two spaces per level, for files people read. */
    public static String pretty(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, 2, 0);
        return out.append('\n').toString();
    }

    /** The value that {@code text} holds; see the class comment for the Java types. */
    public static Object parse(String text) {
        Parser parser = new Parser(text);
        parser.skipWhitespace();
        Object value = parser.value(0);
        parser.skipWhitespace();
        if (parser.pos < text.length()) {
            throw parser.error("expected the end of the document");
        }
        return value;
    }

    // ---------------------------------------------------------------- writing

    private static void write(Object value, StringBuilder out, int indent, int depth) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            quote(s, out);
        } else if (value instanceof Boolean b) {
            out.append(b.booleanValue());
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("JSON has no representation for " + d);
            }
            out.append(d);
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short
                || value instanceof Byte || value instanceof java.math.BigInteger
                || value instanceof java.math.BigDecimal) {
            out.append(value);
        } else if (value instanceof Map<?, ?> map) {
            writeObject(map, out, indent, depth);
        } else if (value instanceof Collection<?> list) {
            writeArray(list, out, indent, depth);
        } else {
            throw new IllegalArgumentException("JSON has no representation for a " + value.getClass().getName());
        }
    }

    private static void writeObject(Map<?, ?> map, StringBuilder out, int indent, int depth) {
        if (map.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> member : map.entrySet()) {
            if (!(member.getKey() instanceof String key)) {
                throw new IllegalArgumentException("JSON object keys must be strings, not " + member.getKey());
            }
            if (!first) {
                out.append(',');
            }
            first = false;
            newline(out, indent, depth + 1);
            quote(key, out);
            out.append(indent < 0 ? ":" : ": ");
            write(member.getValue(), out, indent, depth + 1);
        }
        newline(out, indent, depth);
        out.append('}');
    }

    private static void writeArray(Collection<?> list, StringBuilder out, int indent, int depth) {
        if (list.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append('[');
        boolean first = true;
        for (Object element : list) {
            if (!first) {
                out.append(',');
            }
            first = false;
            newline(out, indent, depth + 1);
            write(element, out, indent, depth + 1);
        }
        newline(out, indent, depth);
        out.append(']');
    }

    private static void newline(StringBuilder out, int indent, int depth) {
        if (indent >= 0) {
            out.append('\n').append(" ".repeat(indent * depth));
        }
    }

    private static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    // U+2028/U+2029 are legal JSON but break JavaScript that embeds the text (report.html).
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    // ---------------------------------------------------------------- parsing

    private static final class Parser {
        private final String text;
        private int pos;

        Parser(String text) {
            this.text = text;
        }

        Object value(int depth) {
            if (pos >= text.length()) {
                throw error("expected a value");
            }
            char c = text.charAt(pos);
            return switch (c) {
                case '{' -> object(depth + 1);
                case '[' -> array(depth + 1);
                case '"' -> string();
                case 't' -> literal("true", Boolean.TRUE);
                case 'f' -> literal("false", Boolean.FALSE);
                case 'n' -> literal("null", null);
                default -> {
                    if (c == '-' || (c >= '0' && c <= '9')) {
                        yield number();
                    }
                    throw error("expected a value");
                }
            };
        }

        private Map<String, Object> object(int depth) {
            checkDepth(depth);
            pos++; // '{'
            Map<String, Object> members = new LinkedHashMap<>();
            skipWhitespace();
            if (peek() == '}') {
                pos++;
                return members;
            }
            while (true) {
                skipWhitespace();
                if (peek() != '"') {
                    throw error("expected a string as member name");
                }
                int keyPos = pos;
                String key = string();
                skipWhitespace();
                expect(':');
                skipWhitespace();
                Object value = value(depth);
                if (members.containsKey(key)) {
                    throw failure(keyPos, "duplicate member name \"" + key + "\"");
                }
                members.put(key, value);
                skipWhitespace();
                char c = peek();
                if (c == ',') {
                    pos++;
                } else if (c == '}') {
                    pos++;
                    return members;
                } else {
                    throw error("expected ',' or '}'");
                }
            }
        }

        private List<Object> array(int depth) {
            checkDepth(depth);
            pos++; // '['
            List<Object> elements = new ArrayList<>();
            skipWhitespace();
            if (peek() == ']') {
                pos++;
                return elements;
            }
            while (true) {
                skipWhitespace();
                elements.add(value(depth));
                skipWhitespace();
                char c = peek();
                if (c == ',') {
                    pos++;
                } else if (c == ']') {
                    pos++;
                    return elements;
                } else {
                    throw error("expected ',' or ']'");
                }
            }
        }

        private String string() {
            pos++; // opening quote
            StringBuilder s = new StringBuilder();
            while (true) {
                if (pos >= text.length()) {
                    throw error("unterminated string");
                }
                char c = text.charAt(pos);
                if (c == '"') {
                    pos++;
                    return s.toString();
                }
                if (c < 0x20) {
                    throw error("control character in string (must be escaped)");
                }
                if (c != '\\') {
                    s.append(c);
                    pos++;
                    continue;
                }
                pos++;
                if (pos >= text.length()) {
                    throw error("unterminated string");
                }
                char e = text.charAt(pos);
                switch (e) {
                    case '"' -> s.append('"');
                    case '\\' -> s.append('\\');
                    case '/' -> s.append('/');
                    case 'b' -> s.append('\b');
                    case 'f' -> s.append('\f');
                    case 'n' -> s.append('\n');
                    case 'r' -> s.append('\r');
                    case 't' -> s.append('\t');
                    case 'u' -> {
                        if (pos + 5 > text.length()) {
                            throw error("incomplete \\u escape");
                        }
                        int code = 0;
                        for (int i = 1; i <= 4; i++) {
                            int digit = Character.digit(text.charAt(pos + i), 16);
                            if (digit < 0) {
                                throw error("invalid \\u escape");
                            }
                            code = code * 16 + digit;
                        }
                        s.append((char) code);
                        pos += 4;
                    }
                    default -> throw error("invalid escape '\\" + e + "'");
                }
                pos++;
            }
        }

        private Object number() {
            int start = pos;
            if (peek() == '-') {
                pos++;
            }
            if (peek() == '0') {
                pos++;
            } else if (isDigit(peek())) {
                digits();
            } else {
                throw error("expected a digit");
            }
            boolean integer = true;
            if (peek() == '.') {
                integer = false;
                pos++;
                if (!isDigit(peek())) {
                    throw error("expected a digit after '.'");
                }
                digits();
            }
            if (peek() == 'e' || peek() == 'E') {
                integer = false;
                pos++;
                if (peek() == '+' || peek() == '-') {
                    pos++;
                }
                if (!isDigit(peek())) {
                    throw error("expected a digit in the exponent");
                }
                digits();
            }
            String literal = text.substring(start, pos);
            if (integer) {
                try {
                    return Long.parseLong(literal);
                } catch (NumberFormatException tooLarge) {
                    return Double.parseDouble(literal);
                }
            }
            return Double.parseDouble(literal);
        }

        private void digits() {
            while (isDigit(peek())) {
                pos++;
            }
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }

        private Object literal(String word, Object value) {
            if (!text.startsWith(word, pos)) {
                throw error("expected a value");
            }
            pos += word.length();
            return value;
        }

        private void expect(char c) {
            if (peek() != c) {
                throw error("expected '" + c + "'");
            }
            pos++;
        }

        /** The current character, or {@code 0} at the end (never valid where a token is expected). */
        private char peek() {
            return pos < text.length() ? text.charAt(pos) : 0;
        }

        void skipWhitespace() {
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                    return;
                }
                pos++;
            }
        }

        private void checkDepth(int depth) {
            if (depth > MAX_DEPTH) {
                throw failure(pos, "nested deeper than " + MAX_DEPTH + " levels");
            }
        }

        IllegalArgumentException error(String expectation) {
            String found = pos >= text.length() ? "the end of the input"
                    : "'" + printable(text.charAt(pos)) + "'";
            return failure(pos, expectation + ", found " + found);
        }

        private static IllegalArgumentException failure(int position, String problem) {
            return new IllegalArgumentException("Malformed JSON at position " + position + ": " + problem + ".");
        }

        private static String printable(char c) {
            return c < 0x20 || c == 0x7f ? String.format("\\u%04x", (int) c) : String.valueOf(c);
        }
    }
}
