package org.kibitz.core.puzzle;

import java.io.BufferedReader;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.api.i18n.Text;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.AtomicFiles;
import org.kibitz.core.GameFiles;

/**
 * Reads and writes puzzle files: lichess's puzzle CSV, PGN (a game per puzzle) and EPD (a line per
 * puzzle). Writes are atomic; a file that cannot be read raises {@link PuzzleFileException} naming the
 * line, and no puzzle of it is returned. Reading checks every line against the game's rules: a puzzle
 * whose moves are not legal is an error, not a puzzle the training pane would choke on.
 */
public final class PuzzleFiles {

    /** The header of a puzzle CSV, exactly as lichess's database has it. */
    public static final String CSV_HEADER =
            "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags";

    private final GameFiles files;

    public PuzzleFiles(GameFiles files) {
        this.files = files;
    }

    /** Reads a puzzle file in the format its extension names ({@code .csv}, {@code .pgn}, {@code .epd}). */
    public List<Puzzle> read(Path file) throws IOException {
        PuzzleFormat format = PuzzleFormat.of(file).orElseThrow(() -> new PuzzleFileException(
                Text.of(PuzzleFiles.class, "puzzle.file.extension", file.toString())));
        List<Puzzle> puzzles = switch (format) {
            case CSV -> {
                try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                    yield readCsv(in, file.toString());
                }
            }
            case EPD -> {
                try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                    yield readEpd(in, file.toString());
                }
            }
            case PGN -> readPgn(file);
        };
        for (int i = 0; i < puzzles.size(); i++) {
            check(puzzles.get(i), file.toString(), i + 1);
        }
        return puzzles;
    }

    /** Writes {@code puzzles} atomically in the format {@code file}'s extension names. */
    public void write(Path file, List<Puzzle> puzzles) throws IOException {
        PuzzleFormat format = PuzzleFormat.of(file).orElseThrow(() -> new PuzzleFileException(
                Text.of(PuzzleFiles.class, "puzzle.file.extension", file.toString())));
        write(file, format, puzzles);
    }

    /** Writes {@code puzzles} atomically in {@code format}; on failure the old file is untouched. */
    public void write(Path file, PuzzleFormat format, List<Puzzle> puzzles) throws IOException {
        AtomicFiles.write(file, out -> write(out, format, puzzles));
    }

    /** Writes {@code puzzles} in {@code format} to {@code out} (left open). */
    public void write(OutputStream out, PuzzleFormat format, List<Puzzle> puzzles) throws IOException {
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
        switch (format) {
            case CSV -> {
                try (Writer w = new OutputStreamWriter(keepOpen, StandardCharsets.UTF_8)) {
                    writeCsv(w, puzzles);
                }
            }
            case EPD -> {
                try (Writer w = new OutputStreamWriter(keepOpen, StandardCharsets.UTF_8)) {
                    writeEpd(w, puzzles);
                }
            }
            case PGN -> writePgn(keepOpen, puzzles);
        }
    }

    // ---------------------------------------------------------------- CSV

    /** Writes the header and a row per puzzle. */
    public static void writeCsv(Writer out, List<Puzzle> puzzles) throws IOException {
        out.write(CSV_HEADER);
        out.write('\n');
        for (Puzzle p : puzzles) {
            out.write(csvRow(p));
            out.write('\n');
        }
        out.flush();
    }

    /** One puzzle as a CSV row (no line end). */
    public static String csvRow(Puzzle p) {
        return String.join(",", field(p.id()), field(p.fen()), field(String.join(" ", p.moves())),
                Integer.toString(p.rating()), Integer.toString(p.ratingDeviation()), Integer.toString(p.popularity()),
                Integer.toString(p.nbPlays()), field(String.join(" ", p.themes())), field(p.gameUrl()),
                field(String.join(" ", p.openingTags())));
    }

    private static String field(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /**
     * Reads a puzzle CSV: lichess's layout, with or without its header line, with or without the
     * {@code OpeningTags} column (older dumps lack it). The game of each puzzle is told by its FEN's
     * board. Moves are not checked here (see {@link #read(Path)}).
     *
     * @param source the file's name for messages
     */
    public static List<Puzzle> readCsv(Reader in, String source) throws IOException {
        BufferedReader r = in instanceof BufferedReader b ? b : new BufferedReader(in);
        List<Puzzle> out = new ArrayList<>();
        String line;
        int number = 0;
        while ((line = r.readLine()) != null) {
            number++;
            if (number == 1 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            if (line.isBlank()) {
                continue;
            }
            if (number == 1 && line.startsWith("PuzzleId,")) {
                if (!line.strip().equals(CSV_HEADER) && !line.strip().equals(CSV_HEADER.substring(0, CSV_HEADER.lastIndexOf(',')))) {
                    throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.csv.header", source, line));
                }
                continue;
            }
            List<String> f = splitCsv(line, source, number);
            if (f.size() != 9 && f.size() != 10) {
                throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.csv.fields", source, number, f.size()));
            }
            String fen = f.get(1).strip();
            List<String> moves = words(f.get(2));
            if (fen.isEmpty() || moves.size() < 2) {
                throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.csv.moves", source, number, f.get(2)));
            }
            try {
                out.add(new Puzzle(f.get(0).strip().isEmpty() ? Puzzle.idFor(fen, moves) : f.get(0).strip(), fen, moves,
                        number(f.get(3)), number(f.get(4)), number(f.get(5)), number(f.get(6)), words(f.get(7)),
                        f.get(8).strip(), f.size() == 10 ? words(f.get(9)) : List.of(), Puzzle.gameOfFen(fen), ""));
            } catch (NumberFormatException e) {
                throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.csv.number", source, number, line), e);
            }
        }
        return out;
    }

    private static int number(String s) {
        String t = s.strip();
        return t.isEmpty() ? 0 : Integer.parseInt(t);
    }

    private static List<String> words(String s) {
        String t = s.strip();
        return t.isEmpty() ? List.of() : Arrays.asList(t.split("\\s+"));
    }

    private static List<String> splitCsv(String line, String source, int number) throws PuzzleFileException {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cur.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cur.append(c);
                }
            } else if (c == '"' && cur.isEmpty()) {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (quoted) {
            throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.csv.quote", source, number));
        }
        out.add(cur.toString());
        return out;
    }

    // ---------------------------------------------------------------- EPD

    /**
     * Writes a line per puzzle: the position to solve (after the mistake), {@code bm} the first
     * solving move in the game's notation for files (SAN for chess, coordinates for xiangqi), {@code id},
     * {@code pv} the solution in coordinates, and in comments {@code c0} themes, {@code c1} game URL,
     * {@code c2} opening tags, {@code c3} rating, deviation, popularity and plays, {@code c4} the FEN
     * before the mistake and {@code c5} the mistake, so that the file reads back to the same puzzles.
     */
    public void writeEpd(Writer out, List<Puzzle> puzzles) throws IOException {
        for (Puzzle p : puzzles) {
            Line line = line(p);
            Position after = line.positions.get(1);
            String[] fen = after.fen().split(" ");
            GamePlugin game = line.game;
            String bm = fileNotation(game).format(after, line.moves.get(1));
            out.write(fen[0] + " " + fen[1] + " " + fen[2] + " " + fen[3]);
            out.write(" bm " + bm + ";");
            out.write(" id " + quote(p.id()) + ";");
            out.write(" pv " + String.join(" ", p.solution()) + ";");
            out.write(" c0 " + quote(String.join(" ", p.themes())) + ";");
            out.write(" c1 " + quote(p.gameUrl()) + ";");
            out.write(" c2 " + quote(String.join(" ", p.openingTags())) + ";");
            out.write(" c3 " + quote(p.rating() + " " + p.ratingDeviation() + " " + p.popularity() + " " + p.nbPlays()) + ";");
            out.write(" c4 " + quote(p.fen()) + ";");
            out.write(" c5 " + quote(p.mistake()) + ";");
            if (!p.variant().isEmpty()) {
                out.write(" c6 " + quote(p.variant()) + ";");
            }
            out.write('\n');
        }
        out.flush();
    }

    private static String quote(String s) {
        return '"' + s.replace("\"", "'") + '"';
    }

    private static Notation fileNotation(GamePlugin game) {
        return game.notation("san").orElse(game.coordinateNotation());
    }

    /** Reads an EPD written by {@link #writeEpd}; moves are not checked here (see {@link #read(Path)}). */
    public static List<Puzzle> readEpd(Reader in, String source) throws IOException {
        BufferedReader r = in instanceof BufferedReader b ? b : new BufferedReader(in);
        List<Puzzle> out = new ArrayList<>();
        String text;
        int number = 0;
        while ((text = r.readLine()) != null) {
            number++;
            if (text.isBlank() || text.startsWith("#")) {
                continue;
            }
            java.util.Map<String, String> ops = epdOperations(text);
            String fen = ops.get("c4");
            String mistake = ops.get("c5");
            String pv = ops.get("pv");
            if (fen == null || mistake == null || pv == null || words(pv).isEmpty()) {
                throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.epd.fields", source, number));
            }
            List<String> moves = new ArrayList<>();
            moves.add(mistake.strip());
            moves.addAll(words(pv));
            String[] nums = ops.getOrDefault("c3", "0 0 0 0").strip().split("\\s+");
            try {
                int[] n = new int[4];
                for (int i = 0; i < 4 && i < nums.length; i++) {
                    n[i] = nums[i].isEmpty() ? 0 : Integer.parseInt(nums[i]);
                }
                String id = ops.getOrDefault("id", "").strip();
                out.add(new Puzzle(id.isEmpty() ? Puzzle.idFor(fen, moves) : id, fen.strip(), moves, n[0], n[1], n[2], n[3],
                        words(ops.getOrDefault("c0", "")), ops.getOrDefault("c1", "").strip(), words(ops.getOrDefault("c2", "")),
                        Puzzle.gameOfFen(fen), ops.getOrDefault("c6", "").strip()));
            } catch (NumberFormatException e) {
                throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.epd.fields", source, number), e);
            }
        }
        return out;
    }

    /** The operations of an EPD line after its four fields: opcode to operands, a quoted operand unquoted. */
    private static java.util.Map<String, String> epdOperations(String line) {
        java.util.Map<String, String> ops = new java.util.LinkedHashMap<>();
        String[] head = line.strip().split("\\s+", 5);
        if (head.length < 5) {
            return ops;
        }
        String rest = head[4];
        int i = 0;
        while (i < rest.length()) {
            while (i < rest.length() && Character.isWhitespace(rest.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < rest.length() && !Character.isWhitespace(rest.charAt(i)) && rest.charAt(i) != ';') {
                i++;
            }
            String opcode = rest.substring(start, i);
            StringBuilder operand = new StringBuilder();
            boolean quoted = false;
            while (i < rest.length() && (quoted || rest.charAt(i) != ';')) {
                char c = rest.charAt(i++);
                if (c == '"') {
                    quoted = !quoted;
                } else {
                    operand.append(c);
                }
            }
            i++; // the ';'
            if (!opcode.isEmpty()) {
                ops.put(opcode, operand.toString().strip());
            }
        }
        return ops;
    }

    // ---------------------------------------------------------------- PGN

    private void writePgn(OutputStream out, List<Puzzle> puzzles) throws IOException {
        FormatPlugin pgn = files.formats().byId("pgn")
                .orElseThrow(() -> new IOException("no PGN format plugin"));
        WriteContext context = new WriteContext(files.games(), Optional.empty(), StandardCharsets.UTF_8);
        try (GameWriter w = pgn.writer(out, context)) {
            for (Puzzle p : puzzles) {
                w.write(tree(p));
            }
        }
    }

    /**
     * A puzzle as a game: set up at the position before the mistake, the mistake and the solution as
     * its moves, the puzzle's fields as tags ({@code PuzzleId}, {@code Rating}, {@code Themes}...).
     */
    public GameTree tree(Puzzle p) throws IOException {
        Line line = line(p);
        GameTree tree = new GameTree(line.positions.get(0));
        tree.tags().put("Event", "Puzzle " + p.id());
        tree.tags().put("Site", p.gameUrl());
        if (!p.variant().isEmpty()) {
            tree.tags().put("Variant", p.variant());
        }
        tree.tags().put("FEN", p.fen());
        tree.tags().put("PuzzleId", p.id());
        tree.tags().put("Rating", Integer.toString(p.rating()));
        tree.tags().put("RatingDeviation", Integer.toString(p.ratingDeviation()));
        tree.tags().put("Popularity", Integer.toString(p.popularity()));
        tree.tags().put("NbPlays", Integer.toString(p.nbPlays()));
        tree.tags().put("Themes", String.join(" ", p.themes()));
        tree.tags().put("OpeningTags", String.join(" ", p.openingTags()));
        GameNode node = tree.root();
        for (Move m : line.moves) {
            node = node.addChild(m);
        }
        return tree;
    }

    private List<Puzzle> readPgn(Path file) throws IOException {
        GameFiles.OpenedFile opened;
        try {
            opened = files.read(file);
        } catch (GameFiles.OpenException e) {
            throw new PuzzleFileException(e.text(), e);
        }
        List<Puzzle> out = new ArrayList<>();
        for (GameFiles.Entry entry : opened.entries()) {
            if (entry.hasErrors() || !entry.readable()) {
                throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.pgn.game", file.toString(), entry.gameNumber()));
            }
            GameTree tree;
            try {
                tree = files.readGame(opened, entry);
            } catch (GameFiles.OpenException e) {
                throw new PuzzleFileException(e.text(), e);
            }
            out.add(fromTree(tree, file.toString(), entry.gameNumber()));
        }
        return out;
    }

    /** A puzzle from a game written by {@link #tree(Puzzle)}: its start, its main line and its tags. */
    public Puzzle fromTree(GameTree tree, String source, int gameNumber) throws PuzzleFileException {
        GamePlugin game = files.games().byId(tree.gameId()).orElseThrow(() -> new PuzzleFileException(
                Text.of(PuzzleFiles.class, "puzzle.pgn.game", source, gameNumber)));
        int rankBase = game.coordinateRankBase();
        List<String> moves = new ArrayList<>();
        for (GameNode n : tree.mainline()) {
            n.move().ifPresent(m -> moves.add(m.coordinates(rankBase)));
        }
        if (moves.size() < 2) {
            throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.pgn.game", source, gameNumber));
        }
        String fen = tree.tags().getOrDefault("FEN", tree.startPosition().fen());
        try {
            return new Puzzle(tree.tags().get("PuzzleId").filter(s -> !s.isBlank()).orElse(Puzzle.idFor(fen, moves)),
                    fen, moves, intTag(tree, "Rating"), intTag(tree, "RatingDeviation"), intTag(tree, "Popularity"),
                    intTag(tree, "NbPlays"), words(tree.tags().getOrDefault("Themes", "")),
                    tree.tags().get("Site").filter(s -> !s.equals("?")).orElse(""),
                    words(tree.tags().getOrDefault("OpeningTags", "")), game.id(),
                    variantOf(tree.tags().getOrDefault("Variant", ""), game));
        } catch (NumberFormatException e) {
            throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.pgn.game", source, gameNumber), e);
        }
    }

    private static String variantOf(String tag, GamePlugin game) {
        String v = tag.strip().toLowerCase(java.util.Locale.ROOT);
        return v.isEmpty() || v.equals(game.id()) || v.equals("standard") || v.equals("chinese chess") ? "" : v;
    }

    private static int intTag(GameTree tree, String name) {
        String v = tree.tags().getOrDefault(name, "0").strip();
        return v.isEmpty() || v.equals("?") ? 0 : Integer.parseInt(v);
    }

    // ---------------------------------------------------------------- checks

    /** A puzzle's positions and moves, replayed under its game's rules. */
    public record Line(GamePlugin game, List<Position> positions, List<Move> moves) {
    }

    /**
     * Replays a puzzle: the position before the mistake, then one after each move.
     *
     * @throws PuzzleFileException when its game is unknown, its FEN unreadable or a move illegal
     */
    public Line line(Puzzle p) throws PuzzleFileException {
        GamePlugin game = files.games().byId(p.game()).orElseThrow(() -> new PuzzleFileException(
                Text.of(PuzzleFiles.class, "puzzle.game.unknown", p.id(), p.game())));
        Position pos;
        try {
            pos = p.variant().isEmpty() ? game.parseFen(p.fen()) : game.parseFen(p.fen(), p.variant());
        } catch (FenException | IllegalArgumentException e) {
            throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.fen.invalid", p.id(), p.fen()), e);
        }
        List<Position> positions = new ArrayList<>();
        List<Move> moves = new ArrayList<>();
        positions.add(pos);
        int rankBase = game.coordinateRankBase();
        for (String text : p.moves()) {
            Move m;
            try {
                m = Move.parseCoordinates(text, rankBase);
            } catch (IllegalArgumentException e) {
                throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.move.illegal", p.id(), text), e);
            }
            if (!pos.isLegal(m)) {
                throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.move.illegal", p.id(), text));
            }
            moves.add(m);
            pos = pos.play(m);
            positions.add(pos);
        }
        return new Line(game, List.copyOf(positions), List.copyOf(moves));
    }

    private void check(Puzzle p, String source, int number) throws PuzzleFileException {
        try {
            line(p);
        } catch (PuzzleFileException e) {
            throw new PuzzleFileException(Text.of(PuzzleFiles.class, "puzzle.file.bad", source, number, e.text()), e);
        }
    }

    /** Reads puzzles from CSV text (tests, the clipboard). */
    public static List<Puzzle> readCsv(String text) throws IOException {
        return readCsv(new StringReader(text), "-");
    }
}
