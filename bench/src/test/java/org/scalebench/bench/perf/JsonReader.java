package org.scalebench.bench.perf;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict reader of JSON (RFC 8259) for tests: objects become ordered maps, arrays lists, numbers doubles.
 * Rejects anything that is not JSON (NaN, trailing commas, unquoted keys, text after the value).
 */
final class JsonReader {

    private final String text;
    private int at;

    private JsonReader(final String text) {
        this.text = text;
    }

    static Object parse(final String text) {
        final JsonReader reader = new JsonReader(text);
        final Object value = reader.value();
        reader.space();
        if (reader.at != text.length()) {
            throw reader.error("text after the value");
        }
        return value;
    }

    private Object value() {
        space();
        if (at >= text.length()) {
            throw error("unexpected end");
        }
        final char c = text.charAt(at);
        if (c == '{') {
            return object();
        }
        if (c == '[') {
            return array();
        }
        if (c == '"') {
            return string();
        }
        if (text.startsWith("true", at) || text.startsWith("false", at) || text.startsWith("null", at)) {
            final String word = text.startsWith("true", at) ? "true" : text.startsWith("false", at) ? "false" : "null";
            at += word.length();
            return "null".equals(word) ? null : Boolean.valueOf(word);
        }
        return number();
    }

    private Map<String, Object> object() {
        final Map<String, Object> map = new LinkedHashMap<>();
        at++;
        space();
        if (peek() == '}') {
            at++;
            return map;
        }
        while (true) {
            space();
            if (peek() != '"') {
                throw error("expected a key");
            }
            final String key = string();
            space();
            expect(':');
            if (map.put(key, value()) != null) {
                throw error("duplicate key " + key);
            }
            space();
            if (peek() == ',') {
                at++;
                continue;
            }
            expect('}');
            return map;
        }
    }

    private List<Object> array() {
        final List<Object> list = new ArrayList<>();
        at++;
        space();
        if (peek() == ']') {
            at++;
            return list;
        }
        while (true) {
            list.add(value());
            space();
            if (peek() == ',') {
                at++;
                continue;
            }
            expect(']');
            return list;
        }
    }

    private String string() {
        expect('"');
        final StringBuilder s = new StringBuilder();
        while (true) {
            final char c = next();
            if (c == '"') {
                return s.toString();
            }
            if (c < 0x20) {
                throw error("control character in a string");
            }
            if (c != '\\') {
                s.append(c);
                continue;
            }
            final char e = next();
            switch (e) {
                case '"', '\\', '/' -> s.append(e);
                case 'n' -> s.append('\n');
                case 'r' -> s.append('\r');
                case 't' -> s.append('\t');
                case 'b' -> s.append('\b');
                case 'f' -> s.append('\f');
                case 'u' -> {
                    s.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    at += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private Double number() {
        final int start = at;
        final java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?").matcher(text).region(at, text.length());
        if (!m.lookingAt()) {
            throw error("not a JSON value");
        }
        at = m.end();
        return Double.valueOf(text.substring(start, at));
    }

    private void space() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
    }

    private char peek() {
        return at < text.length() ? text.charAt(at) : '\0';
    }

    private char next() {
        if (at >= text.length()) {
            throw error("unexpected end");
        }
        return text.charAt(at++);
    }

    private void expect(final char c) {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        at++;
    }

    private IllegalArgumentException error(final String what) {
        return new IllegalArgumentException("JSON at " + at + ": " + what);
    }
}
