package org.kibitz.formats.movetext;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.FormatProblem.Location;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.FormatMessages;
import org.kibitz.formats.pgn.PgnFormat;
import org.kibitz.formats.text.EncodingDetector;

/** Reads one move list (see {@link MoveTextFormat}); a DhtmlXQ block or a PGN in the text goes to its own reader. */
final class MoveTextReader implements GameReader {

    /** A move list is small; a text file this large is not one. */
    static final int MAX_SIZE = 64 << 20;

    private static final String PIECES = "车車俥马馬傌相象仕士帅帥将將炮砲包兵卒";
    private static final String NUMBERS = "一二三四五六七八九１２３４５６７８９1-9";
    /** A Chinese move: piece (or front/rear) + file (or piece) + action + number; 前兵三平四 has one more. */
    static final Pattern CHINESE = Pattern.compile("[" + PIECES + "前后後中一二三四五][" + PIECES + NUMBERS + "]{1,2}?[进進退平][" + NUMBERS + "]");
    /** ICCS: h2e2 or H2-E2, not inside a word. */
    static final Pattern ICCS = Pattern.compile("(?<![A-Za-z0-9])[a-iA-I][0-9]-?[a-iA-I][0-9](?![A-Za-z0-9])");
    /** WXF after folding full-width forms: C2.5, H8+7, +C.5, +P+1, C2=5. */
    static final Pattern WXF = Pattern.compile("(?<![A-Za-z0-9])[+\\-]?[KAEBHNRCPkaebhnrcp][1-9+\\-]?[+\\-.=][1-9](?![0-9])");
    private static final Pattern MOVE = Pattern.compile("(?<chinese>" + CHINESE.pattern() + ")|(?<iccs>" + ICCS.pattern()
            + ")|(?<wxf>" + WXF.pattern() + ")|(?<result>1-0|0-1|1/2-1/2|红胜|紅勝|黑胜|黑勝|红负|紅負|黑负|黑負|和棋|和局)");
    /** A xiangqi FEN's board: ten ranks. */
    private static final Pattern FEN = Pattern.compile("[rnbakcpehRNBAKCPEH1-9]{1,9}(?:/[rnbakcpehRNBAKCPEH1-9]{1,9}){9}(?:\\s+[wrbWRB](?:\\s+[-\\w]+\\s+[-\\w]+(?:\\s+\\d+\\s+\\d+)?)?)?");

    private final InputStream in;
    private final ReadContext context;
    private boolean done;
    private GameReader delegate;
    /** The text being read, folded and with comments blanked, and where each game in it starts. */
    private String text;
    private String body;
    private final List<Integer> starts = new ArrayList<>();
    private int next;

    MoveTextReader(InputStream in, ReadContext context) {
        this.in = in;
        this.context = context;
    }

    @Override
    public ReadResult next() throws IOException {
        if (delegate != null) {
            return delegate.next();
        }
        if (done) {
            if (next >= starts.size() || text == null) {
                return null;
            }
            int from = starts.get(next);
            int to = next + 1 < starts.size() ? starts.get(next + 1) : body.length();
            next++;
            return parse(from, to, next);
        }
        done = true;
        byte[] data = in.readNBytes(MAX_SIZE + 1);
        if (data.length > MAX_SIZE) {
            return new ReadResult(1, Optional.empty(), List.of(FormatMessages.error(context.source(), 1,
                    Location.offset(MAX_SIZE), "text.too.large", MAX_SIZE >> 20)));
        }
        int off = data.length >= 3 && (data[0] & 0xFF) == 0xEF && (data[1] & 0xFF) == 0xBB && (data[2] & 0xFF) == 0xBF ? 3 : 0;
        Charset cs = context.charset().orElseGet(() -> EncodingDetector.detect(data, off, data.length - off, true));
        String text = new String(data, off, data.length - off, cs);
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("[dhtmlxq")) {
            delegate = new org.kibitz.formats.dhtmlxq.DhtmlXqFormat().reader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                    new ReadContext(context.source(), context.games(), context.gameHint(), Optional.of(StandardCharsets.UTF_8)));
            return delegate.next();
        }
        if (Pattern.compile("(?m)^\\s*\\[[A-Za-z]\\w*\\s+\"").matcher(text).find()) {
            delegate = new PgnFormat().reader(new ByteArrayInputStream(data), context);
            return delegate.next();
        }
        this.text = text;
        this.body = foldWidth(blankComments(text));
        split();
        next = 1;
        return parse(0, starts.size() > 1 ? starts.get(1) : body.length(), 1);
    }

    /** A line that starts a numbered list ("1." "1、" "１．") or holds a FEN starts a new game once the one before has moves. */
    private static final Pattern GAME_START = Pattern.compile("(?m)^[ \\t]*(?:1\\s*[.、)](?!\\d)|" + FEN.pattern() + ")");

    private void split() {
        starts.add(0);
        Matcher c = GAME_START.matcher(body);
        Matcher moves = MOVE.matcher(body);
        while (c.find()) {
            int last = starts.get(starts.size() - 1);
            if (c.start() > last) {
                moves.region(last, c.start());
                boolean hasMove = false;
                while (moves.find()) {
                    if (moves.group("result") == null) {
                        hasMove = true;
                        break;
                    }
                }
                if (hasMove) {
                    starts.add(c.start());
                }
            }
        }
    }

    /** One move list in {@code body[from, to)}: an optional FEN, then moves in any of the three notations, then maybe a result. */
    ReadResult parse(int from, int to, int number) {
        List<FormatProblem> problems = new ArrayList<>();
        Optional<GamePlugin> xiangqi = context.games().byId("xiangqi");
        if (xiangqi.isEmpty()) {
            problems.add(FormatMessages.error(context.source(), number, Location.line(1), "pgn.no.games"));
            return new ReadResult(number, Optional.empty(), problems);
        }
        GamePlugin game = xiangqi.get();
        Position start = game.startPosition();
        boolean hadFen = false;
        Matcher fen = FEN.matcher(body).region(from, to);
        if (fen.find()) {
            String f = fen.group().strip();
            if (f.indexOf(' ') < 0) {
                f += " w";
            }
            try {
                start = game.parseFen(f);
                from = fen.end();
                hadFen = true;
            } catch (FenException e) {
                problems.add(FormatMessages.error(context.source(), number, Location.line(line(text, fen.start())), "text.fen.invalid", e.text()));
                return new ReadResult(number, Optional.empty(), problems);
            }
        }
        GameTree tree = new GameTree(start);
        tree.tags().put("Game", "Chinese Chess");
        if (!start.fen().equals(game.startPosition().fen())) {
            tree.tags().put("FEN", start.fen());
        }
        String result = "*";
        GameNode node = tree.root();
        Matcher m = MOVE.matcher(body);
        int moves = 0;
        boolean broken = false;
        m.region(from, to);
        while (m.find()) {
            if (m.group("result") != null) {
                result = switch (m.group("result")) {
                    case "1-0", "红胜", "紅勝", "黑负", "黑負" -> "1-0";
                    case "0-1", "黑胜", "黑勝", "红负", "紅負" -> "0-1";
                    default -> "1/2-1/2";
                };
                continue;
            }
            if (broken) {
                continue;
            }
            String notation = m.group("chinese") != null ? "chinese" : m.group("iccs") != null ? "iccs" : "wxf";
            String token = m.group();
            Notation n = game.notation(notation).orElseThrow();
            Position p = node.position();
            try {
                Move move = n.parse(p, notation.equals("iccs") ? token.replace("-", "").toLowerCase(java.util.Locale.ROOT) : token);
                node = node.addChild(move);
                moves++;
            } catch (MoveParseException e) {
                problems.add(FormatMessages.error(context.source(), number, Location.line(line(body, m.start())), "text.move.bad", token,
                        p.fullmoveNumber(), FormatMessages.text(p.sideToMove() == Side.WHITE ? "side.red" : "side.black"), e.text()));
                broken = true; // what follows cannot be played from a position we do not have
            }
        }
        if (moves == 0 && !hadFen && problems.isEmpty()) {
            problems.add(FormatMessages.error(context.source(), number, Location.line(line(body, from)), "text.no.moves"));
            return new ReadResult(number, Optional.empty(), problems);
        }
        tree.tags().put("Result", result);
        return new ReadResult(number, Optional.of(tree), problems);
    }

    /** The text with comments ({...}, (...), （...）) blanked out, keeping every offset and line. */
    private static String blankComments(String text) {
        StringBuilder sb = new StringBuilder(text);
        int depth = 0;
        for (int i = 0; i < sb.length(); i++) {
            char c = sb.charAt(i);
            if (c == '{' || c == '(' || c == '（') {
                depth++;
            }
            if (depth > 0 && c != '\n') {
                sb.setCharAt(i, ' ');
            }
            if ((c == '}' || c == ')' || c == '）') && depth > 0) {
                depth--;
            }
        }
        return sb.toString();
    }

    /** Full-width ASCII forms (Ｃ２＝５, ８) as ASCII, one character for one so that offsets stay. */
    static String foldWidth(String s) {
        char[] c = s.toCharArray();
        for (int i = 0; i < c.length; i++) {
            if (c[i] >= '\uFF01' && c[i] <= '\uFF5E') {
                c[i] = (char) (c[i] - 0xFEE0);
            }
        }
        return new String(c);
    }

    private static int line(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    @Override
    public void close() throws IOException {
        if (delegate != null) {
            delegate.close();
        }
        in.close();
    }
}
