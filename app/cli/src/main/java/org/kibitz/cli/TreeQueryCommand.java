package org.kibitz.cli;

import jakarta.inject.Inject;
import jakarta.inject.Provider;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.evaluate.ScoreCodec;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.PositionKey;
import org.kibitz.core.store.StoredLine;
import org.kibitz.core.tree.OpeningTree;
import org.kibitz.core.tree.TreeMove;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz tree query --db D (--fen F | --moves M...)}: the moves the database holds for a
 * position, one line each, most played first:
 * {@code move <coordinates> <notation> games N wins W draws D losses L score S unknown U rating R years Y1-Y2 eval E}
 * (score over the decided games, unknown the games without a result), then with {@code --games N} the
 * games that reached the position, latest first. {@code --player}, {@code --side}, {@code --years} and
 * {@code --event} narrow both to the games that pass, as the tree pane's filters do.
 * Wins and losses are the side to move's; the evaluation is the analysis store's deepest line for the
 * position after the move, from the mover's side, with the engine and depth ({@code eval -} when none).
 */
@Command(name = "query", resourceBundle = "org.kibitz.cli.tree", sortOptions = false)
final class TreeQueryCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("tree");

    private final Games games;
    private final KibitzPaths paths;
    private final Provider<AnalysisStore> store;

    @Spec
    CommandSpec spec;

    @Option(names = "--db", paramLabel = "DB", required = true, descriptionKey = "db")
    String db;

    static final class Where {
        @Option(names = "--fen", paramLabel = "FEN", descriptionKey = "query.fen")
        String fen;

        @Option(names = "--moves", paramLabel = "MOVE", arity = "0..*", descriptionKey = "query.moves")
        List<String> moves;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Where where;

    @Option(names = "--min-games", paramLabel = "N", defaultValue = "1", descriptionKey = "query.minGames")
    long minGames;

    @Option(names = "--no-eval", descriptionKey = "query.noEval")
    boolean noEval;

    @Option(names = "--player", paramLabel = "NAME", descriptionKey = "query.player")
    String player;

    @Option(names = "--side", paramLabel = "SIDE", defaultValue = "any", descriptionKey = "query.side")
    String side;

    @Option(names = "--years", paramLabel = "Y1-Y2", descriptionKey = "query.years")
    String years;

    @Option(names = "--event", paramLabel = "TEXT", descriptionKey = "query.event")
    String event;

    @Option(names = "--games", paramLabel = "N", defaultValue = "0", descriptionKey = "query.games")
    int listGames;

    @Inject
    TreeQueryCommand(Games games, KibitzPaths paths, Provider<AnalysisStore> store) {
        this.games = games;
        this.paths = paths;
        this.store = store;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path file = TreeCommand.database(paths, db);
        if (!Files.isRegularFile(file)) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("query.noDb", file));
        }
        try (OpeningTree tree = OpeningTree.open(file)) {
            tree.problem().ifPresent(p -> err.println("kibitz: " + p.render()));
            Optional<String> id = tree.gameId();
            if (id.isEmpty()) {
                err.println(TEXT.text("query.empty", file));
                return 1;
            }
            GamePlugin game = GameOption.game(games, id.get(), spec);
            Position position = position(game);
            Notation notation = game.notations().get(0);
            OpeningTree.GameFilter filter = filter();
            AnalysisStore kept = noEval ? null : store.get();
            List<TreeMove> moves = tree.moves(position, filter);
            int shown = 0;
            for (TreeMove m : moves) {
                // A 64-bit key could in theory name another position: its moves would not be legal here.
                if (m.games() < minGames || !position.isLegal(m.move())) {
                    continue;
                }
                out.println(line(game, notation, position, m, kept));
                shown++;
            }
            if (listGames > 0) {
                for (OpeningTree.TreeGame g : tree.games(position.hash(), listGames, filter)) {
                    out.println(gameLine(g));
                }
            }
            // The opening the moves reach, by ECO or ECCO: last, so the move lines keep their places.
            if (where == null || where.fen == null) {
                List<Move> line = where == null || where.moves == null ? List.of() : moves(game, game.startPosition(), where.moves, spec);
                org.kibitz.core.opening.Openings.classify(game.startPosition(), line)
                        .ifPresent(o -> out.println("opening " + o.code() + " " + Terminal.safe(o.fullName())));
            }
            out.flush();
            if (shown == 0) {
                err.println(TEXT.text("query.none"));
                err.flush();
            }
            return 0;
        } catch (IOException e) {
            err.println(TEXT.text("query.stopped", String.valueOf(e.getMessage())));
            err.flush();
            return 2;
        }
    }

    /** The filter of --player, --side, --years and --event; a usage error for a side or years that do not read. */
    private OpeningTree.GameFilter filter() {
        OpeningTree.PlayerSide playerSide = switch (side.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "any", "" -> OpeningTree.PlayerSide.ANY;
            case "white", "red" -> OpeningTree.PlayerSide.WHITE;
            case "black" -> OpeningTree.PlayerSide.BLACK;
            default -> throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("query.badSide", side));
        };
        if (listGames < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("query.badGames", listGames));
        }
        int from = 0;
        int to = 0;
        if (years != null && !years.isBlank()) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\s*(\\d{1,4})?\\s*(-)?\\s*(\\d{1,4})?\\s*").matcher(years);
            if (!m.matches() || (m.group(1) == null && m.group(3) == null)) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("query.badYears", years));
            }
            from = m.group(1) == null ? 0 : Integer.parseInt(m.group(1));
            to = m.group(3) == null ? (m.group(2) == null ? from : 0) : Integer.parseInt(m.group(3));
            if (from != 0 && to != 0 && from > to) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("query.badYears", years));
            }
        }
        return new OpeningTree.GameFilter(player, playerSide, from, to, event);
    }

    /** {@code game <year> <result> <white> - <black> | <event> | <file>:<number>}: a game to open. */
    static String gameLine(OpeningTree.TreeGame g) {
        return "game " + (g.year() == 0 ? "-" : Integer.toString(g.year())) + " " + (g.result() == null ? "*" : g.result())
                + " " + blankDash(g.white()) + " - " + blankDash(g.black()) + " | " + blankDash(g.event()) + " | "
                + g.file() + ":" + g.gameNumber();
    }

    private static String blankDash(String s) {
        return s == null || s.isBlank() ? "?" : Terminal.safe(s.strip());
    }

    private Position position(GamePlugin game) {
        if (where == null || (where.fen == null && (where.moves == null || where.moves.isEmpty()))) {
            return game.startPosition();
        }
        if (where.fen != null) {
            return GameOption.position(game, game.id(), where.fen, spec);
        }
        Position p = game.startPosition();
        for (Move m : moves(game, p, where.moves, spec)) {
            p = p.play(m);
        }
        return p;
    }

    /**
     * The moves of {@code --moves}, each read in the position the ones before it lead to from {@code start};
     * a usage error naming the first that is no legal move there.
     */
    static List<Move> moves(GamePlugin game, Position start, List<String> texts, CommandSpec spec) {
        List<Move> out = new ArrayList<>();
        Position p = start;
        for (String text : texts) {
            Move m = parse(game, p, text);
            if (m == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("query.badMove", text, p.fen()));
            }
            out.add(m);
            p = p.play(m);
        }
        return out;
    }

    /** A move in coordinates or any of the game's notations; {@code null} when none reads it as a legal move. */
    static Move parse(GamePlugin game, Position p, String text) {
        try {
            Move m = Move.parseCoordinates(text.strip(), game.coordinateRankBase());
            if (p.isLegal(m)) {
                return m;
            }
        } catch (IllegalArgumentException e) {
            // not coordinates: try the notations
        }
        for (Notation n : game.notations()) {
            try {
                Move m = n.parse(p, text);
                if (p.isLegal(m)) {
                    return m;
                }
            } catch (MoveParseException | RuntimeException e) {
                // next notation
            }
        }
        return null;
    }

    static String line(GamePlugin game, Notation notation, Position p, TreeMove m, AnalysisStore store) {
        StringBuilder b = new StringBuilder(128);
        b.append("move ").append(m.move().coordinates(game.coordinateRankBase())).append(' ')
                .append(notation.format(p, m.move()).replace(' ', '_'))
                .append(" games ").append(m.games())
                .append(" wins ").append(m.wins(p.sideToMove()))
                .append(" draws ").append(m.draws())
                .append(" losses ").append(m.losses(p.sideToMove()));
        // The score over the decided games only, and how many games have no result: a collection
        // without Result tags is not 50% for everyone.
        long decided = m.wins(p.sideToMove()) + m.draws() + m.losses(p.sideToMove());
        b.append(" score ").append(decided == 0 ? "-" : String.format(java.util.Locale.ROOT, "%.1f",
                        100.0 * (m.wins(p.sideToMove()) + 0.5 * m.draws()) / decided))
                .append(" unknown ").append(m.games() - decided)
                .append(" rating ").append(m.averageRating().isPresent()
                        ? String.valueOf(Math.round(m.averageRating().getAsDouble())) : "-")
                .append(" years ").append(m.firstYear() == 0 ? "-" : m.firstYear() + "-" + m.lastYear());
        b.append(" eval ").append(store == null ? "-" : eval(store, p.play(m.move())));
        return b.toString();
    }

    /** The deepest first line stored for the position after the move, from the mover's side. */
    static String eval(AnalysisStore store, Position after) {
        Optional<StoredLine> best = store.lines(PositionKey.of(after)).stream().filter(l -> l.rank() == 1)
                .max(Comparator.comparingInt(StoredLine::depth).thenComparing(StoredLine::at));
        if (best.isEmpty()) {
            return "-";
        }
        StoredLine l = best.get();
        Score mover = l.score().negate();
        String value = ScoreCodec.evalText(mover);
        if (mover instanceof Score.Centipawns c && c.cp() >= 0) {
            value = "+" + value;
        }
        return value + " engine " + l.label().replace(' ', '_') + " depth " + l.depth();
    }
}
