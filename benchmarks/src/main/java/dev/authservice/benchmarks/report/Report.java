package dev.authservice.benchmarks.report;

import dev.authservice.benchmarks.rounds.Rounds;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;

/** results.json: the figures as printed, the value of each round, the machine and the flags. */
public final class Report {

    private Report() {
    }

    public static String json(Instant at, Map<String, String> machine, Map<String, Object> flags,
                              Map<String, Double> figures, Map<String, String> notMeasured, Rounds rounds) {
        StringBuilder json = new StringBuilder(2048).append("{\n");
        json.append("  \"generated_at\": ").append(string(at.toString())).append(",\n");
        json.append("  \"machine\": ");
        object(json, machine, value -> string(value));
        json.append(",\n  \"flags\": ");
        object(json, flags, value -> value instanceof Number ? value.toString() : string(value.toString()));
        json.append(",\n  \"figures\": ");
        objectOf(json, figures.entrySet().iterator(), entry -> number(entry.getKey(), entry.getValue()));
        json.append(",\n  \"not_measured\": ");
        object(json, notMeasured, value -> string(value));
        json.append(",\n  \"rounds\": ");
        objectOf(json, rounds.all().entrySet().iterator(), entry -> {
            StringBuilder values = new StringBuilder("[");
            for (int i = 0; i < entry.getValue().size(); i++) {
                values.append(i == 0 ? "" : ", ").append(number(entry.getKey(), entry.getValue().get(i)));
            }
            return values.append(']').toString();
        });
        return json.append("\n}\n").toString();
    }

    private static <V> void object(StringBuilder json, Map<String, V> map, java.util.function.Function<V, String> value) {
        objectOf(json, map.entrySet().iterator(), entry -> value.apply(entry.getValue()));
    }

    private static <V> void objectOf(StringBuilder json, Iterator<Map.Entry<String, V>> entries,
                                     java.util.function.Function<Map.Entry<String, V>, String> value) {
        json.append("{");
        boolean first = true;
        while (entries.hasNext()) {
            Map.Entry<String, V> entry = entries.next();
            json.append(first ? "\n" : ",\n").append("    ").append(string(entry.getKey())).append(": ")
                    .append(value.apply(entry));
            first = false;
        }
        json.append("\n  }");
    }

    /** As printed; JSON has no NaN or infinity, so a figure that could not be measured is null. */
    private static String number(String name, Double value) {
        return value == null || value.isNaN() || value.isInfinite() ? "null" : Figures.format(name, value);
    }

    private static String string(String text) {
        StringBuilder quoted = new StringBuilder(text.length() + 2).append('"');
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (c < 0x20) {
                        quoted.append(String.format("\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }
}
