package org.kibitz.core.convert;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.i18n.Text;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.AtomicFiles;
import org.kibitz.core.Formats;

/**
 * Converts a game file into another format, game by game in constant memory: every game that
 * reads (in part or whole) is written, every problem is passed on as it is found, and the output
 * appears only once it is complete (written beside the target, then moved over it). A format that
 * holds one game per file (XQF) gets one file per game: {@code name.xqf}, {@code name-2.xqf}...
 */
public final class GameConverter {

    /**
     * What the user asked for besides the two files.
     *
     * @param notation the move notation to write ({@code san}, {@code iccs}...); a game whose rules do
     *                 not offer it is written in its own default
     * @param game     the game to assume when a file does not say
     * @param encoding the input's text encoding, instead of detecting it
     * @param classify whether to write each game's opening as tags: {@code ECO} (chess) or
     *                 {@code ECCO} (xiangqi), {@code Opening} and {@code Variation}
     */
    public record Options(Optional<String> notation, Optional<String> game, Optional<Charset> encoding, boolean classify) {
        public Options {
            Objects.requireNonNull(notation, "notation");
            Objects.requireNonNull(game, "game");
            Objects.requireNonNull(encoding, "encoding");
        }

        public Options(Optional<String> notation, Optional<String> game, Optional<Charset> encoding) {
            this(notation, game, encoding, false);
        }

        public static Options defaults() {
            return new Options(Optional.empty(), Optional.empty(), Optional.empty());
        }

        public Options withClassify(boolean on) {
            return new Options(notation, game, encoding, on);
        }
    }

    /**
     * What a conversion did.
     *
     * @param games    games written
     * @param plies    moves of those games' main lines
     * @param errors   errors: problems that cost a game or part of one, and games the output cannot hold
     * @param warnings problems that cost nothing
     */
    public record Summary(int games, long plies, int errors, int warnings) {
    }

    /** Hears what goes wrong, as it happens, in file order. */
    public interface Listener {
        /** A problem in the input. */
        void problem(FormatProblem problem);

        /** A game that was read but that the output format cannot hold. */
        void notWritten(String source, int gameNumber, Text reason);

        /** The input holds no game at all (empty, blank, binary zeros): nothing is written. */
        void noGames(String source, Text reason);

        /**
         * A game written without some of its tags, which the output format has no place for (or cuts):
         * XQF has no Round, ECCO or Opening. The game is written; this is a warning, not an error.
         */
        default void tagsNotKept(String source, int gameNumber, Text what) {
        }
    }

    /** Thrown inside the output's write when the input had no game: the output is left as it was. */
    private static final class NoGames extends IOException {
        NoGames() {
            super("no game");
        }
    }

    /** A conversion that cannot start or go on: no such format, an unreadable input, an unwritable output. */
    public static final class ConversionException extends IOException {
        private final transient Text text;

        ConversionException(Text text, Throwable cause) {
            super(text.toString(), cause);
            this.text = text;
        }

        /** What went wrong, for the user. */
        public Text text() {
            return text;
        }
    }

    private final Formats formats;
    private final Games games;

    public GameConverter(Formats formats, Games games) {
        this.formats = formats;
        this.games = games;
    }

    /** The notations the installed games offer, by id. */
    public java.util.SortedSet<String> notations() {
        java.util.TreeSet<String> ids = new java.util.TreeSet<>();
        for (GamePlugin g : games.all()) {
            g.notations().forEach(n -> ids.add(n.id()));
        }
        return ids;
    }

    /** The format a file will be read as: by its first bytes, else by its extension. */
    public FormatPlugin inputFormat(Path in) throws IOException {
        if (Files.isDirectory(in)) {
            throw new ConversionException(ConvertMessages.text("convert.folder", in), null);
        }
        Optional<FormatPlugin> f;
        try {
            f = formats.forFile(in);
        } catch (IOException e) {
            throw new ConversionException(ConvertMessages.text("convert.read.failed", in, reason(e)), e);
        }
        return f.filter(FormatPlugin::canRead)
                .orElseThrow(() -> new ConversionException(ConvertMessages.text("convert.format.in", in), null));
    }

    /** The format a file will be written as, by its extension. */
    public FormatPlugin outputFormat(Path out) throws IOException {
        return formats.forName(out.getFileName().toString()).filter(FormatPlugin::canWrite)
                .orElseThrow(() -> new ConversionException(ConvertMessages.text("convert.format.out", out), null));
    }

    /**
     * Converts {@code in} to {@code out}.
     *
     * @param source how {@code in} is named in problems (the path as the user gave it)
     * @throws ConversionException when a file cannot be read or written; {@code out} is then as it was
     */
    public Summary convert(Path in, String source, Path out, Options options, Listener listener) throws IOException {
        FormatPlugin reading = inputFormat(in);
        FormatPlugin writing = outputFormat(out);
        if (options.notation().isPresent() && !notations().contains(options.notation().get())) {
            throw new ConversionException(ConvertMessages.text("convert.notation.unknown", options.notation().get(),
                    String.join(", ", notations())), null);
        }
        WriteContext writeContext = new WriteContext(games, options.notation(), StandardCharsets.UTF_8);
        Run run = new Run(source, writing, writeContext, listener, options.classify());
        try (GameReader reader = reader(in, source, reading, options)) {
            if (writing.oneGamePerFile()) {
                for (ReadResult r; (r = reader.next()) != null; ) {
                    GameTree g = run.accept(r);
                    if (g != null) {
                        Path target = run.games == 0 ? out : numbered(out, run.games + 1);
                        AtomicFiles.write(target, stream -> run.write(stream, g));
                        run.count(g);
                    }
                }
            } else {
                AtomicFiles.write(out, stream -> {
                    try (GameWriter writer = writing.writer(unclosable(stream), writeContext)) {
                        // A writer thread of its own only with cores to spare: on two, the compiler
                        // threads have the other core for most of a conversion, and writing beside
                        // reading took 1.05 s and 1.7 s CPU for 23,880 games, writing after each game
                        // on the reading thread 1.0 s and 1.5 s (decision 0010).
                        if (Runtime.getRuntime().availableProcessors() > 2) {
                            // The writer thread counts plies after writing, while the game's nodes are in its cache.
                            try (WriterPipeline pipeline = new WriterPipeline(writer, run::count)) {
                                for (ReadResult r; (r = reader.next()) != null; ) {
                                    GameTree g = run.accept(r);
                                    if (g != null) {
                                        pipeline.put(g);
                                    }
                                }
                            }
                        } else {
                            for (ReadResult r; (r = reader.next()) != null; ) {
                                GameTree g = run.accept(r);
                                if (g != null) {
                                    writer.write(g);
                                    run.count(g);
                                }
                            }
                        }
                    }
                    if (run.readGames == 0) {
                        // Nothing of any game read (an empty, zeroed or truncated file): the old output stays.
                        throw new NoGames();
                    }
                });
            }
            if (run.readGames == 0) {
                throw new NoGames();
            }
        } catch (NoGames e) {
            // Not a clean conversion of nothing: said, counted as an error, and the output left alone.
            return noGames(in, source, listener, run.warnings);
        } catch (ConversionException e) {
            throw e;
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new ConversionException(ConvertMessages.text("convert.failed.out", out, reason(e)), e);
        }
        return new Summary(run.games, run.plies, run.errors, run.warnings);
    }

    /**
     * A reader of {@code in} in its format, for the game {@code options} assume: what a conversion and
     * a check (see {@link GameChecker}) both start from.
     *
     * @throws ConversionException for an unknown game or an input that cannot be opened
     */
    GameReader reader(Path in, String source, FormatPlugin reading, Options options) throws IOException {
        if (options.game().isPresent() && games.byId(options.game().get()).isEmpty()) {
            throw new ConversionException(ConvertMessages.text("convert.game.unknown", options.game().get()), null);
        }
        InputStream input;
        try {
            input = new BufferedInputStream(Files.newInputStream(in), 1 << 16);
        } catch (IOException e) {
            throw new ConversionException(ConvertMessages.text("convert.read.failed", in, reason(e)), e);
        }
        return reading.reader(input, new ReadContext(source, games, options.game(), options.encoding()));
    }

    /** Reports that {@code in} holds no game at all; the summary of that: one error, no games. */
    static Summary noGames(Path in, String source, Listener listener, int warnings) throws IOException {
        long size = Files.size(in);
        listener.noGames(source, size == 0 ? ConvertMessages.text("convert.no.games.empty")
                : ConvertMessages.text("convert.no.games", size));
        return new Summary(0, 0, 1, warnings);
    }

    /** The moves of a game's main line. */
    static int mainLinePlies(GameTree g) {
        int plies = 0;
        for (GameNode n = g.root().firstChild(); n != null; n = n.firstChild()) {
            plies++;
        }
        return plies;
    }

    /** Passes a result's problems on to the listener, in order; returns how many were errors (the rest are warnings). */
    static int passOn(ReadResult r, Listener listener) {
        int errors = 0;
        for (FormatProblem p : r.problems()) {
            if (p.severity() == FormatProblem.Severity.ERROR) {
                errors++;
            }
            listener.problem(p);
        }
        return errors;
    }

    /** The counts and checks of one conversion. */
    private static final class Run {
        final String source;
        final FormatPlugin writing;
        final WriteContext context;
        final Listener listener;
        /** Games and plies written: counted by whichever thread writes (see {@link WriterPipeline}). */
        int games;
        long plies;
        int errors;
        int warnings;
        /** Games the reader gave, read or not. */
        int read;
        /** Games of which something read: without one, no output is written or replaced. */
        int readGames;

        final boolean classify;

        Run(String source, FormatPlugin writing, WriteContext context, Listener listener, boolean classify) {
            this.classify = classify;
            this.source = source;
            this.writing = writing;
            this.context = context;
            this.listener = listener;
        }

        /** Passes on a result's problems; the game to write, or {@code null}. */
        GameTree accept(ReadResult r) {
            read++;
            int e = passOn(r, listener);
            errors += e;
            warnings += r.problems().size() - e;
            if (r.game().isEmpty()) {
                return null;
            }
            readGames++;
            GameTree g = r.game().get();
            if (classify) {
                org.kibitz.core.opening.Openings.writeTags(g);
            }
            if (!writing.holds(g.gameId())) {
                errors++;
                listener.notWritten(source, r.gameNumber(), ConvertMessages.text("convert.format.holds", writing.id(), g.gameId()));
                return null;
            }
            List<String> lost = writing.tagsNotKept(g);
            if (!lost.isEmpty()) {
                listener.tagsNotKept(source, r.gameNumber(), ConvertMessages.text("convert.tags.notKept",
                        writing.id().toUpperCase(java.util.Locale.ROOT), String.join(", ", lost)));
            }
            return g;
        }

        void count(GameTree g) {
            games++;
            plies += mainLinePlies(g);
        }

        void write(OutputStream stream, GameTree g) throws IOException {
            try (GameWriter writer = writing.writer(unclosable(stream), context)) {
                writer.write(g);
            }
        }
    }

    /**
     * The stream a writer gets: closing the writer flushes it but leaves it open, because the
     * atomic save still has to force it to disk and move it into place.
     */
    private static OutputStream unclosable(OutputStream out) {
        return new java.io.FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                out.flush();
            }
        };
    }

    /** {@code name.xqf} -> {@code name-2.xqf}. */
    static Path numbered(Path out, int n) {
        String name = out.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String numbered = dot > 0 ? name.substring(0, dot) + "-" + n + name.substring(dot) : name + "-" + n;
        return out.resolveSibling(numbered);
    }

    /** What went wrong with a file, in words: the JDK's file exceptions carry only the path. */
    static Object reason(Exception e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return ConvertMessages.text("convert.io.missing");
        }
        if (e instanceof java.nio.file.AccessDeniedException a) {
            return a.getFile() == null ? ConvertMessages.text("convert.io.denied")
                    : ConvertMessages.text("convert.io.deniedAt", shownFile(a.getFile()));
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getFile() != null && f.getReason() != null) {
            // With another file (a link's target) the reason already says where; else name the file.
            return f.getOtherFile() != null ? f.getReason() : f.getReason() + " (" + shownFile(f.getFile()) + ")";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }

    /** A file an error is about, as the user can act on it: the folder of a save's temporary file. */
    private static String shownFile(String file) {
        Path p = Path.of(file);
        String name = p.getFileName() == null ? "" : p.getFileName().toString();
        return name.startsWith(".") && name.contains(".kibitz-") && name.endsWith(".tmp") && p.getParent() != null
                ? p.getParent().toString() : file;
    }
}
