package io.github.fabrictck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void writesScalars() {
        assertEquals("null", Json.write(null));
        assertEquals("true", Json.write(true));
        assertEquals("42", Json.write(42L));
        assertEquals("42", Json.write(42));
        assertEquals("0.125", Json.write(0.125));
        assertEquals("\"x\"", Json.write("x"));
    }

    @Test
    void escapesQuotesBackslashesAndControlCharacters() {
        assertEquals("\"a\\\"b\\\\c/d\"", Json.write("a\"b\\c/d"));
        assertEquals("\"\\b\\f\\n\\r\\t\\u0000\\u001f\\u2028\"", Json.write("\b\f\n\r\t\u0000\u001f\u2028"));
        assertEquals("\"é→😀\"", Json.write("é→😀"));
    }

    @Test
    void keepsMemberOrderAndNests() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("z", List.of());
        inner.put("a", Map.of());
        Map<String, Object> outer = new LinkedHashMap<>();
        outer.put("b", 1L);
        outer.put("a", Arrays.asList(inner, null, "s"));
        assertEquals("{\"b\":1,\"a\":[{\"z\":[],\"a\":{}},null,\"s\"]}", Json.write(outer));
        assertEquals("{\n  \"b\": 1,\n  \"a\": [\n    {\n      \"z\": [],\n      \"a\": {}\n    },\n    null,\n    \"s\"\n  ]\n}\n",
                Json.pretty(outer));
    }

    @Test
    void roundTripsEveryKindOfValue() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("string", "line1\nline2\t\"quoted\" \\ \u0001 é 😀");
        doc.put("long", Long.MIN_VALUE);
        doc.put("double", -1.5e-7);
        doc.put("wholeDouble", 2.0);
        doc.put("true", true);
        doc.put("false", false);
        doc.put("null", null);
        doc.put("array", new ArrayList<>(List.of(1L, "two", new ArrayList<>(List.of(3.5)))));
        doc.put("", new LinkedHashMap<>(Map.of("k", "v")));

        assertEquals(doc, Json.parse(Json.write(doc)));
        assertEquals(doc, Json.parse(Json.pretty(doc)));
        Object parsed = Json.parse(Json.write(doc));
        assertEquals(List.copyOf(doc.keySet()), List.copyOf(((Map<?, ?>) parsed).keySet()), "member order");
        assertEquals(Double.class, ((Map<?, ?>) parsed).get("wholeDouble").getClass());
    }

    @Test
    void parsesStandardJson() {
        assertEquals(Map.of("a", List.of(1L, -0.5, 1.0E10, 2.5E-3), "b", "\u00e9/\n"),
                Json.parse(" {\"a\" : [1, -5e-1, 1E10, 25e-4], \"b\":\"\\u00E9\\/\\n\"}\r\n"));
        assertEquals("😀", Json.parse("\"\\ud83d\\ude00\""));
        assertEquals(9.223372036854775808E18, Json.parse("9223372036854775808"), "too large for a long");
        assertEquals(0L, Json.parse("-0"));
    }

    @Test
    void malformedInputNamesThePosition() {
        assertMalformed("{\"a\":1,}", "Malformed JSON at position 7: expected a string as member name, found '}'.");
        assertMalformed("[1 2]", "Malformed JSON at position 3: expected ',' or ']', found '2'.");
        assertMalformed("{\"a\" 1}", "Malformed JSON at position 5: expected ':', found '1'.");
        assertMalformed("\"abc", "Malformed JSON at position 4: unterminated string, found the end of the input.");
        assertMalformed("\"a\nb\"", "Malformed JSON at position 2: control character in string (must be escaped), found '\\u000a'.");
        assertMalformed("\"\\x\"", "Malformed JSON at position 2: invalid escape '\\x', found 'x'.");
        assertMalformed("\"\\u12g4\"", "Malformed JSON at position 2: invalid \\u escape, found 'u'.");
        assertMalformed("01", "Malformed JSON at position 1: expected the end of the document, found '1'.");
        assertMalformed("1.", "Malformed JSON at position 2: expected a digit after '.', found the end of the input.");
        assertMalformed("-", "Malformed JSON at position 1: expected a digit, found the end of the input.");
        assertMalformed("tru", "Malformed JSON at position 0: expected a value, found 't'.");
        assertMalformed("", "Malformed JSON at position 0: expected a value, found the end of the input.");
        assertMalformed("{} x", "Malformed JSON at position 3: expected the end of the document, found 'x'.");
        assertMalformed("{\"a\":1,\"a\":2}", "Malformed JSON at position 7: duplicate member name \"a\".");
        assertMalformed("[".repeat(600), "Malformed JSON at position 512: nested deeper than 512 levels.");
    }

    @Test
    void refusesWhatJsonCannotHold() {
        assertThrows(IllegalArgumentException.class, () -> Json.write(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Json.write(Map.of(1, "x")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
        assertTrue(e.getMessage().contains("java.lang.Object"), e.getMessage());
    }

    private static void assertMalformed(String text, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.parse(text), text);
        assertEquals(message, e.getMessage(), text);
    }
}
