package org.kibitz.core.convert;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.Games;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/**
 * Reads a game file through, every move checked against the rules, and reports what is wrong
 * with it; nothing is written. What a script runs on a collection before a long batch job, and
 * the reading path on its own (a tree import, a batch evaluation, a comparison read games the
 * same way). The reader reads ahead on every core but one, as for a conversion: on two cores,
 * reading on two worker threads beside the scanning one took 1.0 s and 1.5 s CPU for 23,880
 * games, reading on the scanning thread alone 0.7 s and 1.0 s, the compiler threads having the
 * other core for most of such a run.
 */
public final class GameChecker {

    private final GameConverter converter;
    private final Games games;

    public GameChecker(GameConverter converter, Games games) {
        this.converter = converter;
        this.games = games;
    }

    /**
     * Checks one file.
     *
     * @param source how {@code in} is named in problems (the path as the user gave it)
     * @param listener told of each problem as it is found, in file order; {@code notWritten} is not used
     * @return games read (in part or whole), plies of their main lines, errors and warnings; a file
     *         without any game counts one error and is reported to {@code noGames}
     * @throws GameConverter.ConversionException when the file cannot be read at all
     */
    public GameConverter.Summary check(Path in, String source, GameConverter.Options options,
                                       GameConverter.Listener listener) throws IOException {
        FormatPlugin reading = converter.inputFormat(in);
        if (options.game().isPresent() && games.byId(options.game().get()).isEmpty()) {
            throw new GameConverter.ConversionException(ConvertMessages.text("convert.game.unknown", options.game().get()), null);
        }
        ReadContext context = new ReadContext(source, games, options.game(), options.encoding());
        int read = 0;
        int gamesRead = 0;
        long plies = 0;
        int errors = 0;
        int warnings = 0;
        InputStream input;
        try {
            input = new BufferedInputStream(Files.newInputStream(in), 1 << 16);
        } catch (IOException e) {
            throw new GameConverter.ConversionException(ConvertMessages.text("convert.read.failed", in,
                    GameConverter.reason(e)), e);
        }
        try (GameReader reader = reading.reader(input, context)) {
            for (ReadResult r; (r = reader.next()) != null; ) {
                read++;
                int e = GameConverter.passOn(r, listener);
                errors += e;
                warnings += r.problems().size() - e;
                if (r.game().isPresent()) {
                    GameTree g = r.game().get();
                    gamesRead++;
                    for (GameNode n = g.root(); !n.children().isEmpty(); n = n.children().get(0)) {
                        plies++;
                    }
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new GameConverter.ConversionException(ConvertMessages.text("convert.failed", GameConverter.reason(e)), e);
        }
        if (read == 0) {
            long size = Files.size(in);
            listener.noGames(source, size == 0 ? ConvertMessages.text("convert.no.games.empty")
                    : ConvertMessages.text("convert.no.games", size));
            return new GameConverter.Summary(0, 0, 1, warnings);
        }
        return new GameConverter.Summary(gamesRead, plies, errors, warnings);
    }
}
