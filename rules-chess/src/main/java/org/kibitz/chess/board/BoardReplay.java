package org.kibitz.chess.board;

/**
 * A mutable {@link BoardState} for replaying a game forward as fast as it can be read (the tree
 * import's light path, decision 0038): the same bitboards, key, move encoding and rules, and the
 * same answers to the questions reading SAN asks ({@link #reaching}, {@link #reachedMove},
 * {@link #castlingMove}), but a move is played in place, so a replay makes no object per ply.
 * The code of those questions is {@link BoardState}'s, kept in step by {@code BoardReplayTest},
 * which replays random games and real files on both and compares every position and answer.
 * Not for sharing: one thread, one game at a time.
 */
public final class BoardReplay {

    private long white;
    private long black;
    private long pawns;
    private long knights;
    private long bishops;
    private long rooks;
    private long queens;
    private long kings;
    private long key;
    private int sideToMove;
    private int castling;
    private int epSquare;
    private int halfmoveClock;
    private int fullmoveNumber;
    private boolean chess960;
    private CastlingGeometry geometry;

    /** A board holding {@code s}. */
    public BoardReplay(BoardState s) {
        set(s);
    }

    /** Sets this board to {@code s} (a new game's start). */
    public void set(BoardState s) {
        white = s.pieces(Board.WHITE);
        black = s.pieces(Board.BLACK);
        pawns = s.piecesOfType(Board.PAWN);
        knights = s.piecesOfType(Board.KNIGHT);
        bishops = s.piecesOfType(Board.BISHOP);
        rooks = s.piecesOfType(Board.ROOK);
        queens = s.piecesOfType(Board.QUEEN);
        kings = s.piecesOfType(Board.KING);
        key = s.key();
        sideToMove = s.sideToMove();
        castling = s.castlingRights();
        epSquare = s.enPassantSquare();
        halfmoveClock = s.halfmoveClock();
        fullmoveNumber = s.fullmoveNumber();
        chess960 = s.isChess960();
        geometry = s.geometry();
    }

    /** The position now, as an immutable state. */
    public BoardState state() {
        return BoardState.raw(white, black, pawns, knights, bishops, rooks, queens, kings, key, sideToMove, castling,
                epSquare, halfmoveClock, fullmoveNumber, chess960, geometry);
    }

    public int sideToMove() {
        return sideToMove;
    }

    /** The position's key, {@link BoardState#key()}'s. */
    public long key() {
        return key;
    }


    /** The squares of one colour's pieces. */
    public long pieces(int colour) {
        return colour == Board.WHITE ? white : black;
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


    /** Plays a legal move (one from {@link #reachedMove} or {@link #castlingMove}) on this board, as {@link BoardState#play} does. */
    public void play(int move) {
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
        white = w;
        black = bl;
        pawns = p;
        knights = n;
        bishops = b;
        rooks = r;
        queens = q;
        kings = k;
        this.key = key;
        sideToMove = them;
        castling = rights;
        epSquare = ep;
        halfmoveClock = halfmove;
        fullmoveNumber += us == Board.BLACK ? 1 : 0;
    }
}
