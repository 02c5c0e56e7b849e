package org.kibitz.protocols.uci;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.api.engine.EngineOption.TextKind;

/**
 * Reads option declarations: UCI {@code option name Hash type spin default 16 min 1 max 1024} and
 * UCCI {@code option hashsize type spin min 0 max 1024 default 0} (no {@code name} keyword, fields in
 * any order, a {@code label} type that is not an option at all).
 */
public final class OptionParser {

    /** What {@code <empty>} in a string default stands for (Stockfish writes it for an empty value). */
    public static final String EMPTY_MARK = "<empty>";

    private OptionParser() {
    }

    /**
     * The option a line declares.
     *
     * @param ucci whether the line is UCCI's form (name without the {@code name} keyword)
     * @return empty when the line declares no usable option (a UCCI label, or a malformed line)
     */
    public static Optional<EngineOption> parse(String line, boolean ucci) {
        List<String> tokens = List.of(line.trim().split("\\s+"));
        if (tokens.isEmpty() || !tokens.get(0).equals("option")) {
            return Optional.empty();
        }
        int i = 1;
        StringBuilder name = new StringBuilder();
        if (!ucci) {
            if (tokens.size() < 2 || !tokens.get(1).equals("name")) {
                return Optional.empty();
            }
            i = 2;
        }
        while (i < tokens.size() && !tokens.get(i).equals("type")) {
            if (!name.isEmpty()) {
                name.append(' ');
            }
            name.append(tokens.get(i));
            i++;
        }
        if (name.isEmpty() || i + 1 >= tokens.size()) {
            return Optional.empty();
        }
        String type = tokens.get(i + 1).toLowerCase(Locale.ROOT);
        i += 2;
        String def = null;
        String min = null;
        String max = null;
        List<String> vars = new ArrayList<>();
        String key = null;
        StringBuilder value = new StringBuilder();
        for (; i <= tokens.size(); i++) {
            String t = i < tokens.size() ? tokens.get(i) : null;
            boolean isKey = t != null && (t.equals("default") || t.equals("min") || t.equals("max") || t.equals("var"));
            // A string's default is the rest of the line, keywords and all.
            if (isKey && "default".equals(key) && type.equals("string")) {
                isKey = false;
            }
            if (t == null || isKey) {
                if (key != null) {
                    String v = value.toString();
                    switch (key) {
                        case "default" -> def = v;
                        case "min" -> min = v;
                        case "max" -> max = v;
                        case "var" -> vars.add(v);
                        default -> {
                            // unreachable
                        }
                    }
                }
                key = t;
                value.setLength(0);
            } else if (key != null) {
                if (!value.isEmpty()) {
                    value.append(' ');
                }
                value.append(t);
            }
        }
        String n = name.toString();
        if (type.equals("spin") && (!numeric(def) || !numeric(min) || !numeric(max))) {
            return Optional.empty(); // numbers that are not numbers: a broken declaration
        }
        return switch (type) {
            case "spin" -> {
                long lo = parseLong(min, Long.MIN_VALUE);
                long hi = parseLong(max, Long.MAX_VALUE);
                if (lo > hi) {
                    long t = lo;
                    lo = hi;
                    hi = t;
                }
                long d = Math.max(lo, Math.min(hi, parseLong(def, Math.max(lo, Math.min(hi, 0)))));
                yield Optional.of(new EngineOption.Spin(n, d, lo, hi));
            }
            case "check" -> Optional.of(new EngineOption.Check(n, def != null && (def.equalsIgnoreCase("true")
                    || def.equals("1") || def.equalsIgnoreCase("on"))));
            case "combo" -> {
                String d = def != null ? def : vars.isEmpty() ? "" : vars.get(0);
                yield Optional.of(new EngineOption.Combo(n, d, vars));
            }
            case "button" -> Optional.of(new EngineOption.Button(n));
            case "string" -> Optional.of(new EngineOption.Text(n, def == null || def.equals(EMPTY_MARK) ? "" : def,
                    TextKind.STRING));
            default -> Optional.empty(); // UCCI "label", or a type nobody knows
        };
    }

    private static boolean numeric(String s) {
        return s == null || s.trim().matches("[+-]?\\d{1,18}");
    }

    private static long parseLong(String s, long otherwise) {
        if (s == null) {
            return otherwise;
        }
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }
}
