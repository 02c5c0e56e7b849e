package org.kibitz.core.evaluate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.kibitz.api.game.Side;
import org.kibitz.core.GameFiles;

/**
 * Which games of the input files, and which of their moves, a batch evaluates.
 *
 * @param games    ranges of game numbers (within each file, from 1); empty for every game
 * @param fromPly  the first ply whose move is judged (1 = the first move)
 * @param side     whose moves are judged
 * @param player   when present, only games this player took part in (White/Red or Black tag contains it,
 *                 ignoring case), and only that player's moves
 */
public record GameSelection(List<Range> games, int fromPly, SideFilter side, Optional<String> player) {

    /** Everything: every game, every move of both sides. */
    public static final GameSelection ALL = new GameSelection(List.of(), 1, SideFilter.BOTH, Optional.empty());

    public enum SideFilter {
        WHITE, BLACK, BOTH;

        /** {@code white}, {@code red} (the same side), {@code black}, {@code both}. */
        public static SideFilter parse(String text) {
            return switch (text.strip().toLowerCase(Locale.ROOT)) {
                case "white", "red", "w", "r" -> WHITE;
                case "black", "b" -> BLACK;
                case "both", "all" -> BOTH;
                default -> throw new IllegalArgumentException("--side " + text + ": write white, red, black or both");
            };
        }

        public boolean takes(Side s) {
            return this == BOTH || (this == WHITE) == (s == Side.WHITE);
        }
    }

    /** Game numbers {@code first} to {@code last}, both included. */
    public record Range(int first, int last) {
        public Range {
            if (first < 1 || last < first) {
                throw new IllegalArgumentException("game range " + first + "-" + last);
            }
        }

        boolean contains(int n) {
            return n >= first && n <= last;
        }

        @Override
        public String toString() {
            return first == last ? Integer.toString(first) : first + "-" + (last == Integer.MAX_VALUE ? "" : Integer.toString(last));
        }
    }

    public GameSelection {
        games = List.copyOf(games);
        if (fromPly < 1) {
            throw new IllegalArgumentException("--from-ply must be 1 or more: " + fromPly);
        }
        player = player.map(String::strip).filter(p -> !p.isEmpty());
    }

    /** {@code 1-10,15,20-} ({@code 20-}: from 20 to the end). */
    public static List<Range> parseRanges(String text) {
        List<Range> out = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        for (String part : text.split(",")) {
            String p = part.strip();
            try {
                int dash = p.indexOf('-');
                if (dash < 0) {
                    int n = Integer.parseInt(p);
                    out.add(new Range(n, n));
                } else {
                    int a = Integer.parseInt(p.substring(0, dash).strip());
                    String b = p.substring(dash + 1).strip();
                    out.add(new Range(a, b.isEmpty() ? Integer.MAX_VALUE : Integer.parseInt(b)));
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--games " + text + ": write numbers and ranges such as 1-10,15,20-");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--games " + text + ": " + e.getMessage());
            }
        }
        return out;
    }

    /** Whether the game with this number and header is selected. */
    public boolean takes(GameFiles.Entry entry) {
        if (!games.isEmpty() && games.stream().noneMatch(r -> r.contains(entry.gameNumber()))) {
            return false;
        }
        return player.isEmpty() || playerSide(entry).isPresent();
    }

    /** The side {@link #player} plays in that game, White first when both tags match. */
    public Optional<Side> playerSide(GameFiles.Entry entry) {
        if (player.isEmpty()) {
            return Optional.empty();
        }
        String needle = player.get().toLowerCase(Locale.ROOT);
        if (entry.white().toLowerCase(Locale.ROOT).contains(needle)) {
            return Optional.of(Side.WHITE);
        }
        if (entry.black().toLowerCase(Locale.ROOT).contains(needle)) {
            return Optional.of(Side.BLACK);
        }
        return Optional.empty();
    }

    /**
     * Whether the move of {@code ply} (from 1), played by {@code mover}, is judged in a game with
     * header {@code entry}.
     */
    public boolean judges(GameFiles.Entry entry, int ply, Side mover) {
        if (ply < fromPly || !side.takes(mover)) {
            return false;
        }
        return player.isEmpty() || playerSide(entry).map(s -> s == mover).orElse(false);
    }

    /** The selection as text for a run's parameters and a manifest (stable). */
    public String describe() {
        return "games=" + String.join(",", games.stream().map(Range::toString).toList()) + ";fromPly=" + fromPly
                + ";side=" + side.name().toLowerCase(Locale.ROOT) + ";player=" + player.orElse("");
    }
}
