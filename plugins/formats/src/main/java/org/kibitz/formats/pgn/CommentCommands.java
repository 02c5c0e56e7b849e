package org.kibitz.formats.pgn;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.tree.PgnCommand;

/**
 * The embedded commands of a PGN comment ({@code [%eval 0.17]}, {@code [%clk 0:01:00]},
 * {@code [%csl Ga4]}...): taken out of the text into typed fields, and written back.
 */
final class CommentCommands {

    /** A comment split into its text and its commands. */
    record Parsed(String text, Score eval, Duration clock, List<PgnCommand> others) {
    }

    private CommentCommands() {
    }

    static Parsed parse(String comment) {
        if (comment.indexOf("[%") < 0) {
            return new Parsed(comment, null, null, List.of());
        }
        StringBuilder text = new StringBuilder(comment.length());
        Score eval = null;
        Duration clock = null;
        List<PgnCommand> others = new ArrayList<>(1);
        int i = 0;
        int n = comment.length();
        while (i < n) {
            int open = comment.indexOf("[%", i);
            if (open < 0) {
                text.append(comment, i, n);
                break;
            }
            int close = comment.indexOf(']', open);
            if (close < 0) {
                text.append(comment, i, n);
                break;
            }
            text.append(comment, i, open);
            String body = comment.substring(open + 2, close).strip();
            int sp = 0;
            while (sp < body.length() && !Character.isWhitespace(body.charAt(sp))) {
                sp++;
            }
            String name = body.substring(0, sp);
            String value = body.substring(sp).strip();
            boolean taken = false;
            if (name.equals("eval") && eval == null) {
                eval = parseEval(value);
                taken = eval != null;
            } else if (name.equals("clk") && clock == null) {
                clock = parseClock(value);
                taken = clock != null;
            }
            if (!taken && !name.isEmpty()) {
                others.add(new PgnCommand(name, value));
            }
            i = close + 1;
        }
        return new Parsed(collapse(text), eval, clock, List.copyOf(others));
    }

    /** Pawns from White's side ({@code 0.17}, {@code -1.50}) or a mate ({@code #3}, {@code #-2}); a depth after a comma is ignored. */
    static Score parseEval(String value) {
        String v = value;
        int comma = v.indexOf(',');
        if (comma >= 0) {
            v = v.substring(0, comma);
        }
        v = v.strip();
        try {
            if (v.startsWith("#")) {
                return Score.mate(Integer.parseInt(v.substring(1).replace("+", "")));
            }
            BigDecimal pawns = new BigDecimal(v.startsWith("+") ? v.substring(1) : v);
            return Score.centipawns(pawns.movePointRight(2).setScale(0, RoundingMode.HALF_EVEN).intValueExact());
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    /** {@code H:MM:SS} with an optional fraction, or {@code M:SS}. */
    static Duration parseClock(String value) {
        String[] parts = value.strip().split(":");
        if (parts.length < 2 || parts.length > 3) {
            return null;
        }
        try {
            long h = parts.length == 3 ? Long.parseLong(parts[0]) : 0;
            long m = Long.parseLong(parts[parts.length - 2]);
            BigDecimal s = new BigDecimal(parts[parts.length - 1]);
            if (h < 0 || m < 0 || s.signum() < 0) {
                return null;
            }
            long nanos = s.movePointRight(9).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
            return Duration.ofHours(h).plusMinutes(m).plusNanos(nanos);
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    static String formatEval(Score score) {
        return switch (score) {
            case Score.Mate m -> "#" + m.moves();
            case Score.Centipawns c -> BigDecimal.valueOf(c.cp(), 2).toPlainString();
        };
    }

    static String formatClock(Duration d) {
        long s = d.getSeconds();
        String out = String.format(java.util.Locale.ROOT, "%d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60);
        int nanos = d.getNano();
        if (nanos != 0) {
            String frac = BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString();
            out += frac.substring(1); // ".5"
        }
        return out;
    }

    /** The commands of a node as PGN writes them, {@code [%eval ...]} and {@code [%clk ...]} first. */
    static String format(Score eval, Duration clock, List<PgnCommand> others) {
        StringBuilder sb = new StringBuilder();
        if (eval != null) {
            sb.append("[%eval ").append(formatEval(eval)).append(']');
        }
        if (clock != null) {
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append("[%clk ").append(formatClock(clock)).append(']');
        }
        for (PgnCommand c : others) {
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append("[%").append(c.name());
            if (!c.value().isEmpty()) {
                sb.append(' ').append(c.value());
            }
            sb.append(']');
        }
        return sb.toString();
    }

    /** The text left once commands are out: no padding, no doubled spaces where a command stood. */
    private static String collapse(StringBuilder sb) {
        String s = PgnScanner.trimComment(sb);
        return s.replaceAll("[ \\t]{2,}", " ");
    }
}
