package org.kibitz.core.match;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.kibitz.api.engine.SearchLimits;

/**
 * How long an engine may think in a match, as cutechess-cli writes it: a clock ({@code tc=40/60+0.6}:
 * 40 moves in 60 seconds, 0.6 s added per move; {@code tc=10+0.1} sudden death; {@code tc=inf}), a
 * fixed time per move ({@code st=1}), a node or depth limit, or several together (the first reached
 * ends the search). The clock is Kibitz's: kept from {@code go} to {@code bestmove}; an engine over
 * its time by more than {@code margin} in a move loses on time; an overrun within the margin is
 * forgiven (the clock stops at zero, as fastchess keeps it), not carried to the next move.
 *
 * @param movesPerPeriod moves per period of a repeating control, 0 for sudden death
 * @param base           time of a period, empty when there is no clock
 * @param increment      added after every move
 * @param moveTime       fixed time per move ({@code st})
 * @param nodes          node limit per move
 * @param depth          depth limit per move
 * @param margin         how far past its time an engine may go before it loses ({@code timemargin}, ms)
 */
public record TimeControl(int movesPerPeriod, Optional<Duration> base, Duration increment, Optional<Duration> moveTime,
                          OptionalLong nodes, OptionalInt depth, Duration margin) {

    /**
     * Margin when none is given: enough for process scheduling on a busy machine. (fastchess's own
     * default {@code timemargin} is 0; its fixed 100 ms is only how much longer it waits for an engine
     * that does not answer before ruling the loss; {@code bench match} gives both runners the same margin.)
     */
    public static final Duration DEFAULT_MARGIN = Duration.ofMillis(100);

    public TimeControl {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(increment, "increment");
        Objects.requireNonNull(moveTime, "moveTime");
        Objects.requireNonNull(nodes, "nodes");
        Objects.requireNonNull(depth, "depth");
        Objects.requireNonNull(margin, "margin");
        if (movesPerPeriod < 0 || increment.isNegative() || margin.isNegative()
                || base.filter(b -> b.isNegative() || b.isZero()).isPresent()) {
            throw new IllegalArgumentException("a time control needs positive times");
        }
        if (base.isEmpty() && moveTime.isEmpty() && nodes.isEmpty() && depth.isEmpty()) {
            throw new IllegalArgumentException("a time control needs tc, st, nodes or depth");
        }
    }

    /**
     * Reads {@code tc}, {@code st}, {@code nodes}, {@code depth} and {@code timemargin} from
     * {@code key=value} settings (the rest is not ours and is ignored).
     *
     * @throws IllegalArgumentException with the reason, for a value that does not read
     */
    public static TimeControl parse(Map<String, String> settings) {
        int moves = 0;
        Optional<Duration> base = Optional.empty();
        Duration inc = Duration.ZERO;
        String tc = settings.get("tc");
        if (tc != null && !tc.equalsIgnoreCase("inf") && !tc.equalsIgnoreCase("infinite")) {
            String t = tc.strip();
            int slash = t.indexOf('/');
            if (slash >= 0) {
                moves = positiveInt(t.substring(0, slash), "tc");
                t = t.substring(slash + 1);
            }
            int plus = t.indexOf('+');
            String b = plus >= 0 ? t.substring(0, plus) : t;
            base = Optional.of(clockTime(b, tc));
            if (plus >= 0) {
                inc = seconds(t.substring(plus + 1), tc);
            }
        }
        Optional<Duration> st = Optional.ofNullable(settings.get("st")).map(s -> seconds(s, "st=" + s));
        OptionalLong nodes = settings.containsKey("nodes")
                ? OptionalLong.of(positiveLong(settings.get("nodes"), "nodes")) : OptionalLong.empty();
        OptionalInt depth = settings.containsKey("depth")
                ? OptionalInt.of(positiveInt(settings.get("depth"), "depth")) : OptionalInt.empty();
        Duration margin = settings.containsKey("timemargin")
                ? Duration.ofMillis(nonNegativeLong(settings.get("timemargin"), "timemargin")) : DEFAULT_MARGIN;
        return new TimeControl(moves, base, inc, st, nodes, depth, margin);
    }

    /** A limit of {@code n} nodes a move and no clock. */
    public static TimeControl nodes(long n) {
        return new TimeControl(0, Optional.empty(), Duration.ZERO, Optional.empty(), OptionalLong.of(n), OptionalInt.empty(),
                DEFAULT_MARGIN);
    }

    /** Whether a clock runs (else only the per-move limits count). */
    public boolean clocked() {
        return base.isPresent();
    }

    /** What an engine is told at its move, with the clocks as they stand and the moves left in the period. */
    public SearchLimits limits(Duration whiteLeft, Duration blackLeft, int movesToGo) {
        Optional<SearchLimits.Clock> clock = base.map(b -> new SearchLimits.Clock(nonNegative(whiteLeft),
                nonNegative(blackLeft), increment, increment, movesPerPeriod == 0 ? 0 : movesToGo));
        return new SearchLimits(depth, nodes, moveTime, clock, OptionalInt.empty(), false, false, 1, List.of());
    }

    /**
     * The longest an engine's move may take before it is over its limit: its clock plus the margin,
     * the move time plus the margin; without either, {@code fallback} (a node or depth search that never
     * ends is a stalled engine, not a slow one).
     */
    public Duration allowed(Duration left, Duration fallback) {
        Duration a = null;
        if (base.isPresent()) {
            a = nonNegative(left).plus(margin);
        }
        if (moveTime.isPresent()) {
            Duration m = moveTime.get().plus(margin);
            a = a == null || m.compareTo(a) < 0 ? m : a;
        }
        return a == null ? fallback : a;
    }

    /** The control as cutechess writes it in PGN's TimeControl tag: {@code 40/60+0.6}, {@code 10+0.1}, {@code -} without a clock. */
    public String pgnTag() {
        if (base.isEmpty()) {
            return moveTime.map(m -> "1/" + secs(m)).orElse("-");
        }
        return (movesPerPeriod > 0 ? movesPerPeriod + "/" : "") + secs(base.get())
                + (increment.isZero() ? "" : "+" + secs(increment));
    }

    /** The time of a period (zero without a clock). */
    public Duration period() {
        return base.orElse(Duration.ZERO);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        base.ifPresent(x -> b.append("tc=").append(pgnTag()));
        moveTime.ifPresent(x -> b.append(b.isEmpty() ? "" : " ").append("st=").append(secs(x)));
        nodes.ifPresent(x -> b.append(b.isEmpty() ? "" : " ").append("nodes=").append(x));
        depth.ifPresent(x -> b.append(b.isEmpty() ? "" : " ").append("depth=").append(x));
        return b.toString();
    }

    private static String secs(Duration d) {
        double s = d.toNanos() / 1e9;
        return s == Math.rint(s) ? Long.toString((long) s) : String.format(Locale.ROOT, "%s", stripZeros(s));
    }

    private static String stripZeros(double s) {
        String t = String.format(Locale.ROOT, "%.3f", s);
        while (t.endsWith("0")) {
            t = t.substring(0, t.length() - 1);
        }
        return t.endsWith(".") ? t.substring(0, t.length() - 1) : t;
    }

    private static Duration nonNegative(Duration d) {
        return d.isNegative() ? Duration.ZERO : d;
    }

    /** {@code 60}, {@code 0.5} seconds, or {@code m:ss} minutes and seconds as cutechess accepts. */
    private static Duration clockTime(String text, String whole) {
        String t = text.strip();
        int colon = t.indexOf(':');
        if (colon >= 0) {
            Duration min = Duration.ofMinutes(positiveOrZeroInt(t.substring(0, colon), whole));
            return min.plus(seconds(t.substring(colon + 1), whole));
        }
        Duration d = seconds(t, whole);
        if (d.isZero()) {
            throw new IllegalArgumentException("not a time control: " + whole);
        }
        return d;
    }

    private static Duration seconds(String text, String whole) {
        try {
            double s = Double.parseDouble(text.strip());
            if (!(s >= 0) || Double.isInfinite(s)) {
                throw new NumberFormatException();
            }
            return Duration.ofNanos(Math.round(s * 1e9));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a time in seconds in " + whole + ": " + text);
        }
    }

    private static int positiveInt(String text, String what) {
        long v = positiveLong(text, what);
        if (v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(what + " is too large: " + text);
        }
        return (int) v;
    }

    private static int positiveOrZeroInt(String text, String what) {
        return (int) nonNegativeLong(text, what);
    }

    private static long positiveLong(String text, String what) {
        long v = nonNegativeLong(text, what);
        if (v == 0) {
            throw new IllegalArgumentException(what + " must be 1 or more: " + text);
        }
        return v;
    }

    private static long nonNegativeLong(String text, String what) {
        try {
            long v = Long.parseLong(text.strip());
            if (v < 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a whole number: " + text);
        }
    }
}
