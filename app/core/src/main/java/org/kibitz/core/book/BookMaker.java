package org.kibitz.core.book;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;

/**
 * Makes a Polyglot-style book from game files, as Polyglot's {@code make-book} does: every move of
 * every game's main line up to {@link Options#maxPly()} counts for the position it was played in;
 * a move's weight is {@code 2 x wins + draws} of the side that played it; moves played in fewer than
 * {@link Options#minGames()} games, or that never scored (weight 0, which no book user would pick), are
 * left out. A game without a result ({@code *}, or no {@code Result} tag) counts as a draw, so a
 * file of bare move lists (the xqdb xiangqi files have no results) still gives a book weighted by
 * how often moves were played; games of another game than the book's are skipped.
 * The moves go to a {@link PolyglotWriter} (Polyglot for chess, Kibitz's format for xiangqi).
 *
 * <p>Xiangqi books count games, as the opening tree does: a move repeated in one game counts once,
 * a game read twice (the same identity as the tree's: players, date, round, result, start and
 * moves) counts once, and a position and its mirror image are one entry (stored under the smaller
 * key, its moves mirrored with it; {@link PolyglotBook#probe} finds either). Chess books stay as
 * Polyglot's {@code make-book} makes them.
 */
public final class BookMaker {

    /**
     * @param minGames a move is kept when it was played in at least this many games (in that position)
     * @param maxPly   only the first this-many plies of each game count
     */
    public record Options(int minGames, int maxPly) {
        /** Polyglot's defaults: {@code -min-game 3}, {@code -max-ply 1024}. */
        public static final Options DEFAULT = new Options(3, 1024);

        public Options {
            if (minGames < 1 || maxPly < 1) {
                throw new IllegalArgumentException("min games and max ply must be 1 or more");
            }
        }
    }

    /**
     * What a make did.
     *
     * @param gameId      the book's game
     * @param gamesRead   games read from the files
     * @param gamesUsed   games whose moves counted
     * @param unreadable  games that could not be read at all
     * @param noResult    games without a result, counted as draws
     * @param otherGame   games of another game than the book's
     * @param positions   positions in the book
     * @param entries     moves in the book
     * @param duplicates  games left out as the same game read again (xiangqi)
     */
    public record Report(String gameId, int gamesRead, int gamesUsed, int unreadable, int noResult, int otherGame,
                         int positions, int entries, int duplicates) {
    }

    /** The made book, ready to write, and the report. */
    public record Made(PolyglotWriter writer, Report report) {
    }

    private record Count(int games, long weight) {
        Count plus(Count o) {
            return new Count(games + o.games, weight + o.weight);
        }
    }

    private final Formats formats;
    private final Games games;

    public BookMaker(Formats formats, Games games) {
        this.formats = Objects.requireNonNull(formats, "formats");
        this.games = Objects.requireNonNull(games, "games");
    }

    /**
     * Reads the files and makes the book.
     *
     * @param gameId the book's game; empty to take the game of the first game read
     * @throws IOException when a file cannot be read or no format reads it
     */
    public Made make(List<Path> files, Optional<String> gameId, Options options) throws IOException {
        return make(files, gameId, options, false).made();
    }

    /** An ElephantEye book ({@code BOOK.DAT}) made from xiangqi games, and the report. */
    public record MadeEleEye(EleEyeBookWriter writer, Report report) {
    }

    /**
     * Reads the files and makes an ElephantEye book ({@code BOOK.DAT}): xiangqi games only, a position
     * and its mirror image counted together.
     */
    public MadeEleEye makeEleEye(List<Path> files, Options options) throws IOException {
        Both b = make(files, Optional.of("xiangqi"), options, true);
        return new MadeEleEye(b.eleEye(), b.made().report());
    }

    private record Both(Made made, EleEyeBookWriter eleEye) {
    }

    private Both make(List<Path> files, Optional<String> gameId, Options options, boolean forEleEye) throws IOException {
        String game = gameId.orElse(null);
        Map<Long, Map<Integer, Count>> counts = new HashMap<>();
        int read = 0;
        int used = 0;
        int unreadable = 0;
        int noResult = 0;
        int other = 0;
        int duplicates = 0;
        java.util.Set<Long> identities = new java.util.HashSet<>();
        java.security.MessageDigest md = org.kibitz.core.tree.TreeImporter.sha256();
        BookMoves moves = forEleEye ? EleEyeBookWriter.CODEC : game == null ? null : BookMoves.forGame(game);
        for (Path file : files) {
            FormatPlugin format = formats.forFile(file).filter(FormatPlugin::canRead)
                    .orElseThrow(() -> new IOException("no format reads " + file));
            ReadContext context = new ReadContext(file.getFileName().toString(), games, gameId, Optional.empty());
            try (InputStream in = Files.newInputStream(file); GameReader reader = format.reader(in, context)) {
                for (ReadResult r; (r = reader.next()) != null; ) {
                    read++;
                    if (r.game().isEmpty()) {
                        unreadable++;
                        continue;
                    }
                    GameTree tree = r.game().get();
                    if (game == null) {
                        game = tree.gameId();
                        moves = BookMoves.forGame(game);
                    }
                    if (!tree.gameId().equals(game)) {
                        other++;
                        continue;
                    }
                    if (countsGames(moves) && !identities.add(org.kibitz.core.tree.TreeImporter.identity(md, tree, true))) {
                        duplicates++;
                        continue;
                    }
                    GameResult result = tree.result();
                    if (result == GameResult.UNDECIDED) {
                        noResult++;
                        result = GameResult.DRAW;
                    }
                    used++;
                    count(tree, result, moves, options.maxPly(), counts);
                }
            }
        }
        if (forEleEye) {
            EleEyeBookWriter ele = new EleEyeBookWriter();
            int entries = 0;
            for (Map.Entry<Long, Map<Integer, Count>> pos : counts.entrySet()) {
                for (Map.Entry<Integer, Count> m : pos.getValue().entrySet()) {
                    Count c = m.getValue();
                    if (c.games >= options.minGames() && c.weight > 0) {
                        ele.add((int) (long) pos.getKey(), m.getKey(), c.weight);
                        entries++;
                    }
                }
            }
            return new Both(new Made(PolyglotWriter.forGame("xiangqi"), new Report("xiangqi", read, used, unreadable, noResult,
                    other, ele.positions(), entries, duplicates)), ele);
        }
        PolyglotWriter writer = new PolyglotWriter(moves == null ? BookMoves.forGame("chess") : moves);
        int entries = 0;
        for (Map.Entry<Long, Map<Integer, Count>> pos : counts.entrySet()) {
            for (Map.Entry<Integer, Count> m : pos.getValue().entrySet()) {
                Count c = m.getValue();
                if (c.games >= options.minGames() && c.weight > 0) {
                    writer.add(pos.getKey(), m.getKey(), c.weight, 0);
                    entries++;
                }
            }
        }
        return new Both(new Made(writer, new Report(writer.moves().gameId(), read, used, unreadable, noResult, other,
                writer.positions(), entries, duplicates)), null);
    }

    /**
     * Whether a book of these moves counts games rather than plays, and drops games read twice: xiangqi
     * books (ours and ElephantEye's), as the opening tree counts. Chess books stay as Polyglot makes them.
     */
    private static boolean countsGames(BookMoves moves) {
        return moves != null && moves.gameId().equals("xiangqi");
    }

    private static void count(GameTree tree, GameResult result, BookMoves moves, int maxPly,
                              Map<Long, Map<Integer, Count>> counts) {
        int ply = 0;
        // Xiangqi: each (position, move) once per game.
        java.util.Set<Long> seen = countsGames(moves) ? new java.util.HashSet<>() : null;
        for (GameNode node : tree.mainline()) {
            if (ply >= maxPly) {
                break;
            }
            Optional<Move> move = node.move();
            if (move.isEmpty() || move.get().isNull()) {
                break; // a null move ends what a book can follow
            }
            Position before = node.positionBefore();
            Side mover = before.sideToMove();
            int weight = result == GameResult.DRAW ? 1 : result.winner().orElse(null) == mover ? 2 : 0;
            long key = moves.key(before);
            int code = moves.encode(before, move.get());
            if (moves.mergesMirrors()) {
                Optional<Position> mirror = before.mirrored();
                if (mirror.isPresent()) {
                    long mirrorKey = moves.key(mirror.get());
                    if (Long.compareUnsigned(mirrorKey, key) < 0) {
                        key = mirrorKey;
                        code = moves.mirror(code);
                    } else if (mirrorKey == key) {
                        // A symmetric position (the start): a move and its mirror image are one entry,
                        // stored as the one on the higher files (Red's right: 炮二平五 rather than 炮八平五),
                        // which a probe then lists first.
                        code = Math.max(code, moves.mirror(code));
                    }
                }
            }
            if (seen != null && !seen.add(key * 0x9E3779B97F4A7C15L + code)) {
                ply++;
                continue;
            }
            counts.computeIfAbsent(key, k -> new LinkedHashMap<>()).merge(code, new Count(1, weight), Count::plus);
            ply++;
        }
    }
}
