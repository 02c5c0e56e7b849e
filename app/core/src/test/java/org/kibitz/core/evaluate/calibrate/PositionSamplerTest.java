package org.kibitz.core.evaluate.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Position;
import org.kibitz.core.Formats;

/** Sampling real files: reproducible, only games with results, and the result seen from the side to move. */
class PositionSamplerTest {

    private static final Games GAMES = Games.of(ServiceLoader.load(GamePlugin.class).stream().map(ServiceLoader.Provider::get).toList());
    private static final Formats FORMATS = new Formats(ServiceLoader.load(FormatPlugin.class).stream().map(ServiceLoader.Provider::get).toList());

    private static Path shared(String relative) {
        return Path.of(System.getProperty("kibitz.testdata", "../../testdata"), relative);
    }

    @Test
    void capablancaPositionsAreReproducibleAndScoredForTheSideToMove() throws Exception {
        List<Path> files = List.of(shared("chess/pgn/Capablanca.pgn"));
        PositionSampler.Sample a = PositionSampler.sample(files, "chess", FORMATS, GAMES, new PositionSampler.Options(3, 10, 42, 0));
        PositionSampler.Sample b = PositionSampler.sample(files, "chess", FORMATS, GAMES, new PositionSampler.Options(3, 10, 42, 0));
        PositionSampler.Sample c = PositionSampler.sample(files, "chess", FORMATS, GAMES, new PositionSampler.Options(3, 10, 43, 0));
        assertEquals(597, a.games());
        assertTrue(a.withResult() > 500 && a.withResult() <= 597, "with result " + a.withResult());
        assertEquals(a.eligible(), a.used());
        assertEquals(key(a), key(b));
        assertNotEquals(key(a), key(c));
        int games = 0;
        int previous = -1;
        for (SampledPosition p : a.positions()) {
            assertTrue(p.ply() >= 10 && p.ply() == p.moves().size());
            Position at = p.start();
            for (var m : p.moves()) {
                at = at.play(m);
            }
            if (p.gameNumber() != previous) {
                games++;
                previous = p.gameNumber();
            }
            // Whoever is to move at an even ply is White (the games start from the usual position).
            assertEquals(p.ply() % 2 == 0, at.sideToMove() == org.kibitz.api.game.Side.WHITE);
        }
        assertEquals(a.used(), games);
        assertTrue(a.positions().size() <= 3 * a.used() && a.positions().size() > 2 * a.used());
        // The result flips with the side to move: in a decisive game, positions a ply apart score 1 and 0.
        SampledPosition first = a.positions().get(0);
        assertTrue(first.score() == 0 || first.score() == 0.5 || first.score() == 1);

        PositionSampler.Sample subset = PositionSampler.sample(files, "chess", FORMATS, GAMES, new PositionSampler.Options(1, 10, 42, 100));
        assertEquals(100, subset.used());
        assertEquals(100, subset.positions().size());
        assertEquals(a.eligible(), subset.eligible());
    }

    @Test
    void aGamesChoiceDoesNotDependOnTheOtherGames() throws Exception {
        Path file = shared("chess/pgn/Capablanca.pgn");
        PositionSampler.Options o = new PositionSampler.Options(2, 10, 9, 0);
        List<SampledPosition> alone = PositionSampler.sample(List.of(file), "chess", FORMATS, GAMES, o).positions();
        // Another file first shifts the file's place, so use the same place: a second copy after it.
        List<SampledPosition> twice = PositionSampler.sample(List.of(file, file), "chess", FORMATS, GAMES, o).positions();
        assertEquals(key(alone), key(twice.subList(0, alone.size())));
        // The second copy is drawn with its own seeds: not the same plies all over again.
        assertNotEquals(key(alone), key(twice.subList(alone.size(), twice.size())));
    }

    @Test
    void xiangqiResultsAreForTheSideToMove() throws Exception {
        // 先胜: Red, the first player, won; positions with Red to move score 1, with Black to move 0.
        Path file;
        try (var dir = java.nio.file.Files.list(shared("xiangqi/pgn"))) {
            file = dir.filter(p -> p.getFileName().toString().startsWith("ccgc-06")).findFirst().orElseThrow();
        }
        PositionSampler.Sample s = PositionSampler.sample(List.of(file), "xiangqi", FORMATS, GAMES, new PositionSampler.Options(10, 0, 1, 0));
        assertEquals(1, s.used());
        assertEquals(10, s.positions().size());
        for (SampledPosition p : s.positions()) {
            assertEquals(p.ply() % 2 == 0 ? 1.0 : 0.0, p.score(), "ply " + p.ply());
        }
    }

    private static List<String> key(PositionSampler.Sample s) {
        return key(s.positions());
    }

    private static List<String> key(List<SampledPosition> positions) {
        return positions.stream().map(p -> p.gameNumber() + ":" + p.ply() + ":" + p.score()).toList();
    }
}
