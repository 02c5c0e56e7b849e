package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.core.Formats;
import org.kibitz.core.book.Book;
import org.kibitz.core.book.BookEntry;
import org.kibitz.core.book.BookMaker;
import org.kibitz.core.book.Books;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kibitz book}: opening books; {@code book make} and {@code book probe}. */
@Command(name = "book", resourceBundle = "org.kibitz.cli.book")
final class BookCommand implements Callable<Integer> {

    /** Its subcommands, in the order help lists them; built as {@link KibitzCommand#commandLine} says. */
    static final List<Class<?>> SUBCOMMANDS = List.of(BookCommand.Make.class, BookCommand.Probe.class);

    private static final Messages TEXT = Messages.of("book");

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }

    /** {@code kibitz book make FILES... --out B}: a Polyglot book (chess) or Kibitz's xiangqi book from game files. */
    @Command(name = "make", resourceBundle = "org.kibitz.cli.book", sortOptions = false)
    static final class Make implements Callable<Integer> {

        private final Formats formats;
        private final Games games;

        @Spec
        CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "FILE", descriptionKey = "make.files", converter = InputFiles.Converter.class)
        List<Path> files;

        @Option(names = "--out", required = true, paramLabel = "BOOK", descriptionKey = "make.out")
        Path out;

        @Option(names = "--game", paramLabel = "GAME", descriptionKey = "make.game")
        String game;

        @Option(names = "--min-games", paramLabel = "N", defaultValue = "3", descriptionKey = "make.minGames")
        int minGames;

        @Option(names = "--max-ply", paramLabel = "N", defaultValue = "1024", descriptionKey = "make.maxPly")
        int maxPly;

        @Inject
        Make(Formats formats, Games games) {
            this.formats = formats;
            this.games = games;
        }

        @Override
        public Integer call() {
            if (minGames < 1 || maxPly < 1) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("make.positive"));
            }
            Optional<String> gameId = Optional.empty();
            if (game != null) {
                GamePlugin g = GameOption.game(games, game, spec);
                if (!g.id().equals("chess") && !g.id().equals("xiangqi")) {
                    throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("game.noBook", g.id()));
                }
                gameId = Optional.of(g.id());
            }
            boolean eleEye = Books.isEleEye(out);
            if (eleEye && gameId.isPresent() && !gameId.get().equals("xiangqi")) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("make.noDat"));
            }
            PrintWriter stdout = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            try {
                BookMaker maker = new BookMaker(formats, games);
                BookMaker.Options options = new BookMaker.Options(minGames, maxPly);
                // A .dat file is ElephantEye's book (xiangqi): ElephantEye and XQWizard read it.
                BookMaker.MadeEleEye dat = eleEye ? maker.makeEleEye(files, options) : null;
                BookMaker.Made made = eleEye ? null : maker.make(files, gameId, options);
                BookMaker.Report r = eleEye ? dat.report() : made.report();
                if (r.gamesRead() == 0) {
                    // Nothing read: an existing book is left as it was rather than replaced by an empty one.
                    err.println(TEXT.text("make.noGames", files.stream().map(InputFiles::shown).collect(
                            java.util.stream.Collectors.joining(", ")), out.toString()));
                    err.flush();
                    return 1;
                }
                if (Files.isDirectory(out)) {
                    err.println(TEXT.text("make.outFolder", out.toString()));
                    err.flush();
                    return 1;
                }
                int written = eleEye ? dat.writer().write(out) : made.writer().write(out);
                if (r.otherGame() > 0) {
                    err.println(TEXT.text("make.otherGame", String.valueOf(r.otherGame()), r.gameId()));
                }
                if (r.unreadable() > 0) {
                    err.println(TEXT.text("make.unreadable", String.valueOf(r.unreadable())));
                }
                if (r.duplicates() > 0) {
                    err.println(TEXT.text("make.duplicates", String.valueOf(r.duplicates())));
                }
                if (written == 0) {
                    err.println(TEXT.text("make.empty"));
                }
                err.flush();
                stdout.println(TEXT.text("make.done", out.toString(), r.gameId(), String.valueOf(written),
                        String.valueOf(r.positions()), String.valueOf(r.gamesUsed()), String.valueOf(r.gamesRead())));
                stdout.flush();
                return 0;
            } catch (NoSuchFileException e) {
                err.println(TEXT.text("file.missing", e.getFile()));
            } catch (IOException | RuntimeException e) {
                err.println(TEXT.text("make.failed", FileErrors.describe(e, out)));
            }
            err.flush();
            return 1;
        }
    }

    /** {@code kibitz book probe --book B (--fen F | --moves ...)}: the book's moves for a position. */
    @Command(name = "probe", resourceBundle = "org.kibitz.cli.book", sortOptions = false)
    static final class Probe implements Callable<Integer> {

        private final Games games;

        @Spec
        CommandSpec spec;

        @Option(names = "--book", required = true, paramLabel = "BOOK", descriptionKey = "probe.book")
        Path book;

        @Option(names = "--fen", paramLabel = "FEN", descriptionKey = "probe.fen")
        String fen;

        @Option(names = "--moves", arity = "1..*", paramLabel = "MOVE", descriptionKey = "probe.moves")
        List<String> moves = List.of();

        @Option(names = "--game", paramLabel = "GAME", descriptionKey = "probe.game")
        String game;

        @Inject
        Probe(Games games) {
            this.games = games;
        }

        @Override
        public Integer call() {
            GamePlugin g = game();
            Position position = GameOption.position(g, game == null ? g.id() : game, fen, spec);
            for (String text : moves) {
                Move m = parseMove(g, position, text);
                position = position.play(m);
            }
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            Book opened;
            if (Files.isDirectory(book)) {
                err.println(TEXT.text("probe.folder", book.toString()));
                err.flush();
                return 1;
            }
            try {
                opened = Books.open(book, g.id());
            } catch (NoSuchFileException e) {
                err.println(TEXT.text("file.missing", book.toString()));
                err.flush();
                return 1;
            } catch (IOException | IllegalArgumentException e) {
                err.println(TEXT.text("probe.failed", e instanceof IOException io ? FileErrors.describe(io, book)
                        : String.valueOf(e.getMessage())));
                err.flush();
                return 1;
            }
            List<BookEntry> entries = opened.probe(position);
            if (entries.isEmpty()) {
                err.println(TEXT.text("probe.none"));
                err.flush();
                return 1;
            }
            long total = Book.totalWeight(entries);
            Notation notation = notation(g);
            for (BookEntry e : entries) {
                double percent = total == 0 ? 0 : 100.0 * e.weight() / total;
                out.println("move " + e.move().coordinates(g.coordinateRankBase()) + " " + notation.format(position, e.move())
                        + " weight " + e.weight() + " " + String.format(Locale.ROOT, "%.1f", percent) + "%");
            }
            out.flush();
            return 0;
        }

        /**
         * The game: --game, else xiangqi for an ElephantEye book, else the game that --fen and
         * --moves fit; where several fit (no FEN and no moves), the one whose book knows the
         * position, else chess.
         */
        private GamePlugin game() {
            if (game != null) {
                return GameOption.game(games, game, spec);
            }
            if (Books.isEleEye(book)) {
                return GameOption.game(games, "xiangqi", spec);
            }
            return GameOption.inferred(games, fen, moves, this::knows, "chess", spec);
        }

        /** Whether the book, read as a book of this game, has moves for the position asked about. */
        private boolean knows(GamePlugin g) {
            try {
                Position p = fen == null ? g.startPosition() : g.parseFen(fen);
                for (String text : moves) {
                    p = p.play(TreeQueryCommand.parse(g, p, text));
                }
                return !Books.open(book, g.id()).probe(p).isEmpty();
            } catch (IOException | RuntimeException | FenException e) {
                return false;
            }
        }

        private Move parseMove(GamePlugin g, Position position, String text) {
            try {
                Move m = Move.parseCoordinates(text, g.coordinateRankBase());
                if (position.isLegal(m)) {
                    return m;
                }
            } catch (IllegalArgumentException e) {
                // not coordinates: try the game's notations
            }
            for (Notation n : g.notations()) {
                try {
                    return n.parse(position, text);
                } catch (MoveParseException | RuntimeException e) {
                    // not this notation
                }
            }
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("probe.badMove", text, position.fen()));
        }

        /** The game's usual notation for people: SAN for chess, WXF for xiangqi, else its first. */
        private static Notation notation(GamePlugin g) {
            for (String id : List.of("san", "wxf")) {
                Optional<Notation> n = g.notations().stream().filter(x -> x.id().equals(id)).findFirst();
                if (n.isPresent()) {
                    return n.get();
                }
            }
            return g.notations().get(0);
        }
    }
}
