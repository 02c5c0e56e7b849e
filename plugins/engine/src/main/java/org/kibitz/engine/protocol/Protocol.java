package org.kibitz.engine.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** One protocol's side of the engine: reads command lines, answers on a {@link LineWriter}. */
public interface Protocol {

    /**
     * Handles one command line (already stripped, not empty).
     *
     * @return false when the engine must end ({@code quit})
     */
    boolean handle(String line);

    /** The input ended or the engine is quitting: stop searching and say goodbye if the protocol wants it. */
    void close();

    /** The protocols the engine speaks, by the name of the flag and of the first command. */
    enum Kind {
        UCI, UCCI, XBOARD;

        /** The kind for a {@code --protocol} value or a first command ({@code uci}, {@code ucci}, {@code xboard}). */
        public static Optional<Kind> named(String name) {
            return switch (name.strip().toLowerCase(Locale.ROOT)) {
                case "uci" -> Optional.of(UCI);
                case "ucci" -> Optional.of(UCCI);
                case "xboard", "cecp", "winboard" -> Optional.of(XBOARD);
                default -> Optional.empty();
            };
        }

        public Protocol create(EngineCore core, LineWriter out) {
            return switch (this) {
                case UCI -> new Uci(core, out);
                case UCCI -> new Ucci(core, out);
                case XBOARD -> new Xboard(core, out);
            };
        }
    }

    /** Splits a command line into tokens on any run of white space. */
    static List<String> tokens(String line) {
        List<String> out = new ArrayList<>();
        for (String t : line.strip().split("\\s+")) {
            if (!t.isEmpty()) {
                out.add(t);
            }
        }
        return out;
    }

    /**
     * A UCI or UCCI {@code position} command, {@code position {fen <FEN> | startpos} [moves ...]}.
     *
     * @param fen   the FEN, or null for {@code startpos}
     * @param moves the moves after it, as sent
     */
    record PositionCommand(String fen, List<String> moves) {

        /** The command's parts, or empty when it is neither {@code fen} nor {@code startpos}. */
        static Optional<PositionCommand> parse(List<String> t) {
            if (t.size() < 2) {
                return Optional.empty();
            }
            int movesAt = t.indexOf("moves");
            List<String> moves = movesAt > 0 ? List.copyOf(t.subList(movesAt + 1, t.size())) : List.of();
            return switch (t.get(1)) {
                case "fen" -> {
                    String fen = String.join(" ", t.subList(2, movesAt > 0 ? movesAt : t.size()));
                    yield Optional.of(new PositionCommand(fen, moves));
                }
                case "startpos" -> Optional.of(new PositionCommand(null, moves));
                default -> Optional.empty();
            };
        }

        /** The game the FEN is of, or {@code fallback} for {@code startpos} and a FEN that does not tell. */
        Game game(Game fallback) {
            return fen == null ? fallback : Game.ofFen(fen).orElse(fallback);
        }
    }

    /** A whole number, or {@code fallback} when the text is none (protocol input is never trusted). */
    static long number(String text, long fallback) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            try {
                return Math.round(Double.parseDouble(text.strip()));
            } catch (NumberFormatException e2) {
                return fallback;
            }
        }
    }

    /** A decimal number, or {@code fallback}. */
    static double decimal(String text, double fallback) {
        try {
            return Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
