package org.kibitz.protocols.xboard;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.api.engine.EngineOption.TextKind;

/** Reads CECP {@code feature} lines and the option declarations they carry. */
public final class Features {

    /** One {@code NAME=VALUE} pair; a quoted value without its quotes. */
    public record Pair(String name, String value) {
    }

    private static final Pattern OPTION_TYPE = Pattern.compile(
            " -(button|save|reset|check|string|file|path|spin|slider|combo)(?=\\s|$)");

    private Features() {
    }

    /**
     * The pairs of a feature line ({@code feature ping=1 myname="Fairy-Max 5.0b" done=1}). A value is
     * an integer or a double-quoted string that may hold spaces; a pair the engine got wrong (no
     * {@code =}, no closing quote) ends the line.
     */
    public static List<Pair> parse(String line) {
        List<Pair> out = new ArrayList<>();
        String s = line.strip();
        int i = s.startsWith("feature") ? 7 : 0;
        int n = s.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            int nameStart = i;
            while (i < n && s.charAt(i) != '=' && !Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i >= n || s.charAt(i) != '=' || i == nameStart) {
                break;
            }
            String name = s.substring(nameStart, i);
            i++;
            String value;
            if (i < n && s.charAt(i) == '"') {
                int close = s.indexOf('"', i + 1);
                if (close < 0) {
                    value = s.substring(i + 1);
                    i = n;
                } else {
                    value = s.substring(i + 1, close);
                    i = close + 1;
                }
            } else {
                int vs = i;
                while (i < n && !Character.isWhitespace(s.charAt(i))) {
                    i++;
                }
                value = s.substring(vs, i);
            }
            out.add(new Pair(name, value));
        }
        return out;
    }

    /**
     * The option an {@code option="NAME -TYPE ARGS"} feature declares. NAME may hold spaces and
     * ends at the first {@code " -TYPE"}.
     */
    public static Optional<EngineOption> option(String declaration) {
        Matcher m = OPTION_TYPE.matcher(declaration);
        if (!m.find() || m.start() == 0) {
            return Optional.empty();
        }
        String name = declaration.substring(0, m.start()).strip();
        String type = m.group(1);
        String args = declaration.substring(m.end()).strip();
        return switch (type) {
            case "button", "save", "reset" -> Optional.of(new EngineOption.Button(name));
            case "check" -> Optional.of(new EngineOption.Check(name, args.startsWith("1")));
            case "string" -> Optional.of(new EngineOption.Text(name, args, TextKind.STRING));
            case "file" -> Optional.of(new EngineOption.Text(name, args, TextKind.FILE));
            case "path" -> Optional.of(new EngineOption.Text(name, args, TextKind.PATH));
            case "spin", "slider" -> spin(name, args);
            case "combo" -> combo(name, args);
            default -> Optional.empty();
        };
    }

    private static Optional<EngineOption> spin(String name, String args) {
        String[] t = args.split("\\s+");
        try {
            long v = Long.parseLong(t[0]);
            long min = t.length > 1 ? Long.parseLong(t[1]) : Long.MIN_VALUE;
            long max = t.length > 2 ? Long.parseLong(t[2]) : Long.MAX_VALUE;
            if (min > max) {
                long x = min;
                min = max;
                max = x;
            }
            return Optional.of(new EngineOption.Spin(name, Math.max(min, Math.min(max, v)), min, max));
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }

    private static Optional<EngineOption> combo(String name, String args) {
        List<String> choices = new ArrayList<>();
        String current = null;
        for (String part : args.split("///")) {
            String c = part.strip();
            if (c.startsWith("*")) {
                c = c.substring(1).strip();
                current = c;
            }
            if (!c.isEmpty()) {
                choices.add(c);
            }
        }
        if (choices.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new EngineOption.Combo(name, current != null ? current : choices.get(0), choices));
    }
}
