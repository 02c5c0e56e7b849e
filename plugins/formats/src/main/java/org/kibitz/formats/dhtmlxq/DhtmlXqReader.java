package org.kibitz.formats.dhtmlxq;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.FormatProblem.Location;
import org.kibitz.api.format.GameHeader;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.FormatMessages;
import org.kibitz.formats.pgn.PgnComments;
import org.kibitz.formats.text.EncodingDetector;

/**
 * Reads DhtmlXQ blocks one after another. A block is {@code [DhtmlXQ]...[/DhtmlXQ]} (or
 * {@code [DhtmlXQHTML]}); text with DhtmlXQ fields but no wrapper is one game. Problems name the
 * line of the field they are in; a bad branch is left out and the rest of the game kept.
 */
final class DhtmlXqReader implements GameReader {

    /** A file of blocks is read whole; anything larger than this is not a file of games. */
    static final int MAX_SIZE = 512 << 20;

    private static final Pattern OPEN = Pattern.compile("\\[DhtmlXQ(?:HTML)?\\]", Pattern.CASE_INSENSITIVE);
    private static final Pattern FIELD = Pattern.compile("\\[DhtmlXQ_([A-Za-z0-9_]+)\\](.*?)\\[/DhtmlXQ_\\1\\]",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern BRANCH = Pattern.compile("move_(\\d+)_(\\d+)_(\\d+)");
    private static final Pattern COMMENT = Pattern.compile("comment(\\d+)(?:_(\\d+))?");

    private final InputStream in;
    private final ReadContext context;
    private String text;
    private int pos;
    private int line = 1;
    private int lineAt;
    private int gameNumber;

    DhtmlXqReader(InputStream in, ReadContext context) {
        this.in = in;
        this.context = context;
    }

    @Override
    public ReadResult next() throws IOException {
        return nextBlock(false).result;
    }

    /**
     * The next game's tags and the plies of its main line, its moves not played: what a game list needs.
     * Problems a full read would find in the moves are found only by {@link #next()}.
     */
    @Override
    public GameHeader nextHeader() throws IOException {
        Step s = nextBlock(true);
        return s.header != null ? s.header : s.result == null ? null : GameHeader.of(s.result);
    }

    private record Step(ReadResult result, GameHeader header) {
    }

    private Step nextBlock(boolean headerOnly) throws IOException {
        if (text == null) {
            load();
        }
        if (pos >= text.length()) {
            return new Step(null, null);
        }
        Matcher open = OPEN.matcher(text);
        int start;
        int end;
        if (open.find(pos)) {
            start = open.end();
            String closeTag = "[/" + open.group().substring(1);
            int close = indexOfIgnoreCase(text, closeTag, start);
            int nextOpen = open.find(start) ? open.start() : text.length();
            end = close < 0 ? nextOpen : Math.min(close, nextOpen);
            pos = close >= 0 && close < nextOpen ? close + closeTag.length() : end;
        } else if (gameNumber == 0 && indexOfIgnoreCase(text, "[DhtmlXQ_", 0) >= 0) {
            // Fields without the wrapper: the whole text is one game.
            start = 0;
            end = text.length();
            pos = end;
        } else {
            pos = text.length();
            if (gameNumber == 0) {
                gameNumber = 1;
                return new Step(new ReadResult(1, Optional.empty(), List.of(FormatMessages.error(context.source(), 1,
                        Location.line(1), "dhtmlxq.no.block"))), null);
            }
            return new Step(null, null);
        }
        gameNumber++;
        Block b = new Block(gameNumber, start, end);
        return headerOnly ? new Step(null, b.header()) : new Step(b.read(), null);
    }

    private void load() throws IOException {
        byte[] data = in.readNBytes(MAX_SIZE + 1);
        if (data.length > MAX_SIZE) {
            throw new IOException(context.source() + ": larger than " + (MAX_SIZE >> 20) + " MB, not read as DhtmlXQ");
        }
        int off = data.length >= 3 && (data[0] & 0xFF) == 0xEF && (data[1] & 0xFF) == 0xBB && (data[2] & 0xFF) == 0xBF ? 3 : 0;
        Charset cs = context.charset().orElseGet(() -> EncodingDetector.detect(data, off, data.length - off, true));
        text = new String(data, off, data.length - off, cs);
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
    }

    /** The 1-based line of a character offset; offsets are asked for in increasing order. */
    private int lineOf(int offset) {
        if (offset < lineAt) {
            line = 1;
            lineAt = 0;
        }
        for (int i = lineAt; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        lineAt = Math.max(lineAt, Math.min(offset, text.length()));
        return line;
    }

    private static int indexOfIgnoreCase(String s, String what, int from) {
        int n = what.length();
        for (int i = Math.max(0, from); i + n <= s.length(); i++) {
            if (s.regionMatches(true, i, what, 0, n)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** One branch of moves: the main line is branch 0, from step 1. */
    private record Branch(int id, int parent, int step, String moves, int line) {
    }

    private final class Block {
        private final int number;
        private final int start;
        private final int end;
        private final List<FormatProblem> problems = new ArrayList<>();

        Block(int number, int start, int end) {
            this.number = number;
            this.start = start;
            this.end = end;
        }

        /** Tags and main-line length, without playing a move; null-free: a block with no field is not readable. */
        GameHeader header() {
            int blockLine = lineOf(start);
            Map<String, String> fields = new LinkedHashMap<>();
            Map<String, Integer> lines = new HashMap<>();
            int plies = 0;
            boolean any = false;
            Matcher m = FIELD.matcher(text).region(start, end);
            while (m.find()) {
                any = true;
                String key = m.group(1).toLowerCase(Locale.ROOT);
                if (key.equals("movelist") || key.equals("move_0_1_0")) {
                    plies = m.group(2).replaceAll("\\s+", "").length() / 4;
                } else if (!BRANCH.matcher(key).matches() && !COMMENT.matcher(key).matches()) {
                    fields.put(key, m.group(2).strip());
                    lines.put(key, lineOf(m.start()));
                }
            }
            boolean readable = any && context.games().byId("xiangqi").isPresent();
            if (!any) {
                problems.add(error(blockLine, "dhtmlxq.empty"));
            } else if (!readable) {
                problems.add(error(blockLine, "pgn.no.games"));
            }
            if (!readable) {
                return new GameHeader(number, Map.of(), java.util.OptionalInt.empty(), false, problems, Optional.empty());
            }
            GameTree tags = new GameTree(context.games().byId("xiangqi").orElseThrow().startPosition());
            tags(tags, fields, lines);
            return new GameHeader(number, tags.tags().asMap(), java.util.OptionalInt.of(plies), readable, problems, Optional.empty());
        }

        ReadResult read() {
            int blockLine = lineOf(start);
            Map<String, String> fields = new LinkedHashMap<>();
            Map<String, Integer> lines = new HashMap<>();
            TreeMap<Integer, Branch> branches = new TreeMap<>();
            Map<Integer, Map<Integer, String>> comments = new HashMap<>();
            Matcher m = FIELD.matcher(text).region(start, end);
            while (m.find()) {
                String key = m.group(1).toLowerCase(Locale.ROOT);
                String value = m.group(2);
                int at = lineOf(m.start());
                Matcher b = BRANCH.matcher(key);
                Matcher c = COMMENT.matcher(key);
                if (key.equals("movelist")) {
                    branches.put(0, new Branch(0, -1, 1, value, at));
                } else if (b.matches()) {
                    int id = Integer.parseInt(b.group(3));
                    if (id == 0) {
                        branches.putIfAbsent(0, new Branch(0, -1, 1, value, at));
                    } else {
                        branches.put(id, new Branch(id, Integer.parseInt(b.group(1)), Integer.parseInt(b.group(2)), value, at));
                    }
                } else if (c.matches()) {
                    int branch = c.group(2) == null ? 0 : Integer.parseInt(c.group(1));
                    int ply = Integer.parseInt(c.group(2) == null ? c.group(1) : c.group(2));
                    comments.computeIfAbsent(branch, k -> new HashMap<>()).put(ply, trim(value.replace("||", "\n")));
                } else {
                    fields.put(key, value.strip());
                    lines.put(key, at);
                }
            }
            Optional<GamePlugin> xiangqi = context.games().byId("xiangqi");
            if (xiangqi.isEmpty()) {
                problems.add(error(blockLine, "pgn.no.games"));
                return new ReadResult(number, Optional.empty(), problems);
            }
            if (fields.isEmpty() && branches.isEmpty()) {
                problems.add(error(blockLine, "dhtmlxq.empty"));
                return new ReadResult(number, Optional.empty(), problems);
            }
            Position startPosition = start(xiangqi.get(), fields, lines.getOrDefault("binit", blockLine), branches.get(0));
            if (startPosition == null) {
                return new ReadResult(number, Optional.empty(), problems);
            }
            GameTree tree = new GameTree(startPosition);
            tags(tree, fields, lines);
            // Nodes of each branch by absolute step (ply); a branch's steps before its start are its parent's.
            Map<Integer, Map<Integer, GameNode>> nodes = new HashMap<>();
            Map<Integer, GameNode> rootLine = new HashMap<>();
            rootLine.put(0, tree.root());
            for (Branch br : branches.values()) {
                Map<Integer, GameNode> parentNodes = br.id == 0 ? rootLine : nodes.get(br.parent);
                if (parentNodes == null) {
                    problems.add(error(br.line, "dhtmlxq.branch.parent", br.id, br.parent));
                    continue;
                }
                GameNode at = parentNodes.get(br.step - 1);
                if (at == null) {
                    problems.add(error(br.line, "dhtmlxq.branch.step", br.id, br.step));
                    continue;
                }
                Map<Integer, GameNode> mine = new HashMap<>();
                for (Map.Entry<Integer, GameNode> e : parentNodes.entrySet()) {
                    if (e.getKey() < br.step) {
                        mine.put(e.getKey(), e.getValue());
                    }
                }
                play(br, at, mine);
                nodes.put(br.id, mine);
            }
            if (!nodes.containsKey(0)) {
                nodes.put(0, rootLine);
            }
            for (Map.Entry<Integer, Map<Integer, String>> e : comments.entrySet()) {
                Map<Integer, GameNode> line = nodes.get(e.getKey());
                for (Map.Entry<Integer, String> c : e.getValue().entrySet()) {
                    GameNode n = line == null ? null : line.get(c.getKey());
                    if (n == null) {
                        problems.add(warning(blockLine, "dhtmlxq.comment.lost", e.getKey(), c.getKey()));
                    } else {
                        PgnComments.apply(n, c.getValue());
                    }
                }
            }
            return new ReadResult(number, Optional.of(tree), problems);
        }

        private void play(Branch br, GameNode from, Map<Integer, GameNode> mine) {
            String digits = br.moves.replaceAll("\\s+", "");
            if (!digits.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                problems.add(error(br.line, "dhtmlxq.moves.digits", br.id));
                return;
            }
            if (digits.length() % 4 != 0) {
                problems.add(warning(br.line, "dhtmlxq.moves.length", br.id, digits.length()));
            }
            GameNode node = from;
            int step = br.step;
            for (int i = 0; i + 4 <= digits.length(); i += 4, step++) {
                Move move = move(digits, i);
                Position p = node.position();
                if (move == null || !p.isLegal(move)) {
                    problems.add(error(br.line, "dhtmlxq.move.illegal", digits.substring(i, i + 4),
                            move == null ? "-" : move.coordinates(0), step, br.id));
                    return;
                }
                node = node.childOrAdd(move);
                mine.put(step, node);
            }
        }

        private Position start(GamePlugin xiangqi, Map<String, String> fields, int line, Branch main) {
            String fen = fields.get("fen");
            String binit = fields.getOrDefault("binit", "").replaceAll("\\s+", "");
            if ((binit.isEmpty() || binit.equals(DhtmlXqFields.START_BINIT)) && fen == null) {
                return xiangqi.startPosition();
            }
            try {
                if (fen != null && binit.isEmpty()) {
                    return xiangqi.parseFen(fen);
                }
                if (binit.length() != 64 || !binit.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                    problems.add(error(line, "dhtmlxq.binit.form", binit.length()));
                    return null;
                }
                char[][] board = new char[10][9];
                for (int i = 0; i < 32; i++) {
                    int x = binit.charAt(2 * i) - '0';
                    int y = binit.charAt(2 * i + 1) - '0';
                    if (x > 8) {
                        continue; // "99": the piece is not on the board
                    }
                    char type = DhtmlXqFields.SLOTS.charAt(i % 16);
                    board[9 - y][x] = i < 16 ? type : Character.toLowerCase(type);
                }
                Side side = Side.WHITE;
                if (main != null) {
                    String d = main.moves.replaceAll("\\s+", "");
                    if (d.length() >= 2 && Character.isDigit(d.charAt(0)) && Character.isDigit(d.charAt(1)) && d.charAt(0) <= '8') {
                        char c = board[9 - (d.charAt(1) - '0')][d.charAt(0) - '0'];
                        if (c != 0 && Character.isLowerCase(c)) {
                            side = Side.BLACK;
                        }
                    }
                }
                return xiangqi.parseFen(org.kibitz.formats.XiangqiPlacement.fen(board) + (side == Side.WHITE ? " w" : " b") + " - - 0 1");
            } catch (FenException e) {
                problems.add(error(line, "dhtmlxq.binit.invalid", e.text()));
                return null;
            }
        }

        private void tags(GameTree tree, Map<String, String> fields, Map<String, Integer> lines) {
            tree.tags().put("Game", "Chinese Chess");
            String title = fields.getOrDefault("title", "");
            String event = fields.getOrDefault("event", "");
            tree.tags().put("Event", event.isEmpty() ? title : event);
            for (Map.Entry<String, String> f : fields.entrySet()) {
                String key = f.getKey();
                String value = f.getValue();
                if (key.equals("event") || key.equals("binit") || key.equals("fen") || DhtmlXqFields.VIEWER.contains(key)
                        || value.isEmpty()) {
                    continue;
                }
                if (key.equals("title")) {
                    if (!event.isEmpty() && !event.equals(title)) {
                        tree.tags().put("Title", title);
                    }
                    continue;
                }
                if (key.equals("result")) {
                    Optional<String> r = DhtmlXqFields.result(value);
                    if (r.isEmpty()) {
                        problems.add(warning(lines.getOrDefault(key, 1), "dhtmlxq.result.unknown", value));
                    }
                    tree.tags().put("Result", r.orElse("*"));
                    continue;
                }
                tree.tags().put(DhtmlXqFields.tagFor(key).orElse("DhtmlXQ_" + key), value);
            }
            if (!tree.tags().contains("Result")) {
                tree.tags().put("Result", "*");
            }
        }

        private FormatProblem error(int line, String key, Object... args) {
            return FormatMessages.error(context.source(), number, Location.line(line), key, args);
        }

        private FormatProblem warning(int line, String key, Object... args) {
            return FormatMessages.warning(context.source(), number, Location.line(line), key, args);
        }
    }

    /** Without the ASCII blanks around it (a full-width space that indents a comment stays). */
    static String trim(String s) {
        int a = 0;
        int z = s.length();
        while (a < z && (s.charAt(a) == ' ' || s.charAt(a) == '\n' || s.charAt(a) == '\r' || s.charAt(a) == '\t')) {
            a++;
        }
        while (z > a && (s.charAt(z - 1) == ' ' || s.charAt(z - 1) == '\n' || s.charAt(z - 1) == '\r' || s.charAt(z - 1) == '\t')) {
            z--;
        }
        return s.substring(a, z);
    }

    /** A move of four digits at {@code i}; null when a square is off the board. */
    static Move move(String digits, int i) {
        int x1 = digits.charAt(i) - '0';
        int y1 = digits.charAt(i + 1) - '0';
        int x2 = digits.charAt(i + 2) - '0';
        int y2 = digits.charAt(i + 3) - '0';
        if (x1 > 8 || x2 > 8) {
            return null;
        }
        return new Move(Square.of(x1, 9 - y1), Square.of(x2, 9 - y2));
    }
}
