package org.kibitz.xiangqi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.PositionDraft;
import org.kibitz.api.game.Square;
import org.kibitz.api.i18n.Text;
import org.kibitz.xiangqi.board.Board;
import org.kibitz.xiangqi.board.Geometry;
import org.kibitz.xiangqi.board.Pieces;

/**
 * Says why a xiangqi position set up in an editor cannot arise in a game: every reason at once, so
 * the user sees all that is left to fix. The zones are the points a piece can ever reach (the
 * general and advisors in their palace, the elephants on their seven points, the soldiers ahead of
 * their start), the counts those of the starting set, since xiangqi has no promotion.
 */
final class SetupCheck {

    private static final int[] MAX_COUNT = {0, 1, 2, 2, 2, 2, 2, 5};
    /** The message keys naming each type in the plural, by internal type code. */
    private static final String[] NAMES = {"", "setup.generals", "setup.advisors", "setup.elephants",
        "setup.horses", "setup.chariots", "setup.cannons", "setup.soldiers"};

    private SetupCheck() {
    }

    /** The reasons {@code d} is not a legal xiangqi position; empty when it is. */
    static List<Text> problems(PositionDraft d) {
        List<Text> out = new ArrayList<>();
        int[] squares = new int[Geometry.SQUARES];
        int[] counts = new int[16];
        for (Map.Entry<Square, Piece> e : d.pieces().entrySet()) {
            Square s = e.getKey();
            int side = e.getValue().side().ordinal();
            int type = Pieces.typeOf(e.getValue().type());
            int sq = Geometry.at(s.file(), s.rank());
            int code = Pieces.code(type, side);
            squares[sq] = code;
            counts[code]++;
            if (!Geometry.reachable(type, side, sq)) {
                out.add(text("setup.zone." + Pieces.letter(type), sideName(side), s.name(0)));
            }
        }
        boolean countsFit = true;
        for (int side = 0; side < 2; side++) {
            int generals = counts[Pieces.code(Pieces.KING, side)];
            if (generals == 0) {
                out.add(text("setup.noGeneral", sideName(side)));
            } else if (generals > 1) {
                out.add(text("setup.manyGenerals", sideName(side), generals));
            }
            countsFit &= generals == 1;
            for (int type = Pieces.ADVISOR; type <= Pieces.PAWN; type++) {
                int n = counts[Pieces.code(type, side)];
                if (n > MAX_COUNT[type]) {
                    out.add(text("setup.tooMany", sideName(side), n, text(NAMES[type]), MAX_COUNT[type]));
                    countsFit = false;
                }
            }
        }
        int red = generalAt(squares, Pieces.RED);
        int black = generalAt(squares, Pieces.BLACK);
        boolean oneEach = counts[Pieces.code(Pieces.KING, Pieces.RED)] == 1
                && counts[Pieces.code(Pieces.KING, Pieces.BLACK)] == 1;
        if (oneEach && facing(squares, red, black)) {
            int file = Geometry.FILE[red];
            // The file as ICCS writes it, and as each side counts it (Red from its right in Chinese numerals).
            out.add(text("setup.generalsFacing", String.valueOf((char) ('a' + file)),
                    String.valueOf("九八七六五四三二一".charAt(file)), file + 1));
        } else if (countsFit) {
            // The board's attack tables need the counts of a real game.
            Board b = Board.of(squares, d.sideToMove().ordinal(), d.halfmoveClock(), d.fullmoveNumber());
            int moved = d.sideToMove().opposite().ordinal();
            if (b.attacked(b.kingSquare(moved), moved)) {
                out.add(text("setup.opponentInCheck", sideName(moved)));
            }
        }
        if (!d.castling().isEmpty() || d.enPassant().isPresent()) {
            out.add(text("setup.noCastling"));
        }
        return List.copyOf(out);
    }

    /** The point of a side's general, -1 when it has none (the first when it has several). */
    private static int generalAt(int[] squares, int side) {
        int code = Pieces.code(Pieces.KING, side);
        for (int sq = 0; sq < squares.length; sq++) {
            if (squares[sq] == code) {
                return sq;
            }
        }
        return -1;
    }

    /** Whether the two generals stand on one file with no piece between them. */
    private static boolean facing(int[] squares, int red, int black) {
        if (Geometry.FILE[red] != Geometry.FILE[black]) {
            return false;
        }
        for (int sq = Math.min(red, black) + Geometry.FILES; sq < Math.max(red, black); sq += Geometry.FILES) {
            if (squares[sq] != 0) {
                return false;
            }
        }
        return true;
    }

    private static Text sideName(int side) {
        return text(side == Pieces.RED ? "setup.red" : "setup.black");
    }

    private static Text text(String key, Object... args) {
        return Text.of(SetupCheck.class, key, args);
    }
}
