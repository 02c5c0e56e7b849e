package org.kibitz.formats;

/** The piece placement of a xiangqi board as read by the binary and block formats (XQF, DhtmlXQ, CCBridge). */
public final class XiangqiPlacement {

    private XiangqiPlacement() {
    }

    /**
     * The FEN placement field of {@code board[y][x]} (y 0 Red's back rank, x 0 its left file; 0 an empty
     * point, else the FEN letter).
     */
    public static String fen(char[][] board) {
        StringBuilder sb = new StringBuilder(90);
        for (int y = 9; y >= 0; y--) {
            int empty = 0;
            for (int x = 0; x < 9; x++) {
                char c = board[y][x];
                if (c == 0) {
                    empty++;
                } else {
                    if (empty > 0) {
                        sb.append(empty);
                        empty = 0;
                    }
                    sb.append(c);
                }
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (y > 0) {
                sb.append('/');
            }
        }
        return sb.toString();
    }
}
