package org.kibitz.core.evaluate.calibrate;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.SplittableRandom;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;

/**
 * Draws the positions a calibration evaluates: from every game of the files that is of the game asked
 * for and has a decisive or drawn {@code Result}, up to {@code perGame} distinct main-line positions
 * at plies {@code fromPly} or later (the final position included), chosen at random.
 *
 * <p>Reproducible: a game's choice depends only on the seed, the file's place in the list and the
 * game's number, not on the order games are read or on the other games; the optional subset of games
 * ({@code maxGames}) is a seeded shuffle of the eligible games in file order. Games read with errors
 * keep the part that was read (their result still stands).
 */
public final class PositionSampler {

    /**
     * @param perGame  the most positions taken from one game (1 or more)
     * @param fromPly  the first ply a position may be taken at (0 or more)
     * @param seed     the seed of every random choice
     * @param maxGames the most games used, a seeded choice among the eligible; 0 for all
     */
    public record Options(int perGame, int fromPly, long seed, int maxGames) {
        public Options {
            if (perGame < 1 || fromPly < 0 || maxGames < 0) {
                throw new IllegalArgumentException("perGame >= 1, fromPly >= 0, maxGames >= 0: " + perGame + ", " + fromPly + ", " + maxGames);
            }
        }
    }

    /**
     * What was drawn.
     *
     * @param positions  the positions, by file, game and ply
     * @param games      games read, all files
     * @param withResult games of the right game with a result of 1-0, 0-1 or 1/2-1/2
     * @param eligible   of those, games long enough to give a position at {@code fromPly} or later
     * @param used       games the positions come from
     * @param unreadable games that could not be read at all
     */
    public record Sample(List<SampledPosition> positions, int games, int withResult, int eligible, int used, int unreadable) {
        public Sample {
            positions = List.copyOf(positions);
        }
    }

    private PositionSampler() {
    }

    /**
     * Reads the files and draws the positions.
     *
     * @throws IOException when a file cannot be read or its format is not known
     */
    public static Sample sample(List<Path> files, String gameId, Formats formats, Games games, Options options) throws IOException {
        List<List<SampledPosition>> perGame = new ArrayList<>();
        int read = 0;
        int withResult = 0;
        int unreadable = 0;
        for (int f = 0; f < files.size(); f++) {
            Path file = files.get(f);
            Optional<FormatPlugin> format = formats.forFile(file).filter(FormatPlugin::canRead);
            if (format.isEmpty()) {
                throw new IOException("no format reads " + file);
            }
            String name = file.getFileName().toString();
            try (InputStream in = Files.newInputStream(file);
                 GameReader reader = format.get().reader(in, new ReadContext(name, games, Optional.of(gameId), Optional.empty()))) {
                for (ReadResult r; (r = reader.next()) != null; ) {
                    read++;
                    if (r.game().isEmpty()) {
                        unreadable++;
                        continue;
                    }
                    GameTree tree = r.game().get();
                    GameResult result = tree.result();
                    if (!tree.gameId().equals(gameId) || result == GameResult.UNDECIDED) {
                        continue;
                    }
                    withResult++;
                    List<SampledPosition> drawn = draw(name, r.gameNumber(), tree, result, gameSeed(options.seed(), f, r.gameNumber()), options);
                    if (!drawn.isEmpty()) {
                        perGame.add(drawn);
                    }
                }
            }
        }
        int eligible = perGame.size();
        if (options.maxGames() > 0 && perGame.size() > options.maxGames()) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < perGame.size(); i++) {
                order.add(i);
            }
            Collections.shuffle(order, new Random(options.seed()));
            List<Integer> kept = new ArrayList<>(order.subList(0, options.maxGames()));
            kept.sort(Comparator.naturalOrder());
            List<List<SampledPosition>> subset = new ArrayList<>();
            kept.forEach(i -> subset.add(perGame.get(i)));
            perGame.clear();
            perGame.addAll(subset);
        }
        List<SampledPosition> all = new ArrayList<>();
        perGame.forEach(all::addAll);
        return new Sample(all, read, withResult, eligible, perGame.size(), unreadable);
    }

    /** The positions of one game: distinct plies, in ply order. */
    static List<SampledPosition> draw(String source, int gameNumber, GameTree tree, GameResult result, long seed, Options options) {
        List<GameNode> line = tree.mainline();
        List<Move> moves = new ArrayList<>(line.size());
        for (GameNode n : line) {
            moves.add(n.move().orElse(null));
        }
        if (moves.contains(null)) {
            // A null move (a pass some PGN writers put in analysis) has no place in an engine's move list.
            int cut = moves.indexOf(null);
            moves = moves.subList(0, cut);
        }
        int last = moves.size();
        if (last < options.fromPly()) {
            return List.of();
        }
        int candidates = last - options.fromPly() + 1;
        int take = Math.min(options.perGame(), candidates);
        // A partial Fisher-Yates shuffle of the candidate plies.
        int[] plies = new int[candidates];
        for (int i = 0; i < candidates; i++) {
            plies[i] = options.fromPly() + i;
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < take; i++) {
            int j = i + random.nextInt(candidates - i);
            int t = plies[i];
            plies[i] = plies[j];
            plies[j] = t;
        }
        int[] chosen = Arrays.copyOf(plies, take);
        Arrays.sort(chosen);
        Side first = tree.startPosition().sideToMove();
        List<SampledPosition> out = new ArrayList<>(take);
        for (int ply : chosen) {
            Side toMove = ply % 2 == 0 ? first : first.opposite();
            double score = result == GameResult.DRAW ? 0.5 : result.winner().orElseThrow() == toMove ? 1 : 0;
            out.add(new SampledPosition(source, gameNumber, ply, tree.startPosition(), moves.subList(0, ply), score));
        }
        return out;
    }

    /** A game's own seed: the run's seed mixed with the file's place and the game's number. */
    static long gameSeed(long seed, int file, int gameNumber) {
        long x = seed * 0x9E3779B97F4A7C15L + ((long) file << 32 | (gameNumber & 0xFFFFFFFFL));
        x = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
        x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
        return x ^ (x >>> 31);
    }
}
