package org.kibitz.core;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntConsumer;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.GameHeader;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameStart;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.i18n.Text;
import org.kibitz.api.tree.GameTree;

/**
 * Opening and saving game files for the workbench: lists every game of a file by its header with
 * whatever format plugin recognises it (see {@code docs/decisions/0005-cheap-listing.md}), reads
 * a picked game alone, keeping every problem with its place, and saves one game atomically (a
 * failed save leaves the old file as it was).
 */
public final class GameFiles {

    /** A file that cannot be opened at all (no format reads it, or it cannot be read). */
    public static final class OpenException extends Exception {
        private final transient Text text;

        public OpenException(Text text, Throwable cause) {
            super(text.toString(), cause);
            this.text = text;
        }

        /** The reason, for the user. */
        public Text text() {
            return text;
        }
    }

    /**
     * One game of an opened file, as the game list shows it. The game itself is not kept (a file
     * of a thousand xiangqi games would hold some 150 MB of positions), nor read to list it: the
     * format's header pass gives its tags and where it starts, and {@link #readGame} reads it (from
     * there, for formats that can start mid-file) when it is picked.
     *
     * @param gameNumber its number in the file, from 1
     * @param readable   whether any of it may be read (false when it is known that nothing can)
     * @param problems   what was found wrong with it: by the header pass, or by a full read once it was read
     * @param tags       its header tags
     * @param plies      moves on its main line; -1 when not known without reading it
     * @param start      where it starts in the file, when the format can start reading there
     */
    public record Entry(int gameNumber, boolean readable, List<FormatProblem> problems,
                        Map<String, String> tags, int plies, Optional<GameStart> start) {
        public Entry {
            problems = List.copyOf(problems);
            tags = Map.copyOf(tags);
            Objects.requireNonNull(start, "start");
        }

        public Entry(int gameNumber, boolean readable, List<FormatProblem> problems, Map<String, String> tags, int plies) {
            this(gameNumber, readable, problems, tags, plies, Optional.empty());
        }

        /** The entry of a game listed by its header. */
        public static Entry of(GameHeader h) {
            return new Entry(h.gameNumber(), h.readable(), h.problems(), h.tags(), h.plies().orElse(-1), h.start());
        }

        /** This entry once its game was read whole: the full read's problems and length, the same start. */
        public Entry read(ReadResult r) {
            return new Entry(gameNumber, r.game().isPresent(), r.problems(),
                    r.game().map(g -> g.tags().asMap()).orElse(tags), r.game().map(g -> g.mainline().size()).orElse(plies), start);
        }

        public boolean hasErrors() {
            return problems.stream().anyMatch(p -> p.severity() == FormatProblem.Severity.ERROR);
        }

        public String tag(String name) {
            return tags.getOrDefault(name, "");
        }

        /** The first player: {@code White}, or {@code Red} in xiangqi files that use it. */
        public String white() {
            String w = tag("White");
            return w.isEmpty() ? tag("Red") : w;
        }

        public String black() {
            return tag("Black");
        }

        /** Whether any of the list's columns contains {@code text}, ignoring case. */
        public boolean matches(String text) {
            if (text.isBlank()) {
                return true;
            }
            String needle = text.strip().toLowerCase(Locale.ROOT);
            return tags.values().stream().anyMatch(v -> v.toLowerCase(Locale.ROOT).contains(needle))
                    || Integer.toString(gameNumber).equals(needle);
        }
    }

    /**
     * A file read whole: every game's entry, and the first game that can be opened, read.
     *
     * @param file    the file
     * @param format  the format that read it
     * @param entries every game, in file order
     * @param first   the first readable game (the one a workbench opens at once), if any
     */
    public record OpenedFile(Path file, FormatPlugin format, List<Entry> entries, Optional<GameTree> first) {
        public OpenedFile {
            entries = List.copyOf(entries);
        }

        /** Every problem of every game, in file order. */
        public List<FormatProblem> problems() {
            return entries.stream().flatMap(e -> e.problems().stream()).toList();
        }

        /** The entry of the first game that can be opened. */
        public Optional<Entry> firstReadable() {
            return entries.stream().filter(Entry::readable).findFirst();
        }

        public Optional<Entry> entry(int gameNumber) {
            return entries.stream().filter(e -> e.gameNumber() == gameNumber).findFirst();
        }

        /** The same file without the first game's tree, once that game has been handed over. */
        public OpenedFile withoutFirst() {
            return new OpenedFile(file, format, entries, Optional.empty());
        }

        /** The same file with one entry replaced (by its number), after its game was read whole. */
        public OpenedFile withEntry(Entry entry) {
            List<Entry> list = new ArrayList<>(entries);
            for (int i = 0; i < list.size(); i++) {
                if (list.get(i).gameNumber() == entry.gameNumber()) {
                    list.set(i, entry);
                }
            }
            return new OpenedFile(file, format, list, first);
        }

        /** Where a game of this file came from, for its document. */
        public GameOrigin origin(Entry entry) {
            return new GameOrigin(file, Optional.of(format.id()), entry.gameNumber(), Math.max(entries.size(), entry.gameNumber()));
        }
    }

    private final Games games;
    private final Formats formats;

    public GameFiles(Games games, Formats formats) {
        this.games = Objects.requireNonNull(games, "games");
        this.formats = Objects.requireNonNull(formats, "formats");
    }

    public Games games() {
        return games;
    }

    public Formats formats() {
        return formats;
    }

    /** The extensions of the formats that can be opened, lower case, without the dot. */
    public List<String> readableExtensions() {
        return formats.all().stream().filter(FormatPlugin::canRead).flatMap(f -> f.extensions().stream()).distinct().toList();
    }

    /**
     * The formats a game of {@code gameId} can be saved in without losing its moves: a position
     * list (FEN, EPD) writes only the start position, so it is no place to save a game to.
     */
    public List<FormatPlugin> writableFormats(String gameId) {
        return formats.all().stream().filter(f -> canHold(f, gameId) && keepsMoves(f, gameId)).toList();
    }

    private final java.util.Map<String, Boolean> keepsMoves = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Whether a game written in {@code format} reads back with its moves. Found out once per
     * format and game by writing a one-move game and reading it back, so no format id is written
     * into this class.
     */
    public boolean keepsMoves(FormatPlugin format, String gameId) {
        return keepsMoves.computeIfAbsent(format.id() + "/" + gameId, k -> {
            Optional<org.kibitz.api.game.GamePlugin> game = games.byId(gameId);
            if (game.isEmpty() || !format.canRead() || !canHold(format, gameId)) {
                return false;
            }
            org.kibitz.api.game.Position start = game.get().startPosition();
            if (start.legalMoves().isEmpty()) {
                return false;
            }
            GameTree probe = new GameTree(start);
            probe.root().addChild(start.legalMoves().get(0));
            try {
                java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
                try (GameWriter w = format.writer(bytes, WriteContext.of(games))) {
                    w.write(probe);
                }
                try (GameReader r = format.reader(new java.io.ByteArrayInputStream(bytes.toByteArray()),
                        new ReadContext("probe", games, Optional.of(gameId), Optional.empty()))) {
                    ReadResult back = r.next();
                    return back != null && back.game().map(t -> t.mainline().size() == 1).orElse(false);
                }
            } catch (IOException | RuntimeException e) {
                return false;
            }
        });
    }

    /** The format to save {@code file} in, by its extension, if one can hold a game of {@code gameId}. */
    public Optional<FormatPlugin> formatForSaving(Path file, String gameId) {
        String name = file.getFileName().toString();
        return writableFormats(gameId).stream().filter(f -> f.matchesName(name)).findFirst();
    }

    /** Lists every game of a file and reads the first; see {@link #read(Path, IntConsumer)}. */
    public OpenedFile read(Path file) throws OpenException {
        return read(file, n -> { });
    }

    /**
     * Lists every game of a file by its header (no game is built but the first readable one), and
     * reads that first game whole. A broken game is listed with what its header shows wrong; its
     * other problems are found when it is read ({@link #readEntry}). Only a file no format can
     * read, or an I/O error, fails the whole call.
     *
     * @param progress told the number of games listed so far, now and then
     */
    public OpenedFile read(Path file, IntConsumer progress) throws OpenException {
        String name = file.getFileName().toString();
        FormatPlugin format;
        try {
            format = formats.forFile(file).filter(FormatPlugin::canRead)
                    .orElseThrow(() -> new OpenException(Text.of(GameFiles.class, "file.unknownFormat", name,
                            String.join(", ", readableExtensions())), null));
        } catch (IOException e) {
            throw new OpenException(Text.of(GameFiles.class, "file.unreadable", name, reason(e)), e);
        }
        return read(file, format, progress);
    }

    /**
     * Lists and reads a file as {@link #read(Path, IntConsumer)} does, in a format the caller chose
     * (a match's {@code format=epd} for a file whose name does not tell it).
     */
    public OpenedFile read(Path file, FormatPlugin format, IntConsumer progress) throws OpenException {
        String name = file.getFileName().toString();
        List<Entry> entries = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file);
             GameReader reader = format.reader(in, ReadContext.of(name, games))) {
            for (GameHeader h; (h = reader.nextHeader()) != null; ) {
                entries.add(Entry.of(h));
                if (entries.size() % 1000 == 0) {
                    progress.accept(entries.size());
                }
            }
        } catch (IOException | UncheckedIOException e) {
            throw new OpenException(Text.of(GameFiles.class, "file.unreadable", name, reason(e)), e);
        }
        progress.accept(entries.size());
        OpenedFile opened = new OpenedFile(file, format, entries, Optional.empty());
        // The first game that reads: nearly always the first listed one.
        for (Entry e : entries) {
            if (!e.readable()) {
                continue;
            }
            ReadGame g = readEntry(opened, e);
            opened = opened.withEntry(g.entry());
            if (g.game().isPresent()) {
                return new OpenedFile(file, format, opened.entries(), g.game());
            }
        }
        return opened;
    }

    /**
     * A game read whole from an opened file.
     *
     * @param game  the game, or as much of it as was good; empty when nothing could be read
     * @param entry its list entry with the full read's problems and length
     */
    public record ReadGame(Optional<GameTree> game, Entry entry) {
    }

    /**
     * Reads one game of an opened file again (the list keeps no games); see {@link #readEntry}.
     *
     * @throws OpenException when the file cannot be read, the game is gone or different, or nothing of it reads
     */
    public GameTree readGame(OpenedFile opened, Entry entry) throws OpenException {
        ReadGame g = readEntry(opened, entry);
        return g.game().orElseThrow(() -> new OpenException(Text.of(GameFiles.class, "file.changed",
                opened.file().getFileName().toString(), String.valueOf(entry.gameNumber())), null));
    }

    /**
     * Reads one game of an opened file whole: from where the listing found it when the format can
     * start there, else by passing over the games before it without building them. A game that is
     * no longer the one listed (the file changed on disk) is refused.
     *
     * @throws OpenException when the file cannot be read, or the game is gone or different
     */
    public ReadGame readEntry(OpenedFile opened, Entry entry) throws OpenException {
        Path file = opened.file();
        String name = file.getFileName().toString();
        ReadContext context = ReadContext.of(name, games);
        try (GameReader reader = openAt(file, opened.format(), context, entry)) {
            ReadResult r = reader.next();
            if (r != null && r.gameNumber() == entry.gameNumber()
                    && (r.game().isEmpty() || r.game().get().tags().asMap().equals(entry.tags()))) {
                return new ReadGame(r.game(), entry.read(r));
            }
        } catch (IOException | UncheckedIOException e) {
            throw new OpenException(Text.of(GameFiles.class, "file.unreadable", name, reason(e)), e);
        }
        throw new OpenException(Text.of(GameFiles.class, "file.changed", name, String.valueOf(entry.gameNumber())), null);
    }

    /** A reader whose next game is {@code entry}'s. */
    private static GameReader openAt(Path file, FormatPlugin format, ReadContext context, Entry entry) throws IOException {
        if (entry.start().isPresent() && entry.start().get().gameNumber() == entry.gameNumber()) {
            GameStart start = entry.start().get();
            SeekableByteChannel channel = Files.newByteChannel(file);
            try {
                channel.position(start.offset());
                return format.readerAt(Channels.newInputStream(channel), context, start);
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        }
        GameReader reader = format.reader(Files.newInputStream(file), context);
        try {
            skipBefore(reader, entry.gameNumber());
            return reader;
        } catch (IOException | RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    /**
     * Passes over the games before game {@code gameNumber} without building them ({@link GameReader#skip}),
     * so that the reader's next game is that one (or none, when the file has fewer games).
     */
    public static void skipBefore(GameReader reader, int gameNumber) throws IOException {
        for (int i = 1; i < gameNumber; i++) {
            if (!reader.skip()) {
                return;
            }
        }
    }

    /**
     * Writes one game to {@code file} in {@code format}, atomically: into a file beside it first, then
     * moved over it, so a failure never leaves half a file.
     *
     * @throws IOException when the format cannot hold the game or writing fails (the old file is intact)
     */
    public void write(Path file, FormatPlugin format, GameTree game) throws IOException {
        write(file, format, game, false);
    }

    /**
     * Writes one game as {@link #write(Path, FormatPlugin, GameTree)} does. What engines found and
     * the tree keeps is saved with it: each node's best-founded score as {@code [%eval]} (see
     * {@link org.kibitz.api.tree.BestEvaluation}), and with {@code engineLines} the best line as a
     * variation.
     */
    public void write(Path file, FormatPlugin format, GameTree game, boolean engineLines) throws IOException {
        write(file, format, game, engineLines, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** As {@link #write(Path, FormatPlugin, GameTree, boolean)}, a text format in {@code charset}. */
    public void write(Path file, FormatPlugin format, GameTree game, boolean engineLines, java.nio.charset.Charset charset)
            throws IOException {
        if (!canHold(format, game.gameId())) {
            throw new IOException(Text.of(GameFiles.class, "file.cannotHold", format.id(), game.gameId()).toString());
        }
        AtomicFiles.write(file, out -> {
            // The writer's close flushes it; the stream underneath stays open for AtomicFiles to force to disk.
            OutputStream keepOpen = new FilterOutputStream(out) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    flush();
                }
            };
            WriteContext context = new WriteContext(games, java.util.Optional.empty(), charset, engineLines);
            try (GameWriter w = format.writer(keepOpen, context)) {
                w.write(game);
            }
        });
    }

    /**
     * The legacy encoding a text file is in when it is not UTF-8: GB18030 (GBK's superset, as
     * Chinese xiangqi programs write) when its first megabyte is not valid UTF-8; empty for UTF-8 and
     * plain ASCII, or a file that cannot be read.
     */
    public static java.util.Optional<java.nio.charset.Charset> legacyCharset(Path file) {
        byte[] head;
        try (var in = java.nio.file.Files.newInputStream(file)) {
            head = in.readNBytes(1 << 20);
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
        int end = head.length;
        if (end == 1 << 20) {
            // A cut multi-byte character at the end is not a sign of another encoding.
            while (end > 0 && end > head.length - 4 && (head[end - 1] & 0xC0) == 0x80) {
                end--;
            }
            if (end > 0 && (head[end - 1] & 0x80) != 0) {
                end--;
            }
        }
        try {
            java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(head, 0, end));
            return java.util.Optional.empty();
        } catch (java.nio.charset.CharacterCodingException e) {
            return java.util.Optional.of(java.nio.charset.Charset.forName("GB18030"));
        }
    }

    /** Whether {@code format} can be written with a game of {@code gameId} (XQF holds xiangqi only). */
    public static boolean canHold(FormatPlugin format, String gameId) {
        return format.canWrite() && format.holds(gameId);
    }

    /** The game plugin for a tree. */
    public Optional<GamePlugin> gameOf(GameTree tree) {
        return games.byId(tree.gameId());
    }

    private static String reason(Exception e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
