package org.kibitz.core.match;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.i18n.Text;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameFiles;

/**
 * The openings a match starts its games from, as cutechess-cli's
 * {@code -openings file=F format=epd|pgn order=random|sequential plies=N start=K} gives them: read
 * from a file of positions (FEN/EPD, one per line, no moves) or of games (PGN, XQF: each game's main
 * line, cut to {@code plies} moves), put in order, and handed out one per pair of games
 * ({@link #forPair}), from opening {@code start} on, starting over at the first when the match needs
 * more than there are.
 *
 * <p>The file is read with the project's readers ({@link GameFiles}, the format plugins); an opening
 * that cannot be read, or is of another game than the match's, is skipped and reported with its
 * place ({@link #problems()}), and the others load. A file with no opening to play is an error.
 *
 * <p>Random order is a shuffle of the openings that loaded, decided by the seed alone: a
 * Fisher-Yates shuffle (from the last opening down, each swapped with one drawn by
 * {@code java.util.Random(seed).nextInt(i + 1)}), whose sequence Java specifies, so a seed gives
 * the same order on every run and Java version.
 */
public final class Openings {

    /** The order openings are used in. */
    public enum Order {
        /** In file order. */
        SEQUENTIAL,
        /** In a seeded shuffle of the file's openings. */
        RANDOM;

        /** The order named {@code sequential} or {@code random}, any case. */
        public static Optional<Order> parse(String name) {
            for (Order o : values()) {
                if (o.name().equalsIgnoreCase(name.strip())) {
                    return Optional.of(o);
                }
            }
            return Optional.empty();
        }

        /** The name as written on a command line: {@code sequential}, {@code random}. */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * How openings are read and used.
     *
     * @param format the id of the format to read the file in ({@code epd}, {@code fen}, {@code pgn},
     *               {@code xqf}); empty to tell it by the file's first bytes, then its extension
     * @param order  the order openings are used in
     * @param seed   the seed of a random order (not used in sequential order)
     * @param plies  the most book moves taken from a game's main line; empty for all of them
     * @param start  the first opening used, from 1, in the order used; the ones before it come last
     */
    public record Options(Optional<String> format, Order order, long seed, OptionalInt plies, int start) {
        public Options {
            Objects.requireNonNull(format, "format");
            Objects.requireNonNull(order, "order");
            Objects.requireNonNull(plies, "plies");
            if (plies.isPresent() && plies.getAsInt() < 0) {
                throw new IllegalArgumentException("plies must be 0 or more: " + plies.getAsInt());
            }
            if (start < 1) {
                throw new IllegalArgumentException("start counts from 1: " + start);
            }
        }

        /** cutechess-cli's defaults: format by the file, sequential, every move of a game, from the first. */
        public static Options defaults() {
            return new Options(Optional.empty(), Order.SEQUENTIAL, 0, OptionalInt.empty(), 1);
        }

        public Options withFormat(String formatId) {
            return new Options(Optional.of(formatId), order, seed, plies, start);
        }

        public Options withOrder(Order value) {
            return new Options(format, value, seed, plies, start);
        }

        public Options withSeed(long value) {
            return new Options(format, order, value, plies, start);
        }

        public Options withPlies(int value) {
            return new Options(format, order, seed, OptionalInt.of(value), start);
        }

        public Options withStart(int value) {
            return new Options(format, order, seed, plies, value);
        }
    }

    private final Optional<Path> file;
    private final String gameId;
    private final List<Opening> openings;
    private final List<Opening> schedule;
    private final List<FormatProblem> problems;
    private final int skipped;

    private Openings(Optional<Path> file, String gameId, List<Opening> openings, List<Opening> schedule,
                     List<FormatProblem> problems, int skipped) {
        this.file = file;
        this.gameId = gameId;
        this.openings = List.copyOf(openings);
        this.schedule = List.copyOf(schedule);
        this.problems = List.copyOf(problems);
        this.skipped = skipped;
    }

    /** The one opening of a match without an openings file: the game's standard start position. */
    public static Openings standard(GamePlugin game) {
        List<Opening> one = List.of(Opening.standard(game));
        return new Openings(Optional.empty(), game.id(), one, one, List.of(), 0);
    }

    /**
     * Openings drawn from a book, as cutechess's {@code -book} plays: {@code count} lines of {@code plies}
     * plies from the game's start position, each move chosen at random with the book's weights, seeded
     * (the same seed, the same lines); a line ends early where the book has no move. Lines repeated by
     * chance are drawn again (up to a limit), so a small book gives fewer, distinct openings.
     *
     * @throws IllegalArgumentException when the book has no move at the start position
     */
    public static Openings fromBook(org.kibitz.core.book.Book book, GamePlugin game, Path file, int plies, int count,
                                    long seed) {
        if (plies < 1 || count < 1) {
            throw new IllegalArgumentException("book openings need plies and count of 1 or more");
        }
        Random random = new Random(seed);
        java.util.LinkedHashMap<List<Move>, Opening> lines = new java.util.LinkedHashMap<>();
        String name = file.getFileName().toString();
        for (int tries = 0; lines.size() < count && tries < 20 * count; tries++) {
            Position p = game.startPosition();
            List<Move> moves = new ArrayList<>();
            while (moves.size() < plies) {
                List<org.kibitz.core.book.BookEntry> entries = book.probe(p);
                long total = 0;
                for (org.kibitz.core.book.BookEntry e : entries) {
                    total += Math.max(0, e.weight());
                }
                if (total == 0) {
                    break;
                }
                long pick = (long) (random.nextDouble() * total);
                Move chosen = entries.get(entries.size() - 1).move();
                for (org.kibitz.core.book.BookEntry e : entries) {
                    pick -= Math.max(0, e.weight());
                    if (pick < 0) {
                        chosen = e.move();
                        break;
                    }
                }
                moves.add(chosen);
                p = p.play(chosen);
            }
            if (moves.isEmpty()) {
                throw new IllegalArgumentException("the book " + name + " has no move at the start position");
            }
            lines.putIfAbsent(List.copyOf(moves), Opening.of(game, name + ":" + (lines.size() + 1), lines.size() + 1,
                    game.startPosition(), moves));
        }
        List<Opening> all = List.copyOf(lines.values());
        return new Openings(Optional.of(file), game.id(), all, all, List.of(), 0);
    }

    /**
     * Reads the openings of a file.
     *
     * @param game the match's game, when it is known: openings of another game are skipped; when
     *             empty, the game of the first opening that reads is the match's
     * @throws GameFiles.OpenException when the file cannot be read, no format reads it, it holds no
     *                                 opening that can be played, or {@code start} is past its last opening
     */
    public static Openings load(Path file, Options options, GameFiles files, Optional<GamePlugin> game)
            throws GameFiles.OpenException {
        String name = file.getFileName().toString();
        GameFiles.OpenedFile opened;
        if (options.format().isPresent()) {
            String id = options.format().get().strip().toLowerCase(Locale.ROOT);
            FormatPlugin format = files.formats().byId(id).filter(FormatPlugin::canRead)
                    .orElseThrow(() -> new GameFiles.OpenException(Text.of(GameFiles.class, "openings.noFormat", id,
                            String.join(", ", files.formats().all().stream().filter(FormatPlugin::canRead)
                                    .map(FormatPlugin::id).toList())), null));
            opened = files.read(file, format, n -> { });
        } else {
            opened = files.read(file);
        }
        // The listing gives each game's line; the games themselves are read in one pass over the file.
        Map<Integer, GameFiles.Entry> entries = new HashMap<>();
        opened.entries().forEach(e -> entries.put(e.gameNumber(), e));

        Loader loader = new Loader(name, game.map(GamePlugin::id), options.plies(), files);
        ReadContext context = new ReadContext(name, files.games(), game.map(GamePlugin::id), Optional.empty());
        try (GameReader reader = opened.format().reader(Files.newInputStream(file), context)) {
            for (ReadResult r; (r = reader.next()) != null; ) {
                loader.add(r, entries.get(r.gameNumber()));
            }
        } catch (IOException | UncheckedIOException e) {
            throw new GameFiles.OpenException(Text.of(GameFiles.class, "file.unreadable", name, reason(e)), e);
        }

        List<Opening> loaded = loader.openings;
        if (loaded.isEmpty()) {
            Optional<FormatProblem> first = loader.problems.stream()
                    .filter(p -> p.severity() == FormatProblem.Severity.ERROR).findFirst();
            throw new GameFiles.OpenException(first
                    .map(p -> Text.of(GameFiles.class, "openings.noneLoaded", name, String.valueOf(loader.skipped),
                            String.valueOf(p.gameNumber()), p.location().toString(), p.message()))
                    .orElseGet(() -> Text.of(GameFiles.class, "openings.empty", name)), null);
        }
        if (options.start() > loaded.size()) {
            throw new GameFiles.OpenException(Text.of(GameFiles.class, "openings.startPast",
                    String.valueOf(options.start()), name, String.valueOf(loaded.size())), null);
        }
        return new Openings(Optional.of(file), loader.gameId, loaded, schedule(loaded, options),
                loader.problems, loader.skipped);
    }

    /** The openings in the order used, opening {@code start} first. */
    static List<Opening> schedule(List<Opening> openings, Options options) {
        List<Opening> ordered = new ArrayList<>(openings);
        if (options.order() == Order.RANDOM) {
            Random random = new Random(options.seed());
            for (int i = ordered.size() - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                Opening t = ordered.get(i);
                ordered.set(i, ordered.get(j));
                ordered.set(j, t);
            }
        }
        int first = options.start() - 1;
        List<Opening> out = new ArrayList<>(ordered.subList(first, ordered.size()));
        out.addAll(ordered.subList(0, first));
        return out;
    }

    /**
     * The opening of pair {@code pairIndex} (from 0): the schedule's, starting over after its last.
     * Both games of a pair (with {@code -repeat}) start from it, colours swapped by the match.
     */
    public Opening forPair(int pairIndex) {
        if (pairIndex < 0) {
            throw new IllegalArgumentException("pair index counts from 0: " + pairIndex);
        }
        return schedule.get(pairIndex % schedule.size());
    }

    /** The openings that loaded, in file order. */
    public List<Opening> openings() {
        return openings;
    }

    /** The openings in the order pairs use them: {@code forPair(i)} is {@code schedule().get(i % size())}. */
    public List<Opening> schedule() {
        return schedule;
    }

    /** The number of openings that loaded. */
    public int size() {
        return openings.size();
    }

    /** The game the openings are of. */
    public String gameId() {
        return gameId;
    }

    /** The file read; empty for the standard start. */
    public Optional<Path> file() {
        return file;
    }

    /**
     * What was found wrong, in file order, each with its file, game number and line: an
     * {@link FormatProblem.Severity#ERROR} is an opening that was skipped; a warning left its opening
     * in (a game broken only after its book moves is one).
     */
    public List<FormatProblem> problems() {
        return problems;
    }

    /** The number of openings skipped. */
    public int skipped() {
        return skipped;
    }

    /** Builds the openings of one file, game by game. */
    private static final class Loader {
        final String name;
        final OptionalInt plies;
        final GameFiles files;
        String gameId;
        final List<Opening> openings = new ArrayList<>();
        final List<FormatProblem> problems = new ArrayList<>();
        int skipped;

        Loader(String name, Optional<String> gameId, OptionalInt plies, GameFiles files) {
            this.name = name;
            this.gameId = gameId.orElse(null);
            this.plies = plies;
            this.files = files;
        }

        void add(ReadResult r, GameFiles.Entry entry) {
            long line = entry == null ? 0 : entry.start().map(s -> s.line()).orElse(0L);
            FormatProblem.Location where = line > 0 ? FormatProblem.Location.line(line) : FormatProblem.Location.offset(0);
            String label = name + ":" + (line > 0 ? line : r.gameNumber());
            if (r.game().isEmpty()) {
                skip(r.problems(), r.gameNumber(), where);
                return;
            }
            GameTree tree = r.game().get();
            Optional<GamePlugin> game = files.games().byId(tree.gameId());
            if (game.isEmpty() || (gameId != null && !gameId.equals(tree.gameId()))) {
                List<FormatProblem> all = new ArrayList<>(r.problems());
                all.add(error(r.gameNumber(), where, Text.of(GameFiles.class, "openings.otherGame",
                        tree.gameId(), gameId == null ? "?" : gameId)));
                skip(all, r.gameNumber(), where);
                return;
            }
            List<Move> book = new ArrayList<>();
            int limit = plies.orElse(Integer.MAX_VALUE);
            for (GameNode n : tree.mainline()) {
                Move m = n.move().orElseThrow();
                if (book.size() >= limit || m.isNull()) {
                    // A null move (a pass some PGN writers put in) cannot be played to an engine: the book ends there.
                    break;
                }
                book.add(m);
            }
            boolean errors = !r.clean();
            // A game broken after its book moves still gives its opening: the reader kept the good part.
            if (errors && (plies.isEmpty() || book.size() < limit)) {
                skip(r.problems(), r.gameNumber(), where);
                return;
            }
            Opening opening;
            try {
                opening = Opening.of(game.get(), label, r.gameNumber(), tree.startPosition(), book);
            } catch (IllegalArgumentException e) {
                List<FormatProblem> all = new ArrayList<>(r.problems());
                all.add(error(r.gameNumber(), where, Text.of(GameFiles.class, "openings.illegal", reason(e))));
                skip(all, r.gameNumber(), where);
                return;
            }
            for (FormatProblem p : r.problems()) {
                problems.add(p.severity() == FormatProblem.Severity.WARNING ? p
                        : new FormatProblem(p.source(), p.gameNumber(), p.location(), FormatProblem.Severity.WARNING, p.message()));
            }
            if (gameId == null) {
                gameId = tree.gameId();
            }
            openings.add(opening);
        }

        /** Skips an opening for what was {@code found} wrong; an error is always among the problems reported. */
        private void skip(List<FormatProblem> found, int gameNumber, FormatProblem.Location where) {
            skipped++;
            problems.addAll(found);
            if (found.stream().noneMatch(p -> p.severity() == FormatProblem.Severity.ERROR)) {
                problems.add(error(gameNumber, where, Text.of(GameFiles.class, "openings.unreadable")));
            }
        }

        private FormatProblem error(int gameNumber, FormatProblem.Location where, Text message) {
            return new FormatProblem(name, gameNumber, where, FormatProblem.Severity.ERROR, message);
        }
    }

    private static String reason(Exception e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
