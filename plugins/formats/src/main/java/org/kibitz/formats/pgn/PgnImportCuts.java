package org.kibitz.formats.pgn;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.formats.text.LineReader;

/**
 * A PGN file cut into games for an import that needs only each game's main line and a few tags (the
 * opening tree): the same cuts, numbers and lines as {@link PgnFormat#reader}, but a game is not built
 * into a tree unless the caller asks ({@link Cut#build()}). A game is offered for a light read
 * ({@link Cut#plain()}) only when the full read could not tell it anything more: standard chess
 * from the start position in SAN, no variations, no null moves, nothing the scanner warned about. For
 * every other game, and for any game whose light read fails, the caller builds it in full, so problems
 * and counts are the full reader's.
 */
public final class PgnImportCuts implements Closeable {

    private final PgnScanner scanner;
    private final PgnGameBuilder builder;
    private final GameDetector detector;
    private final String source;

    public PgnImportCuts(InputStream in, ReadContext context) throws IOException {
        this.scanner = new PgnScanner(LineReader.open(in, context.charset()), context.source());
        this.builder = new PgnGameBuilder(context);
        this.detector = new GameDetector(context.games(), context.gameHint());
        this.source = context.source();
    }

    /** The next game, {@code null} after the last. */
    public Cut next() throws IOException {
        PgnGameText text = scanner.next();
        return text == null ? null : new Cut(text);
    }

    /** Passes over the next game by its header; whether there was one. */
    public boolean skip() throws IOException {
        return scanner.next(true) != null;
    }

    @Override
    public void close() throws IOException {
        scanner.close();
    }

    /** One game as cut from the file. */
    public final class Cut {
        private final PgnGameText text;
        private List<String> moves;
        private String result;
        private List<FormatProblem> problems;

        Cut(PgnGameText text) {
            this.text = text;
        }

        /** The game's number in the file, from 1. */
        public int number() {
            return text.number;
        }

        /** The value of the last tag of this name, or {@code null}. */
        public String tag(String name) {
            return text.tag(name);
        }

        /** The game read in full, as {@link PgnFormat#reader} gives it. */
        public ReadResult build() {
            return PgnGameReader.build(builder, text, source);
        }

        /**
         * The game's rules when a light read can stand for the full one, else {@code null}: standard
         * chess from the start position in SAN, or xiangqi from the start position in ICCS coordinates
         * ({@code h2e2}, the only form taken), its main line with nothing else to read but comments and
         * NAGs after moves: no variations, no null moves, no {@code FEN} or {@code Format} tag, nothing
         * the scanner warned about. Then {@link #moves()}, {@link #result()} and {@link #problems()}
         * are what a full read would have seen, and a full read gives the game those moves if each one
         * is legal.
         */
        public GamePlugin plain() {
            if (text.tooLarge || !text.problems.isEmpty()) {
                return null;
            }
            String fen = text.tag("FEN");
            if ((fen != null && !fen.isBlank()) || text.tag("Format") != null) {
                return null;
            }
            if (!(detector.detect(text) instanceof GameDetector.Verdict.Candidates c) || c.games().isEmpty()
                    || c.variant().isPresent()) {
                return null;
            }
            GamePlugin game = c.games().get(0);
            boolean chess = game.id().equals("chess");
            if (!chess && !game.id().equals("xiangqi")) {
                return null;
            }
            List<String> ms = new ArrayList<>(text.size());
            String movetextResult = null;
            for (int i = 0, n = text.size(); i < n; i++) {
                switch (text.kind(i)) {
                    case PgnGameText.MOVE -> {
                        String t = text.text(i);
                        if (text.value(i) != PgnGameText.ASCII || PgnGameBuilder.isNullMove(t)) {
                            return null;
                        }
                        if (chess ? ms.isEmpty() && PgnTokens.isCoordinates(t) : !iccs(t)) {
                            return null; // chess: the full read would try coordinates first
                        }
                        ms.add(t);
                    }
                    case PgnGameText.NAG -> {
                        if (ms.isEmpty()) {
                            return null; // a warning of the full read
                        }
                    }
                    case PgnGameText.OPEN, PgnGameText.CLOSE -> {
                        return null;
                    }
                    case PgnGameText.RESULT -> movetextResult = text.text(i);
                    default -> {
                        // comments: nothing the tree keeps
                    }
                }
            }
            List<FormatProblem> ps = new ArrayList<>(0);
            String tagResult = text.tag("Result");
            result = PgnHeaders.settledResult(source, text, tagResult, movetextResult, ps).orElse(tagResult);
            problems = ps;
            moves = ms;
            return game;
        }

        /** Four characters, lower case: file, rank, file, rank of a xiangqi board ({@code h2e2}). */
        private static boolean iccs(String t) {
            return t.length() == 4 && file(t.charAt(0)) && rank(t.charAt(1)) && file(t.charAt(2)) && rank(t.charAt(3));
        }

        private static boolean file(char c) {
            return c >= 'a' && c <= 'i';
        }

        private static boolean rank(char c) {
            return c >= '0' && c <= '9';
        }

        /** The main line's move tokens, after {@link #plain()} named the game. */
        public List<String> moves() {
            return moves;
        }

        /** The game's Result tag as a full read settles it (the movetext's when the tag says none), or {@code null}. */
        public String result() {
            return result;
        }

        /** Warnings a full read gives the game (a result that disagrees with the tag). */
        public List<FormatProblem> problems() {
            return problems;
        }
    }
}
