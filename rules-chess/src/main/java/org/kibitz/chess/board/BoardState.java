package org.kibitz.chess.board;

/**
 * An immutable chess position in about a hundred bytes: the bitboards by colour and by piece type,
 * side, rights, en passant square, clocks and key, with the few questions that reading and writing
 * a game ask of every move answered on the bitboards directly: which pieces of a type can go to a
 * square, whether a move is legal, the position after it, whether it gives check.
 *
 * <p>A game tree holds one position per move, so this is what a {@code ChessPosition} keeps instead
 * of a {@link Board} (whose arrays and undo stacks cost several hundred bytes and a copy per move).
 * Everything else (the full move list, perft, search) gets a {@link Board} from {@link #toBoard()}.
 * The rules are {@link Board}'s: the same move encoding ({@link Moves}), the same en passant
 * convention (the square is kept only when a pawn of the side to move attacks it), the same key;
 * {@code BoardStateTest} checks every answer against {@link Board} on random games.
 */
public final class BoardState {

    private final long white;
    private final long black;
    private final long pawns;
    private final long knights;
    private final long bishops;
    private final long rooks;
    private final long queens;
    private final long kings;
    private final long key;
    private final int sideToMove;
    private final int castling;
    private final int epSquare;
    private final int halfmoveClock;
    private final int fullmoveNumber;
    private final boolean chess960;
    private final CastlingGeometry geometry;

    private BoardState(long white, long black, long pawns, long knights, long bishops, long rooks, long queens,
                       long kings, long key, int sideToMove, int castling, int epSquare, int halfmoveClock,
                       int fullmoveNumber, boolean chess960, CastlingGeometry geometry) {
        this.white = white;
        this.black = black;
        this.pawns = pawns;
        this.knights = knights;
        this.bishops = bishops;
        this.rooks = rooks;
        this.queens = queens;
        this.kings = kings;
        this.key = key;
        this.sideToMove = sideToMove;
        this.castling = castling;
        this.epSquare = epSquare;
        this.halfmoveClock = halfmoveClock;
        this.fullmoveNumber = fullmoveNumber;
        this.chess960 = chess960;
        this.geometry = geometry;
    }

    /** The position on a board (its move history is not kept). */
    public static BoardState of(Board b) {
        long[] p = b.pieces;
        return new BoardState(b.colours[Board.WHITE], b.colours[Board.BLACK],
                p[Board.PAWN] | p[8 | Board.PAWN], p[Board.KNIGHT] | p[8 | Board.KNIGHT],
                p[Board.BISHOP] | p[8 | Board.BISHOP], p[Board.ROOK] | p[8 | Board.ROOK],
                p[Board.QUEEN] | p[8 | Board.QUEEN], p[Board.KING] | p[8 | Board.KING],
                b.key, b.sideToMove, b.castling, b.epSquare, b.halfmoveClock, b.fullmoveNumber, b.chess960, b.geometry);
    }

    /** A state from its parts, for {@link BoardReplay#state()}. */
    static BoardState raw(long white, long black, long pawns, long knights, long bishops, long rooks, long queens,
                          long kings, long key, int sideToMove, int castling, int epSquare, int halfmoveClock,
                          int fullmoveNumber, boolean chess960, CastlingGeometry geometry) {
        return new BoardState(white, black, pawns, knights, bishops, rooks, queens, kings, key, sideToMove, castling,
                epSquare, halfmoveClock, fullmoveNumber, chess960, geometry);
    }

    CastlingGeometry geometry() {
        return geometry;
    }

    /** A new mutable board holding this position, for search, perft or the full list of moves. */
    public Board toBoard() {
        Board b = new Board();
        long occ = white | black;
        while (occ != 0) {
            int sq = Long.numberOfTrailingZeros(occ);
            occ &= occ - 1;
            b.put(pieceOn(sq), sq);
        }
        b.sideToMove = sideToMove;
        b.castling = castling;
        b.epSquare = epSquare;
        b.halfmoveClock = halfmoveClock;
        b.fullmoveNumber = fullmoveNumber;
        b.key = key;
        b.chess960 = chess960;
        b.geometry = geometry;
        return b;
    }

    // ---------------------------------------------------------------- queries

    public int sideToMove() {
        return sideToMove;
    }

    public boolean isChess960() {
        return chess960;
    }

    public long key() {
        return key;
    }

    public int halfmoveClock() {
        return halfmoveClock;
    }

    public int fullmoveNumber() {
        return fullmoveNumber;
    }

    /** See {@link Board#enPassantSquare()}. */
    public int enPassantSquare() {
        return epSquare;
    }

    public int castlingRights() {
        return castling;
    }

    public long occupied() {
        return white | black;
    }

    /** The squares of one colour's pieces. */
    public long pieces(int colour) {
        return colour == Board.WHITE ? white : black;
    }

    /** The squares of one piece type, both colours. */
    public long piecesOfType(int type) {
        return switch (type) {
            case Board.PAWN -> pawns;
            case Board.KNIGHT -> knights;
            case Board.BISHOP -> bishops;
            case Board.ROOK -> rooks;
            case Board.QUEEN -> queens;
            case Board.KING -> kings;
            default -> 0L;
        };
    }

    /** The piece code on a square ({@link Board#piece(int, int)}), {@link Board#NO_PIECE} when empty. */
    public int pieceOn(int sq) {
        long bit = 1L << sq;
        int colour;
        if ((white & bit) != 0) {
            colour = 0;
        } else if ((black & bit) != 0) {
            colour = 8;
        } else {
            return Board.NO_PIECE;
        }
        int type = (pawns & bit) != 0 ? Board.PAWN
                : (knights & bit) != 0 ? Board.KNIGHT
                : (bishops & bit) != 0 ? Board.BISHOP
                : (rooks & bit) != 0 ? Board.ROOK
                : (queens & bit) != 0 ? Board.QUEEN
                : Board.KING;
        return colour | type;
    }

    /** The piece type on a square, {@link Board#NO_PIECE} when empty. */
    public int typeOn(int sq) {
        return pieceOn(sq) & 7;
    }

    public int kingSquare(int colour) {
        return Long.numberOfTrailingZeros(kings & pieces(colour));
    }

    /** The enemy pieces giving check to the side to move. */
    public long checkers() {
        int us = sideToMove;
        long theirs = pieces(us ^ 1);
        int ksq = Long.numberOfTrailingZeros(kings & pieces(us));
        long occ = white | black;
        return theirs & ((Attacks.PAWN[64 * us + ksq] & pawns)
                | (Attacks.KNIGHT[ksq] & knights)
                | (Attacks.bishop(ksq, occ) & (bishops | queens))
                | (Attacks.rook(ksq, occ) & (rooks | queens)));
    }

    public boolean inCheck() {
        return checkers() != 0;
    }

    /**
     * Whether the side to move has a legal move. Asked after every check a game file holds (is it
     * mate?): in check, only king moves, captures of the checker and blocks can help, and each is
     * tried on the bitboards; otherwise (stalemate questions) a {@link Board} generates.
     */
    public boolean hasLegalMove() {
        long checkers = checkers();
        if (checkers == 0) {
            return toBoard().hasLegalMove();
        }
        int us = sideToMove;
        long ours = pieces(us);
        int ksq = kingSquare(us);
        for (long t = Attacks.KING[ksq] & ~ours; t != 0; t &= t - 1) {
            if (legalMove(ksq, Long.numberOfTrailingZeros(t), Board.NO_PIECE) != Moves.NONE) {
                return true;
            }
        }
        if ((checkers & (checkers - 1)) != 0) {
            return false; // double check: only the king can move
        }
        int checker = Long.numberOfTrailingZeros(checkers);
        // The checker's square (a capture) and the squares between it and the king (a block).
        long targets = checkers | Attacks.BETWEEN[64 * ksq + checker];
        for (; targets != 0; targets &= targets - 1) {
            int to = Long.numberOfTrailingZeros(targets);
            if (anyReaches(to)) {
                return true;
            }
        }
        // A pawn that has just pushed two squares and gives check can be taken en passant.
        return epSquare != Board.NO_SQUARE && (pawns >>> checker & 1) != 0 && anyReaches(epSquare);
    }

    /** Whether a piece of the side to move other than the king legally moves to {@code to}. */
    private boolean anyReaches(int to) {
        boolean lastRank = to >= 56 || to < 8;
        for (int type = Board.PAWN; type < Board.KING; type++) {
            long from = reaching(type, to);
            for (; from != 0; from &= from - 1) {
                int promotion = type == Board.PAWN && lastRank ? Board.QUEEN : Board.NO_PIECE;
                if (legalMove(Long.numberOfTrailingZeros(from), to, promotion) != Moves.NONE) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether a move (legal here) captures: en passant does, castling never does. */
    public boolean isCapture(int move) {
        int flag = Moves.flag(move);
        if (flag == Moves.EN_PASSANT) {
            return true;
        }
        return flag != Moves.CASTLING && ((white | black) >>> Moves.to(move) & 1) != 0;
    }

    /**
     * The pieces of the side to move of one type that reach {@code to} by that piece's way of
     * moving (pawns: a push onto an empty square, a capture onto an enemy piece or the en passant
     * square), whether or not the move would leave the king attacked; castling is not counted.
     * For queens only the diagonal or only the straight ones: see {@link #queensTo(int, boolean)}.
     */
    public long reaching(int type, int to) {
        int us = sideToMove;
        long ours = pieces(us);
        long target = 1L << to;
        if ((ours & target) != 0) {
            return 0;
        }
        long occ = white | black;
        return switch (type) {
            case Board.PAWN -> pawnsReaching(to, us, ours, occ);
            case Board.KNIGHT -> Attacks.KNIGHT[to] & knights & ours;
            case Board.BISHOP -> Attacks.bishop(to, occ) & bishops & ours;
            case Board.ROOK -> Attacks.rook(to, occ) & rooks & ours;
            case Board.QUEEN -> Attacks.queen(to, occ) & queens & ours;
            case Board.KING -> Attacks.KING[to] & kings & ours;
            default -> 0L;
        };
    }

    /** The queens of the side to move that reach {@code to} diagonally, or in a straight line. */
    public long queensTo(int to, boolean diagonal) {
        long ours = pieces(sideToMove);
        if ((ours >>> to & 1) != 0) {
            return 0;
        }
        long occ = white | black;
        return (diagonal ? Attacks.bishop(to, occ) : Attacks.rook(to, occ)) & queens & ours;
    }

    private long pawnsReaching(int to, int us, long ours, long occ) {
        long ownPawns = pawns & ours;
        long target = 1L << to;
        if ((occ & target) != 0 || to == epSquare) {
            // Captures (the target is an enemy piece: own pieces were ruled out), en passant included.
            return Attacks.PAWN[64 * (us ^ 1) + to] & ownPawns;
        }
        if (us == Board.WHITE) {
            if (to < 8) {
                return 0;
            }
            long single = ownPawns & (target >>> 8);
            if (single != 0) {
                return single;
            }
            return (target & Attacks.RANK_4) != 0 && (occ & (target >>> 8)) == 0 ? ownPawns & (target >>> 16) : 0;
        }
        if (to > 55) {
            return 0;
        }
        long single = ownPawns & (target << 8);
        if (single != 0) {
            return single;
        }
        return (target & Attacks.RANK_5) != 0 && (occ & (target << 8)) == 0 ? ownPawns & (target << 16) : 0;
    }

    /**
     * The move of the side to move's piece on {@code from} to {@code to} (castling not included),
     * with its flag, if that piece goes there by its way of moving and the move is legal;
     * {@link Moves#NONE} otherwise. {@code promotion} is the piece type a pawn reaching the last
     * rank becomes ({@link Board#NO_PIECE} for other moves: a promotion without it, or a piece
     * type where none is possible, is no move).
     */
    public int legalMove(int from, int to, int promotion) {
        int us = sideToMove;
        long ours = pieces(us);
        if ((ours >>> from & 1) == 0 || (ours >>> to & 1) != 0 || from == to) {
            return Moves.NONE;
        }
        long occ = white | black;
        long fromBit = 1L << from;
        boolean reaches;
        if ((pawns & fromBit) != 0) {
            reaches = (pawnsReaching(to, us, ours, occ) & fromBit) != 0;
        } else if ((knights & fromBit) != 0) {
            reaches = (Attacks.KNIGHT[from] >>> to & 1) != 0;
        } else if ((bishops & fromBit) != 0) {
            reaches = (Attacks.bishop(from, occ) >>> to & 1) != 0;
        } else if ((rooks & fromBit) != 0) {
            reaches = (Attacks.rook(from, occ) >>> to & 1) != 0;
        } else if ((queens & fromBit) != 0) {
            reaches = (Attacks.queen(from, occ) >>> to & 1) != 0;
        } else {
            reaches = (Attacks.KING[from] >>> to & 1) != 0;
        }
        return reaches ? reachedMove(from, to, promotion) : Moves.NONE;
    }

    /**
     * {@link #legalMove} for a {@code from} square that {@link #reaching} or {@link #queensTo} gave
     * for {@code to}: that the piece goes there is not asked again (for a slider, one or two table
     * lookups fewer per move read), only the promotion, the flag and the king's safety.
     */
    public int reachedMove(int from, int to, int promotion) {
        int flag = Moves.NORMAL;
        int capSq = to;
        if ((pawns >>> from & 1) != 0) {
            boolean lastRank = to >= 56 || to < 8;
            if (lastRank) {
                if (promotion < Board.KNIGHT || promotion > Board.QUEEN) {
                    return Moves.NONE;
                }
                flag = Moves.promotionFlag(promotion);
            } else if (promotion != Board.NO_PIECE) {
                return Moves.NONE;
            } else if (to == epSquare && (from & 7) != (to & 7)) {
                flag = Moves.EN_PASSANT;
                capSq = to ^ 8;
            } else if (Math.abs(to - from) == 16) {
                flag = Moves.DOUBLE_PUSH;
            }
        } else if (promotion != Board.NO_PIECE) {
            return Moves.NONE;
        }
        return kingSafeAfter(from, to, capSq) ? from | to << 6 | flag << 12 : Moves.NONE;
    }

    /**
     * Whether the side to move's king is safe once the piece on {@code from} stands on {@code to}
     * and the enemy piece on {@code capSq} (the target, or the pawn taken en passant) is gone.
     */
    private boolean kingSafeAfter(int from, int to, int capSq) {
        int us = sideToMove;
        long ours = pieces(us);
        long toBit = 1L << to;
        long gone = toBit | (1L << capSq);
        long theirs = pieces(us ^ 1) & ~gone;
        long occ = ((white | black) & ~(1L << from) & ~(1L << capSq)) | toBit;
        long king = kings & ours;
        int ksq = (king >>> from & 1) != 0 ? to : Long.numberOfTrailingZeros(king);
        return (Attacks.KNIGHT[ksq] & knights & theirs) == 0
                && (Attacks.PAWN[64 * us + ksq] & pawns & theirs) == 0
                && (Attacks.KING[ksq] & kings & theirs) == 0
                && (Attacks.bishop(ksq, occ) & (bishops | queens) & theirs) == 0
                && (Attacks.rook(ksq, occ) & (rooks | queens) & theirs) == 0;
    }

    /** Whether a piece of colour {@code by} attacks {@code sq} with the given occupancy. */
    private boolean attacked(int sq, int by, long occ) {
        long theirs = pieces(by);
        return (Attacks.KNIGHT[sq] & knights & theirs) != 0
                || (Attacks.PAWN[64 * (by ^ 1) + sq] & pawns & theirs) != 0
                || (Attacks.KING[sq] & kings & theirs) != 0
                || (Attacks.bishop(sq, occ) & (bishops | queens) & theirs) != 0
                || (Attacks.rook(sq, occ) & (rooks | queens) & theirs) != 0;
    }

    /**
     * The side to move's castling move to the h-side ({@code kingSide}) or the a-side, if it is
     * legal (king takes own rook, as {@link Moves} encodes it); {@link Moves#NONE} otherwise.
     */
    public int castlingMove(boolean kingSide) {
        int us = sideToMove;
        int i = (us == Board.WHITE ? 0 : 2) + (kingSide ? 0 : 1);
        if ((castling & (1 << i)) == 0) {
            return Moves.NONE;
        }
        CastlingGeometry g = geometry;
        long occ = white | black;
        int rook = g.rookSquare[i];
        int ksq = kingSquare(us);
        if ((g.mustBeEmpty[i] & occ) != 0 || checkers() != 0) {
            return Moves.NONE;
        }
        // Without the king and the rook: in Chess960 the rook may have shielded the king's target.
        long occAfter = occ ^ (1L << ksq) ^ (1L << rook);
        long path = g.kingPath[i];
        while (path != 0) {
            int sq = Long.numberOfTrailingZeros(path);
            path &= path - 1;
            if (attacked(sq, us ^ 1, occAfter)) {
                return Moves.NONE;
            }
        }
        return Moves.of(ksq, rook, Moves.CASTLING);
    }

    // ---------------------------------------------------------------- playing a move

    /** The position after a legal move (one from {@link #legalMove}, {@link #castlingMove} or a {@link Board}). */
    public BoardState play(int move) {
        final int from = move & 63;
        final int to = (move >>> 6) & 63;
        final int flag = (move >>> 12) & 7;
        final int us = sideToMove;
        final int them = us ^ 1;
        final long[] zps = Zobrist.PIECE_SQUARE;
        final int u8 = us << 3;
        final int t8 = them << 3;
        long ours = pieces(us);
        long theirs = pieces(them);
        long p = pawns;
        long n = knights;
        long b = bishops;
        long r = rooks;
        long q = queens;
        long k = kings;
        long key = this.key ^ Zobrist.WHITE_TO_MOVE;
        int ep = Board.NO_SQUARE;
        if (epSquare != Board.NO_SQUARE) {
            key ^= Zobrist.EP_FILE[epSquare & 7];
        }
        int halfmove = halfmoveClock + 1;

        if (flag == Moves.CASTLING) {
            int base = from & 56;
            boolean kingSide = to > from;
            int kingTo = base + (kingSide ? 6 : 2);
            int rookTo = base + (kingSide ? 5 : 3);
            long kb = (1L << from) ^ (1L << kingTo);
            long rb = (1L << to) ^ (1L << rookTo);
            k ^= kb;
            r ^= rb;
            ours ^= kb ^ rb;
            key ^= zps[64 * (u8 | Board.KING) + from] ^ zps[64 * (u8 | Board.KING) + kingTo]
                    ^ zps[64 * (u8 | Board.ROOK) + to] ^ zps[64 * (u8 | Board.ROOK) + rookTo];
        } else {
            long fromBit = 1L << from;
            long toBit = 1L << to;
            if (flag == Moves.EN_PASSANT) {
                int capSq = to ^ 8;
                long cb = 1L << capSq;
                p ^= cb;
                theirs ^= cb;
                key ^= zps[64 * (t8 | Board.PAWN) + capSq];
                halfmove = 0;
            } else if ((theirs & toBit) != 0) {
                int captured = pieceOn(to) & 7;
                switch (captured) {
                    case Board.PAWN -> p ^= toBit;
                    case Board.KNIGHT -> n ^= toBit;
                    case Board.BISHOP -> b ^= toBit;
                    case Board.ROOK -> r ^= toBit;
                    case Board.QUEEN -> q ^= toBit;
                    default -> k ^= toBit;
                }
                theirs ^= toBit;
                key ^= zps[64 * (t8 | captured) + to];
                halfmove = 0;
            }
            long mb = fromBit | toBit;
            ours ^= mb;
            int moving;
            if ((pawns & fromBit) != 0) {
                moving = Board.PAWN;
                halfmove = 0;
                if (flag >= Moves.PROMOTE_KNIGHT) {
                    int promoted = flag - Moves.PROMOTE_KNIGHT + Board.KNIGHT;
                    p ^= fromBit;
                    switch (promoted) {
                        case Board.KNIGHT -> n |= toBit;
                        case Board.BISHOP -> b |= toBit;
                        case Board.ROOK -> r |= toBit;
                        default -> q |= toBit;
                    }
                    key ^= zps[64 * (u8 | Board.PAWN) + from] ^ zps[64 * (u8 | promoted) + to];
                } else {
                    p ^= mb;
                    key ^= zps[64 * (u8 | Board.PAWN) + from] ^ zps[64 * (u8 | Board.PAWN) + to];
                    if (flag == Moves.DOUBLE_PUSH) {
                        int e = (from + to) >>> 1;
                        if ((Attacks.PAWN[64 * us + e] & p & theirs) != 0) {
                            ep = e;
                            key ^= Zobrist.EP_FILE[e & 7];
                        }
                    }
                }
            } else {
                if ((knights & fromBit) != 0) {
                    moving = Board.KNIGHT;
                    n ^= mb;
                } else if ((bishops & fromBit) != 0) {
                    moving = Board.BISHOP;
                    b ^= mb;
                } else if ((rooks & fromBit) != 0) {
                    moving = Board.ROOK;
                    r ^= mb;
                } else if ((queens & fromBit) != 0) {
                    moving = Board.QUEEN;
                    q ^= mb;
                } else {
                    moving = Board.KING;
                    k ^= mb;
                }
                key ^= zps[64 * (u8 | moving) + from] ^ zps[64 * (u8 | moving) + to];
            }
        }

        int rights = castling & geometry.keepRights[from] & geometry.keepRights[to];
        if (rights != castling) {
            key ^= Zobrist.CASTLING[castling] ^ Zobrist.CASTLING[rights];
        }
        long w = us == Board.WHITE ? ours : theirs;
        long bl = us == Board.WHITE ? theirs : ours;
        return new BoardState(w, bl, p, n, b, r, q, k, key, them, rights, ep, halfmove,
                fullmoveNumber + (us == Board.BLACK ? 1 : 0), chess960, geometry);
    }

    /**
     * Whether a legal move gives check: the moved (or promoted) piece attacks the enemy king from
     * its new square, or a slider of the mover's sees the king through the square it left.
     *
     * <p>Writing SAN asks this of every move. A slider's direct check is told by the empty-board
     * rays and the squares between (no magic lookup), and a discovered check is looked for only
     * when the square left lies on one of the king's lines, along that kind of line alone: most
     * moves then need no lookup in the sliders' 860 KB table, which was a twentieth of a
     * conversion once compiled. En passant, which empties a second square, asks both lines.
     */
    public boolean givesCheck(int move) {
        int flag = Moves.flag(move);
        if (flag == Moves.CASTLING) {
            return play(move).inCheck();
        }
        int us = sideToMove;
        int from = Moves.from(move);
        int to = Moves.to(move);
        long fromBit = 1L << from;
        long occ = ((white | black) & ~fromBit) | (1L << to);
        if (flag == Moves.EN_PASSANT) {
            occ &= ~(1L << (to ^ 8));
        }
        int ksq = Long.numberOfTrailingZeros(kings & pieces(us ^ 1));
        long king = 1L << ksq;
        int type = flag >= Moves.PROMOTE_KNIGHT ? flag - Moves.PROMOTE_KNIGHT + Board.KNIGHT : typeOn(from);
        // Where the moved piece would attack on an empty board; a slider's attack then needs the
        // squares between clear (a pawn's or a knight's square has none between it and the king).
        long reach = switch (type) {
            case Board.PAWN -> Attacks.PAWN[64 * us + to];
            case Board.KNIGHT -> Attacks.KNIGHT[to];
            case Board.BISHOP -> Attacks.BISHOP_EMPTY[to];
            case Board.ROOK -> Attacks.ROOK_EMPTY[to];
            case Board.QUEEN -> Attacks.BISHOP_EMPTY[to] | Attacks.ROOK_EMPTY[to];
            default -> 0L;
        };
        if ((reach & king) != 0 && (Attacks.BETWEEN[64 * to + ksq] & occ) == 0) {
            return true;
        }
        long others = pieces(us) & ~fromBit;
        boolean diagonal = (Attacks.BISHOP_EMPTY[ksq] & fromBit) != 0;
        boolean straight = (Attacks.ROOK_EMPTY[ksq] & fromBit) != 0;
        if (flag == Moves.EN_PASSANT) {
            diagonal = straight = true;
        }
        return diagonal && (Attacks.bishop(ksq, occ) & (bishops | queens) & others) != 0
                || straight && (Attacks.rook(ksq, occ) & (rooks | queens) & others) != 0;
    }

    // ---------------------------------------------------------------- equality

    /** Whether two states hold the same FEN state (clocks included) under the same variant rules; see {@link Board#sameState}. */
    public boolean sameState(BoardState o) {
        if (key != o.key || epSquare != o.epSquare || halfmoveClock != o.halfmoveClock
                || fullmoveNumber != o.fullmoveNumber || chess960 != o.chess960 || sideToMove != o.sideToMove
                || castling != o.castling || white != o.white || black != o.black || pawns != o.pawns
                || knights != o.knights || bishops != o.bishops || rooks != o.rooks || queens != o.queens
                || kings != o.kings) {
            return false;
        }
        for (int i = 0; i < 4; i++) {
            if ((castling & (1 << i)) != 0 && geometry.rookSquare[i] != o.geometry.rookSquare[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return Fen.write(toBoard(), false);
    }
}
