package org.kibitz.core;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.tree.GameTree;

/**
 * A game as text and back, for the clipboard: a FEN, a PGN, a DhtmlXQ block or a move list (Chinese,
 * WXF, ICCS) read into a game; a game written as any text format.
 */
public final class GameText {

    /** What a text gave: the game, if any, and what was wrong in it. */
    public record Parsed(Optional<GameTree> game, List<FormatProblem> problems) {
        public Parsed {
            problems = List.copyOf(problems);
        }
    }

    private final Games games;
    private final Formats formats;

    public GameText(Games games, Formats formats) {
        this.games = games;
        this.formats = formats;
    }

    public Games games() {
        return games;
    }

    /** The first game in {@code text}; a bare FEN of any game gives a game with no moves. */
    public Parsed read(String text) {
        String t = text.strip();
        if (t.indexOf('\n') < 0 && !t.isEmpty()) {
            for (GamePlugin g : games.all()) {
                try {
                    GameTree tree = new GameTree(g.parseFen(t));
                    return new Parsed(Optional.of(tree), List.of());
                } catch (FenException | RuntimeException e) {
                    // not this game's FEN
                }
            }
        }
        List<FormatProblem> problems = new ArrayList<>();
        // PGN first when the text has its tags or chess moves; the move-list reader takes the rest (and DhtmlXQ).
        for (String id : List.of("text", "pgn")) {
            Optional<FormatPlugin> f = formats.byId(id);
            if (f.isEmpty()) {
                continue;
            }
            ReadContext ctx = new ReadContext("clipboard", games, Optional.empty(), Optional.of(StandardCharsets.UTF_8));
            try (GameReader r = f.get().reader(new ByteArrayInputStream(t.getBytes(StandardCharsets.UTF_8)), ctx)) {
                for (ReadResult res; (res = r.next()) != null; ) {
                    if (res.game().isPresent() && !res.game().get().mainline().isEmpty()
                            || res.game().isPresent() && res.clean()) {
                        return new Parsed(res.game(), res.problems());
                    }
                    problems.addAll(res.problems());
                }
            } catch (IOException | RuntimeException e) {
                // a reader that cannot take this text: the next one may
            }
        }
        return new Parsed(Optional.empty(), problems);
    }

    /** {@code game} written as {@code formatId} (UTF-8 text), in {@code notation} when given. */
    public String write(GameTree game, String formatId, Optional<String> notation) throws IOException {
        FormatPlugin f = formats.byId(formatId).orElseThrow(() -> new IOException("no format " + formatId));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GameWriter w = f.writer(out, new WriteContext(games, notation, StandardCharsets.UTF_8))) {
            w.write(game);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
