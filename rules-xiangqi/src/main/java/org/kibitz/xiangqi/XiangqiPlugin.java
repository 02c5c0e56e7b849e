package org.kibitz.xiangqi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.kibitz.api.game.BoardGeometry;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Outcome;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.PositionDraft;
import org.kibitz.api.game.Ruling;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.api.i18n.Text;
import org.kibitz.xiangqi.board.Board;

/**
 * The xiangqi game: positions, legal moves, the Chinese, WXF and ICCS notations, FEN, board geometry
 * and the rulings (checkmate, stalemate, perpetual check, repetition, the natural-move limit).
 */
public final class XiangqiPlugin implements GamePlugin {

    public static final String ID = "xiangqi";

    private static final List<String> RED_FILES = List.of("九", "八", "七", "六", "五", "四", "三", "二", "一");
    private static final List<String> BLACK_FILES = List.of("1", "2", "3", "4", "5", "6", "7", "8", "9");
    /** The variant names files and engines use for xiangqi (a constant: a file may ask once per game). */
    private static final Set<String> VARIANTS = Set.of("xiangqi", "chinese chess", "chinesechess", "chinese-chess", "cchess");
    private static final BoardGeometry GEOMETRY = new BoardGeometry(9, 10, BoardGeometry.Style.INTERSECTIONS,
            OptionalInt.of(4),
            List.of(new BoardGeometry.Zone(Square.of(3, 0), Square.of(5, 2)),
                    new BoardGeometry.Zone(Square.of(3, 7), Square.of(5, 9))),
            markedPoints(), RED_FILES, BLACK_FILES, List.of());

    /**
     * The start position, built on first use: building it fills the board's move tables (tens of
     * milliseconds), which discovery, constructing every plugin, should not pay for a run that
     * never touches xiangqi (converting a chess file, say).
     */
    private static final class Start {
        static final XiangqiPosition POSITION;

        static {
            try {
                POSITION = XiangqiPosition.of(XiangqiFen.parse(XiangqiFen.START));
            } catch (FenException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    private final List<Notation> notations = List.of(new ChineseNotation(), new WxfNotation(), new IccsNotation());
    private final Arbiter arbiter = new Arbiter();

    /** Cheap: everything heavy is static and shared. */
    public XiangqiPlugin() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Set<String> variants() {
        return VARIANTS;
    }

    /**
     * Intersections, 9 x 10, river after rank 4, the two palaces, cannon and soldier points; files as Red
     * reads them (九..一 from file a) and as Black reads them (1..9 from file a); no rank labels, as on a
     * printed xiangqi board.
     */
    @Override
    public BoardGeometry geometry() {
        return GEOMETRY;
    }

    private static List<Square> markedPoints() {
        List<Square> out = new ArrayList<>();
        for (int rank : new int[] {2, 7}) {
            out.add(Square.of(1, rank));
            out.add(Square.of(7, rank));
        }
        for (int rank : new int[] {3, 6}) {
            for (int file = 0; file < 9; file += 2) {
                out.add(Square.of(file, rank));
            }
        }
        return out;
    }

    @Override
    public XiangqiPosition startPosition() {
        return Start.POSITION;
    }

    @Override
    public String pieceTypes() {
        return "KABNRCP";
    }

    @Override
    public PositionDraft draft(String fen) throws FenException {
        // The older letters E (elephant) and H (horse), which the FEN reader accepts too.
        String text = fen == null ? "" : fen.strip();
        int space = text.indexOf(' ');
        String placement = space < 0 ? text : text.substring(0, space);
        String rest = space < 0 ? "" : text.substring(space);
        placement = placement.replace('E', 'B').replace('e', 'b').replace('H', 'N').replace('h', 'n');
        return GamePlugin.super.draft(placement + rest);
    }

    @Override
    public List<Text> setupProblems(PositionDraft draft) {
        List<Text> problems = SetupCheck.problems(draft);
        return problems.isEmpty() ? GamePlugin.super.setupProblems(draft) : problems;
    }

    @Override
    public XiangqiPosition parseFen(String fen) throws FenException {
        // Game files name the start position in a FEN tag on nearly every game: 9% of reading one.
        if (fen.equals(XiangqiFen.START)) {
            return Start.POSITION;
        }
        return XiangqiPosition.of(XiangqiFen.parse(fen));
    }

    /** Chinese (the default for display), WXF, ICCS. */
    @Override
    public List<Notation> notations() {
        return notations;
    }

    @Override
    public Notation coordinateNotation() {
        return notations.get(2);
    }

    @Override
    public int coordinateRankBase() {
        return 0;
    }

    /** Red 帅仕相马车炮兵, Black 将士象马车炮卒. */
    @Override
    public String pieceLabel(Piece piece) {
        boolean red = piece.side() == Side.WHITE;
        return switch (piece.type()) {
            case 'K' -> red ? "帅" : "将";
            case 'A' -> red ? "仕" : "士";
            case 'B', 'E' -> red ? "相" : "象";
            case 'N', 'H' -> "马";
            case 'R' -> "车";
            case 'C' -> "炮";
            case 'P' -> red ? "兵" : "卒";
            default -> String.valueOf(piece.fenLetter());
        };
    }

    /**
     * Checkmate and stalemate (a loss for the side to move); a threefold repetition, ruled by the
     * {@link Arbiter} under the default rule set, axf: perpetual check or perpetual chase loses,
     * otherwise a draw; then the natural move limit (60 moves by each side without a capture: a draw).
     */
    @Override
    public Optional<Outcome> adjudicate(List<Position> line) {
        return arbiter.adjudicate(asXiangqi(line), Arbiter.RuleSet.AXF);
    }

    @Override
    public List<String> ruleSets() {
        return Arbiter.IDS;
    }

    @Override
    public Optional<Ruling> rule(List<Position> line, String ruleSet) {
        return arbiter.rule(asXiangqi(line), Arbiter.RuleSet.of(ruleSet));
    }

    @Override
    public List<Move> bannedMoves(List<Position> line, String ruleSet) {
        return arbiter.banned(asXiangqi(line), Arbiter.RuleSet.of(ruleSet));
    }

    private List<XiangqiPosition> asXiangqi(List<Position> line) {
        List<XiangqiPosition> positions = new ArrayList<>(line.size());
        for (Position p : line) {
            positions.add(asXiangqi(p));
        }
        return positions;
    }

    @Override
    public long perft(Position position, int depth) {
        return asXiangqi(position).toBoard().perft(depth);
    }

    @Override
    public Map<Move, Long> divide(Position position, int depth) {
        XiangqiPosition pos = asXiangqi(position);
        Board board = pos.toBoard();
        Map<Move, Long> out = new LinkedHashMap<>();
        for (int m : pos.legalInts()) {
            board.make(m);
            out.put(XiangqiPosition.toMove(m), board.perft(depth - 1));
            board.unmake();
        }
        return out;
    }

    /** Our own position type for any xiangqi position (another implementation goes through its FEN). */
    static XiangqiPosition asXiangqi(Position p) {
        if (p instanceof XiangqiPosition x) {
            return x;
        }
        if (!ID.equals(p.gameId())) {
            throw new IllegalArgumentException("not a xiangqi position: " + p.gameId());
        }
        try {
            return XiangqiPosition.of(XiangqiFen.parse(p.fen()));
        } catch (FenException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
