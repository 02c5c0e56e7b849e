package org.kibitz.protocols.session;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.kibitz.api.engine.EngineConventions.PieceLetters;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;

/** Writes our positions the way one engine reads them. */
public final class FenCodec {

    private FenCodec() {
    }

    /**
     * The position's FEN in the engine's conventions: for xiangqi the horse and elephant letters and
     * the side letter; chess FENs are standard for every engine.
     */
    public static String toEngine(Position position, Conventions c) {
        String fen = position.fen();
        if (!GameIds.XIANGQI.equals(position.gameId())) {
            return fen;
        }
        String[] fields = fen.trim().split("\\s+");
        StringBuilder out = new StringBuilder(fen.length() + 4);
        String board = fields[0];
        if (c.pieceLetters() == PieceLetters.HE) {
            board = board.replace('N', 'H').replace('n', 'h').replace('B', 'E').replace('b', 'e');
        }
        out.append(board);
        for (int i = 1; i < fields.length; i++) {
            out.append(' ');
            if (i == 1 && fields[1].equals("w")) {
                out.append(c.redSide());
            } else if (i == 1 && fields[1].equals("r")) {
                out.append(c.redSide());
            } else {
                out.append(fields[i]);
            }
        }
        return out.toString();
    }

    /**
     * The lines of an xboard {@code edit} block (after {@code edit}, before {@code .}): clear the
     * board, White's/Red's pieces, {@code c}, Black's pieces. Xiangqi uses the letters XBoard and
     * MaxQi use there: K A E H R C P.
     */
    public static List<String> editCommands(Position position, int rankBase) {
        boolean xiangqi = GameIds.XIANGQI.equals(position.gameId());
        List<String> out = new ArrayList<>();
        out.add("#");
        List<Map.Entry<Square, Piece>> pieces = new ArrayList<>(position.pieces().entrySet());
        pieces.sort(Comparator.comparingInt((Map.Entry<Square, Piece> e) -> e.getKey().rank())
                .thenComparingInt(e -> e.getKey().file()));
        for (Side side : Side.values()) {
            if (side == Side.BLACK) {
                out.add("c");
            }
            for (Map.Entry<Square, Piece> e : pieces) {
                if (e.getValue().side() == side) {
                    char t = e.getValue().type();
                    if (xiangqi) {
                        t = switch (t) {
                            case 'N' -> 'H';
                            case 'B' -> 'E';
                            default -> t;
                        };
                    }
                    out.add(t + e.getKey().name(rankBase));
                }
            }
        }
        return out;
    }
}
