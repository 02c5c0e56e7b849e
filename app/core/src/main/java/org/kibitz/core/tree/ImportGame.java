package org.kibitz.core.tree;

import java.security.MessageDigest;
import java.util.List;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.api.tree.Tags;
import org.kibitz.chess.board.Board;
import org.kibitz.chess.board.BoardReplay;
import org.kibitz.chess.board.BoardState;
import org.kibitz.chess.board.Moves;
import org.kibitz.formats.pgn.PgnImportCuts;

/**
 * What an import keeps of one game read: its problems, and for a game without errors its row of the
 * games table, its identity and its main line as (position hash, packed move, mover's rating) triples,
 * each (position, move) once however often the game repeats it. Made on the reading thread while the
 * game's nodes are still in that core's cache; the importing thread then counts flat arrays and never
 * walks the game (walking nodes another core had built was a fifth of its time).
 *
 * @param gameId  the game's rules ({@code chess}, {@code xiangqi}); null when the game has errors or none
 * @param endHash the position the counted moves lead to (its games list shows the games that reached it)
 */
record ImportGame(int gameNumber, List<FormatProblem> problems, boolean errors, String gameId, long identity, String white, String black,
                  String event, int year, int whiteElo, int blackElo, GameResult result,
                  long[] hashes, int[] moves, int[] ratings, int pairs, long endHash) {

    /** Makes {@link ImportGame}s, one reading thread's worth (it keeps a digest and a scratch set). */
    static final class Maker {
        private final MessageDigest md = TreeImporter.sha256();
        private final int maxPly;
        /** (position, move) keys seen in the current game: an open-addressing set, cleared by generation. */
        private long[] seenKeys = new long[1 << 9];
        private int[] seenStamp = new int[1 << 9];
        private int stamp;

        private final boolean identityWithRed;

        Maker(int maxPly, boolean identityWithRed) {
            this.maxPly = maxPly == 0 ? Integer.MAX_VALUE : maxPly;
            this.identityWithRed = identityWithRed;
        }

        ImportGame make(ReadResult r) {
            if (!r.clean() || r.game().isEmpty()) {
                return new ImportGame(r.gameNumber(), r.problems(), true, null, 0, null, null, null, 0, 0, 0, null, null, null, null, 0, 0);
            }
            GameTree g = r.game().get();
            Tags tags = g.tags();
            int whiteElo = TreeImporter.rating(tags.get("WhiteElo").orElse(null));
            int blackElo = TreeImporter.rating(tags.get("BlackElo").orElse(null));
            int length = 0;
            for (GameNode n = g.root().firstChild(); n != null && length < maxPly; n = n.firstChild()) {
                length++;
            }
            long[] hashes = new long[length];
            int[] moves = new int[length];
            int[] ratings = new int[length];
            int pairs = 0;
            int ply = 0;
            newGame(length);
            GameNode n = g.root();
            Position before = n.position();
            while (n.firstChild() != null && ply < maxPly) {
                n = n.firstChild();
                Move m = n.move().orElse(Move.NULL);
                if (m.isNull()) {
                    break; // a pass is no opening move: the line stops counting there
                }
                long ph = before.hash();
                int pm = TreeMove.pack(m);
                // A game counts once per (position, move), however often it repeats them.
                if (firstTime(ph * 31 + pm)) {
                    hashes[pairs] = ph;
                    moves[pairs] = pm;
                    ratings[pairs] = before.sideToMove() == Side.WHITE ? whiteElo : blackElo;
                    pairs++;
                }
                before = n.position();
                ply++;
            }
            return new ImportGame(r.gameNumber(), r.problems(), false, g.gameId(), TreeImporter.identity(md, g, identityWithRed),
                    tags.get("White").or(() -> tags.get("Red")).orElse(null), tags.get("Black").orElse(null),
                    tags.get("Event").orElse(null), TreeImporter.year(tags.get("Date").orElse(null)),
                    whiteElo, blackElo, g.result(), hashes, moves, ratings, pairs, before.hash());
        }

        /** Games this maker read on the light path. */
        long light;

        /** A game as cut: on the light path when it is plain chess and its moves are plain SAN, else read in full. */
        ImportGame make(PgnImportCuts.Cut cut) {
            GamePlugin rules = cut.plain();
            ImportGame g = rules == null ? null : rules.id().equals("chess") ? makePlain(cut) : makePlainCoordinates(cut, rules);
            if (g != null) {
                light++;
                return g;
            }
            return make(cut.build());
        }

        /** The standard start position and its FEN, for the light path. */
        private static final BoardState START = BoardState.of(Board.startPosition());
        private static final String START_FEN = Board.startPosition().fen();
        /** Scratch for the light path: every move of the main line, packed. */
        private int[] packed = new int[256];
        /** The light path's board, replayed in place: no object per ply. */
        private final BoardReplay replay = new BoardReplay(START);

        /**
         * The chess game of a light cut ({@link PgnImportCuts.Cut#plain()}) replayed straight on the
         * rules' board (decision 0038); {@code null} when one of its moves is not plain, legal SAN,
         * and the caller reads the game in full.
         */
        ImportGame makePlain(PgnImportCuts.Cut cut) {
            java.util.List<String> tokens = cut.moves();
            int total = tokens.size();
            int length = Math.min(total, maxPly);
            if (packed.length < total) {
                packed = new int[Math.max(total, 2 * packed.length)];
            }
            String whiteEloTag = cut.tag("WhiteElo");
            String blackEloTag = cut.tag("BlackElo");
            int whiteElo = TreeImporter.rating(whiteEloTag);
            int blackElo = TreeImporter.rating(blackEloTag);
            long[] hashes = new long[length];
            int[] moves = new int[length];
            int[] ratings = new int[length];
            int pairs = 0;
            newGame(length);
            BoardReplay b = replay;
            b.set(START);
            long endHash = b.key();
            for (int ply = 0; ply < total; ply++) {
                int m = PlainSan.parse(b, tokens.get(ply));
                if (m == Moves.NONE) {
                    return null;
                }
                int pm = PlainSan.pack(m);
                packed[ply] = pm;
                if (ply < length) {
                    long ph = b.key();
                    if (firstTime(ph * 31 + pm)) {
                        hashes[pairs] = ph;
                        moves[pairs] = pm;
                        ratings[pairs] = b.sideToMove() == Board.WHITE ? whiteElo : blackElo;
                        pairs++;
                    }
                }
                b.play(m);
                if (ply < length) {
                    endHash = b.key();
                }
            }
            String result = cut.result();
            java.util.function.Function<String, String> tags = name -> name.equals("Result") ? result : cut.tag(name);
            String white = cut.tag("White");
            if (white == null) {
                white = cut.tag("Red");
            }
            return new ImportGame(cut.number(), cut.problems(), false, "chess",
                    TreeImporter.identity(md, "chess", tags, START_FEN, packed, total, identityWithRed),
                    white, cut.tag("Black"), cut.tag("Event"), TreeImporter.year(cut.tag("Date")),
                    whiteElo, blackElo, result == null ? GameResult.UNDECIDED : GameResult.fromPgn(result).orElse(GameResult.UNDECIDED),
                    hashes, moves, ratings, pairs, endHash);
        }

        /** The last rules a coordinates game was read with, and their start position and its FEN. */
        private GamePlugin lastRules;
        private Position lastStart;
        private String lastStartFen;

        /**
         * A game of a light cut written in coordinates (xiangqi's ICCS, {@code h2e2}), replayed on the
         * rules' positions without the game tree or the notation lookup; {@code null} when a move is
         * not legal, and the caller reads the game in full.
         */
        ImportGame makePlainCoordinates(PgnImportCuts.Cut cut, GamePlugin rules) {
            if (rules != lastRules) {
                lastStart = rules.startPosition();
                lastStartFen = lastStart.fen();
                lastRules = rules;
            }
            java.util.List<String> tokens = cut.moves();
            int total = tokens.size();
            int length = Math.min(total, maxPly);
            if (packed.length < total) {
                packed = new int[Math.max(total, 2 * packed.length)];
            }
            int whiteElo = TreeImporter.rating(cut.tag("WhiteElo"));
            int blackElo = TreeImporter.rating(cut.tag("BlackElo"));
            long[] hashes = new long[length];
            int[] moves = new int[length];
            int[] ratings = new int[length];
            int pairs = 0;
            newGame(length);
            Position p = lastStart;
            long endHash = p.hash();
            for (int ply = 0; ply < total; ply++) {
                Move m;
                try {
                    m = Move.parseCoordinates(tokens.get(ply), 0);
                } catch (IllegalArgumentException e) {
                    return null;
                }
                if (m.isNull()) {
                    return null;
                }
                long ph = p.hash();
                Side mover = p.sideToMove();
                try {
                    p = p.play(m); // checks that the move is legal
                } catch (IllegalArgumentException e) {
                    return null;
                }
                int pm = TreeMove.pack(m);
                packed[ply] = pm;
                if (ply < length && firstTime(ph * 31 + pm)) {
                    hashes[pairs] = ph;
                    moves[pairs] = pm;
                    ratings[pairs] = mover == Side.WHITE ? whiteElo : blackElo;
                    pairs++;
                }
                if (ply < length) {
                    endHash = p.hash();
                }
            }
            String result = cut.result();
            java.util.function.Function<String, String> tags = name -> name.equals("Result") ? result : cut.tag(name);
            String white = cut.tag("White");
            if (white == null) {
                white = cut.tag("Red");
            }
            return new ImportGame(cut.number(), cut.problems(), false, rules.id(),
                    TreeImporter.identity(md, rules.id(), tags, lastStartFen, packed, total, identityWithRed),
                    white, cut.tag("Black"), cut.tag("Event"), TreeImporter.year(cut.tag("Date")),
                    whiteElo, blackElo, result == null ? GameResult.UNDECIDED : GameResult.fromPgn(result).orElse(GameResult.UNDECIDED),
                    hashes, moves, ratings, pairs, endHash);
        }

        private void newGame(int length) {
            if (seenKeys.length < 2 * length) {
                int size = Integer.highestOneBit(2 * length - 1) << 1;
                seenKeys = new long[size];
                seenStamp = new int[size];
                stamp = 0;
            }
            if (++stamp == 0) {
                java.util.Arrays.fill(seenStamp, 0);
                stamp = 1;
            }
        }

        /** Adds {@code key} to this game's set; whether it was not there before. */
        private boolean firstTime(long key) {
            int mask = seenKeys.length - 1;
            long h = key * 0x9E3779B97F4A7C15L;
            int i = (int) (h ^ h >>> 32) & mask;
            while (seenStamp[i] == stamp) {
                if (seenKeys[i] == key) {
                    return false;
                }
                i = (i + 1) & mask;
            }
            seenStamp[i] = stamp;
            seenKeys[i] = key;
            return true;
        }
    }

}
