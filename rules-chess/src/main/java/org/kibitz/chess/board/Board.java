package org.kibitz.chess.board;

import static org.kibitz.chess.board.Attacks.BETWEEN;
import static org.kibitz.chess.board.Attacks.BISHOP_EMPTY;
import static org.kibitz.chess.board.Attacks.FILE_A;
import static org.kibitz.chess.board.Attacks.FILE_H;
import static org.kibitz.chess.board.Attacks.LINE;
import static org.kibitz.chess.board.Attacks.RANK_1;
import static org.kibitz.chess.board.Attacks.RANK_3;
import static org.kibitz.chess.board.Attacks.RANK_6;
import static org.kibitz.chess.board.Attacks.RANK_8;
import static org.kibitz.chess.board.Attacks.ROOK_EMPTY;

import java.util.Arrays;

/**
 * A mutable chess board for search and perft: bitboards plus a mailbox, make/unmake on an undo
 * stack, legal move generation into int arrays, an incremental Polyglot key and the key history
 * needed for repetitions. Standard chess and Chess960 alike.
 *
 * <h2>Conventions</h2>
 * <ul>
 *   <li>Squares {@code 8 * rank + file}, a1 = 0 .. h8 = 63. Colours {@link #WHITE} 0, {@link #BLACK} 1.
 *   <li>Piece codes {@code colour << 3 | type}, types {@link #PAWN} 1 .. {@link #KING} 6, 0 = empty
 *       (white 1..6, black 9..14). {@link #pieceOn(int)} returns a code.
 *   <li>Moves are ints as {@link Moves} describes; castling is always king-takes-own-rook inside.
 *   <li>Castling rights: bit mask {@link #WHITE_KING_SIDE} 1, {@link #WHITE_QUEEN_SIDE} 2,
 *       {@link #BLACK_KING_SIDE} 4, {@link #BLACK_QUEEN_SIDE} 8 ("king side" = the rook on the h-side
 *       of the king, also in Chess960).
 *   <li>{@link #enPassantSquare()} is set only when a pawn of the side to move could capture there
 *       (pseudo-legally), as Polyglot keys and Stockfish's FENs have it.
 * </ul>
 *
 * <h2>For a search</h2>
 * Generate with {@link #generate(int[], int, int)} into a slice of one big array (no allocation),
 * {@link #makeMove(int)} / {@link #unmakeMove()} in LIFO order, {@link #makeNullMove()} /
 * {@link #unmakeNullMove()}; {@link #inCheck()}, {@link #key()}, {@link #isRepetition()},
 * {@link #halfmoveClock()}, {@link #see(int)} / {@link #seeGe(int, int)}, {@link #isLegal(int)} to
 * check a move from a hash table or killer slot. All moves generated are legal: there is no
 * separate legality check after {@code makeMove}. A board is not thread-safe; copy it per thread
 * ({@link #copy()}).
 */
public final class Board {

    public static final int WHITE = 0;
    public static final int BLACK = 1;

    public static final int NO_PIECE = 0;
    public static final int PAWN = 1;
    public static final int KNIGHT = 2;
    public static final int BISHOP = 3;
    public static final int ROOK = 4;
    public static final int QUEEN = 5;
    public static final int KING = 6;

    public static final int NO_SQUARE = -1;

    public static final int WHITE_KING_SIDE = 1;
    public static final int WHITE_QUEEN_SIDE = 2;
    public static final int BLACK_KING_SIDE = 4;
    public static final int BLACK_QUEEN_SIDE = 8;

    /** Enough room for the moves of any legal position (the known maximum is 218). */
    public static final int MAX_MOVES = 256;

    /** Generation kinds: captures (en passant included) and every promotion. */
    public static final int GEN_CAPTURES = 1;
    /** Generation kinds: everything else, castling included. */
    public static final int GEN_QUIETS = 2;
    /** Generation kinds: every legal move. */
    public static final int GEN_ALL = GEN_CAPTURES | GEN_QUIETS;

    /** Piece values for {@link #see(int)}: none, pawn, knight, bishop, rook, queen, king. */
    public static final int[] SEE_VALUE = {0, 100, 320, 330, 500, 900, 20_000};

    // Position state.
    final long[] pieces = new long[16];
    final long[] colours = new long[2];
    final byte[] mailbox = new byte[64];
    int sideToMove;
    int castling;
    int epSquare = NO_SQUARE;
    int halfmoveClock;
    int fullmoveNumber = 1;
    long key;
    boolean chess960;
    CastlingGeometry geometry = CastlingGeometry.NONE;

    // Undo stack: entry i describes the position before the i-th move made on this board.
    private int ply;
    private int[] moveStack;
    private long[] infoStack;
    private long[] keyStack;
    /** The stack index after the last null move: repetitions are not searched across it. */
    private int lastNullPly;

    // Scratch for isLegal/parseUci and see: no allocation per call.
    private int[] scratch;
    private int[] seeGain;

    public static int piece(int colour, int type) {
        return colour << 3 | type;
    }

    public static int colourOf(int piece) {
        return piece >>> 3;
    }

    public static int typeOf(int piece) {
        return piece & 7;
    }

    /** An empty board, White to move, no rights; fill it with {@link #put(int, int)} and finish with {@link #setUp}. */
    public Board() {
        this(16);
    }

    private Board(int stackCapacity) {
        moveStack = new int[stackCapacity];
        infoStack = new long[stackCapacity];
        keyStack = new long[stackCapacity];
    }

    /** The standard start position. */
    public static Board startPosition() {
        return Fen.parse(Fen.START, false);
    }

    /**
     * Reads a FEN, X-FEN or Shredder-FEN. Chess960 is assumed when the castling field uses file
     * letters or a castling king or rook stands off its standard square.
     *
     * @throws Fen.FenError (an {@link IllegalArgumentException}) when the text is not a valid position
     */
    public static Board fromFen(String fen) {
        return Fen.parse(fen, null);
    }

    /** The FEN: X-FEN castling letters in Chess960, standard {@code KQkq} otherwise. */
    public String fen() {
        return Fen.write(this, false);
    }

    /** The FEN with Shredder-FEN castling letters (the rooks' files) whatever the variant. */
    public String shredderFen() {
        return Fen.write(this, true);
    }

    /** A copy of the position without the move history (repetitions before it are forgotten). */
    public Board copy() {
        Board b = new Board(4);
        b.copyStateFrom(this);
        return b;
    }

    /** A copy that also keeps the moves made on this board, so it can unmake them and see repetitions. */
    public Board copyWithHistory() {
        Board b = new Board(Math.max(16, moveStack.length));
        b.copyStateFrom(this);
        b.ply = ply;
        b.lastNullPly = lastNullPly;
        System.arraycopy(moveStack, 0, b.moveStack, 0, ply);
        System.arraycopy(infoStack, 0, b.infoStack, 0, ply);
        System.arraycopy(keyStack, 0, b.keyStack, 0, ply);
        return b;
    }

    private void copyStateFrom(Board o) {
        System.arraycopy(o.pieces, 0, pieces, 0, 16);
        System.arraycopy(o.colours, 0, colours, 0, 2);
        System.arraycopy(o.mailbox, 0, mailbox, 0, 64);
        sideToMove = o.sideToMove;
        castling = o.castling;
        epSquare = o.epSquare;
        halfmoveClock = o.halfmoveClock;
        fullmoveNumber = o.fullmoveNumber;
        key = o.key;
        chess960 = o.chess960;
        geometry = o.geometry;
    }

    // ---------------------------------------------------------------- set-up (used by Fen)

    /** Puts a piece on an empty square during set-up (no key update; {@link #setUp} computes the key). */
    void put(int piece, int sq) {
        long b = 1L << sq;
        pieces[piece] |= b;
        colours[piece >>> 3] |= b;
        mailbox[sq] = (byte) piece;
    }

    /** Finishes a set-up: side, rights, en passant square (kept only if capturable), counters, key. */
    void setUp(int side, CastlingGeometry geometry, int rights, boolean chess960, int ep, int halfmove, int fullmove) {
        this.sideToMove = side;
        this.geometry = geometry;
        this.castling = rights;
        this.chess960 = chess960;
        this.epSquare = ep != NO_SQUARE && (Attacks.PAWN[64 * (side ^ 1) + ep] & pieces[piece(side, PAWN)]) != 0 ? ep : NO_SQUARE;
        this.halfmoveClock = halfmove;
        this.fullmoveNumber = fullmove;
        this.ply = 0;
        this.lastNullPly = 0;
        this.key = computeKey();
    }

    /** The key computed from scratch (the incremental one must always equal it). */
    public long computeKey() {
        long k = 0;
        for (int sq = 0; sq < 64; sq++) {
            if (mailbox[sq] != NO_PIECE) {
                k ^= Zobrist.PIECE_SQUARE[64 * mailbox[sq] + sq];
            }
        }
        k ^= Zobrist.CASTLING[castling];
        if (epSquare != NO_SQUARE) {
            k ^= Zobrist.EP_FILE[epSquare & 7];
        }
        if (sideToMove == WHITE) {
            k ^= Zobrist.WHITE_TO_MOVE;
        }
        return k;
    }

    // ---------------------------------------------------------------- queries

    public int sideToMove() {
        return sideToMove;
    }

    /** The piece code on a square, {@link #NO_PIECE} when empty. */
    public int pieceOn(int sq) {
        return mailbox[sq];
    }

    /** The squares of one colour's pieces of one type. */
    public long pieces(int colour, int type) {
        return pieces[colour << 3 | type];
    }

    /** The squares of one colour's pieces. */
    public long pieces(int colour) {
        return colours[colour];
    }

    public long occupied() {
        return colours[0] | colours[1];
    }

    public int kingSquare(int colour) {
        return Long.numberOfTrailingZeros(pieces[colour << 3 | KING]);
    }

    /** The castling-rights mask. */
    public int castlingRights() {
        return castling;
    }

    /** The castling rook's square for a right index (0 white h-side, 1 white a-side, 2, 3 black), or -1. */
    public int castlingRookSquare(int rightIndex) {
        return geometry.rookSquare[rightIndex];
    }

    /** The en passant square, {@link #NO_SQUARE} unless a pawn of the side to move attacks it. */
    public int enPassantSquare() {
        return epSquare;
    }

    public int halfmoveClock() {
        return halfmoveClock;
    }

    public int fullmoveNumber() {
        return fullmoveNumber;
    }

    /** The Polyglot key of the position. */
    public long key() {
        return key;
    }

    public boolean isChess960() {
        return chess960;
    }

    /** Moves made on this board (the undo stack's depth). */
    public int ply() {
        return ply;
    }

    /** The last move made, {@link Moves#NONE} after a null move or when none was made. */
    public int lastMove() {
        return ply == 0 ? Moves.NONE : moveStack[ply - 1];
    }

    /** The piece a move captures ({@code NO_PIECE} when none); en passant captures a pawn, castling nothing. */
    public int capturedPiece(int move) {
        int flag = Moves.flag(move);
        if (flag == Moves.EN_PASSANT) {
            return piece(sideToMove ^ 1, PAWN);
        }
        return flag == Moves.CASTLING ? NO_PIECE : mailbox[Moves.to(move)];
    }

    public boolean isCapture(int move) {
        return capturedPiece(move) != NO_PIECE;
    }

    /** Pieces of both colours that attack {@code sq} given the occupancy {@code occ}. */
    public long attackersTo(int sq, long occ) {
        return (Attacks.PAWN[64 * BLACK + sq] & pieces[PAWN])
                | (Attacks.PAWN[sq] & pieces[8 | PAWN])
                | (Attacks.KNIGHT[sq] & (pieces[KNIGHT] | pieces[8 | KNIGHT]))
                | (Attacks.KING[sq] & (pieces[KING] | pieces[8 | KING]))
                | (Attacks.bishop(sq, occ) & (pieces[BISHOP] | pieces[8 | BISHOP] | pieces[QUEEN] | pieces[8 | QUEEN]))
                | (Attacks.rook(sq, occ) & (pieces[ROOK] | pieces[8 | ROOK] | pieces[QUEEN] | pieces[8 | QUEEN]));
    }

    /** Whether a piece of colour {@code by} attacks {@code sq}. */
    public boolean isAttacked(int sq, int by) {
        return attacked(sq, by, colours[0] | colours[1]);
    }

    private boolean attacked(int sq, int by, long occ) {
        int b8 = by << 3;
        return (Attacks.KNIGHT[sq] & pieces[b8 | KNIGHT]) != 0
                || (Attacks.PAWN[64 * (by ^ 1) + sq] & pieces[b8 | PAWN]) != 0
                || (Attacks.KING[sq] & pieces[b8 | KING]) != 0
                || (Attacks.bishop(sq, occ) & (pieces[b8 | BISHOP] | pieces[b8 | QUEEN])) != 0
                || (Attacks.rook(sq, occ) & (pieces[b8 | ROOK] | pieces[b8 | QUEEN])) != 0;
    }

    /** The enemy pieces giving check. */
    public long checkers() {
        int us = sideToMove;
        int t8 = (us ^ 1) << 3;
        int ksq = Long.numberOfTrailingZeros(pieces[us << 3 | KING]);
        long occ = colours[0] | colours[1];
        return (Attacks.PAWN[64 * us + ksq] & pieces[t8 | PAWN])
                | (Attacks.KNIGHT[ksq] & pieces[t8 | KNIGHT])
                | (Attacks.bishop(ksq, occ) & (pieces[t8 | BISHOP] | pieces[t8 | QUEEN]))
                | (Attacks.rook(ksq, occ) & (pieces[t8 | ROOK] | pieces[t8 | QUEEN]));
    }

    public boolean inCheck() {
        return checkers() != 0;
    }

    /** Whether a legal move gives check (made and taken back on this board). */
    public boolean givesCheck(int move) {
        makeMove(move);
        boolean check = inCheck();
        unmakeMove();
        return check;
    }

    /** Whether the given side has enough material to mate by any sequence of legal moves (FIDE's practical test). */
    public boolean canMate(int colour) {
        int c8 = colour << 3;
        int t8 = (colour ^ 1) << 3;
        if ((pieces[c8 | PAWN] | pieces[c8 | ROOK] | pieces[c8 | QUEEN]) != 0) {
            return true;
        }
        long knights = pieces[c8 | KNIGHT];
        long bishops = pieces[c8 | BISHOP];
        if (knights != 0) {
            // A lone knight mates only with help from enemy pieces that can block its victim's king.
            return Long.bitCount(knights) + Long.bitCount(bishops) > 1
                    || (colours[colour ^ 1] & ~pieces[t8 | KING] & ~pieces[t8 | QUEEN]) != 0;
        }
        if (bishops != 0) {
            // Bishops all on one colour never mate unless an enemy pawn or knight (or an opposite bishop) blocks.
            long allBishops = pieces[BISHOP] | pieces[8 | BISHOP];
            boolean sameColour = (allBishops & Attacks.DARK_SQUARES) == 0 || (allBishops & Attacks.LIGHT_SQUARES) == 0;
            return !sameColour || (pieces[PAWN] | pieces[8 | PAWN] | pieces[KNIGHT] | pieces[8 | KNIGHT]) != 0;
        }
        return false;
    }

    /** Neither side can mate: a dead position by material. */
    public boolean insufficientMaterial() {
        return !canMate(WHITE) && !canMate(BLACK);
    }

    /**
     * Whether the position occurred before, with the same side to move, since the last capture,
     * pawn move, castling-right change or null move (searching only moves made on this board).
     */
    public boolean isRepetition() {
        int end = Math.max(ply - halfmoveClock, lastNullPly);
        for (int i = ply - 4; i >= end; i -= 2) {
            if (keyStack[i] == key) {
                return true;
            }
        }
        return false;
    }

    /** How often the position occurred among the moves made on this board, this time included. */
    public int repetitionCount() {
        int n = 1;
        int end = Math.max(ply - halfmoveClock, lastNullPly);
        for (int i = ply - 4; i >= end; i -= 2) {
            if (keyStack[i] == key) {
                n++;
            }
        }
        return n;
    }

    /** Whether an en passant capture is legal here (not merely a pawn standing next to the pawn that double-stepped). */
    public boolean hasLegalEnPassant() {
        if (epSquare == NO_SQUARE) {
            return false;
        }
        int us = sideToMove;
        long occ = colours[0] | colours[1];
        int ksq = Long.numberOfTrailingZeros(pieces[us << 3 | KING]);
        long capturers = Attacks.PAWN[64 * (us ^ 1) + epSquare] & pieces[us << 3 | PAWN];
        while (capturers != 0) {
            int from = Long.numberOfTrailingZeros(capturers);
            capturers &= capturers - 1;
            if (enPassantLegal(from, epSquare, us, ksq, occ)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The key for repetition by the rules of chess: as {@link #key()}, but without the en passant
     * file when no en passant capture is legal (a pinned capturer makes no difference to the moves).
     */
    public long repetitionKey() {
        return epSquare != NO_SQUARE && !hasLegalEnPassant() ? key ^ Zobrist.EP_FILE[epSquare & 7] : key;
    }

    /**
     * Whether two boards hold the same position for the repetition rule: pieces, side to move,
     * castling rights (with their rooks) and the possibility of an en passant capture.
     */
    public boolean sameRepetitionState(Board o) {
        if (repetitionKey() != o.repetitionKey() || sideToMove != o.sideToMove || castling != o.castling
                || !Arrays.equals(mailbox, o.mailbox)) {
            return false;
        }
        for (int i = 0; i < 4; i++) {
            if ((castling & (1 << i)) != 0 && geometry.rookSquare[i] != o.geometry.rookSquare[i]) {
                return false;
            }
        }
        return true;
    }

    /** Whether two boards hold the same FEN state (clocks included) under the same variant rules. */
    public boolean sameState(Board o) {
        if (key != o.key || epSquare != o.epSquare || halfmoveClock != o.halfmoveClock
                || fullmoveNumber != o.fullmoveNumber || chess960 != o.chess960 || sideToMove != o.sideToMove
                || castling != o.castling || !Arrays.equals(mailbox, o.mailbox)) {
            return false;
        }
        for (int i = 0; i < 4; i++) {
            if ((castling & (1 << i)) != 0 && geometry.rookSquare[i] != o.geometry.rookSquare[i]) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- make / unmake

    private void grow() {
        int n = moveStack.length * 2;
        moveStack = Arrays.copyOf(moveStack, n);
        infoStack = Arrays.copyOf(infoStack, n);
        keyStack = Arrays.copyOf(keyStack, n);
    }

    /** Plays a legal move (one this board generated, or checked with {@link #isLegal(int)}). */
    public void makeMove(int move) {
        if (ply == moveStack.length) {
            grow();
        }
        final int from = move & 63;
        final int to = (move >>> 6) & 63;
        final int flag = (move >>> 12) & 7;
        final int us = sideToMove;
        final int them = us ^ 1;
        final int moving = mailbox[from];
        final long[] zps = Zobrist.PIECE_SQUARE;

        long info = (long) castling << 4 | (long) (epSquare + 1) << 8 | (long) halfmoveClock << 32;
        long k = key ^ Zobrist.WHITE_TO_MOVE;
        if (epSquare != NO_SQUARE) {
            k ^= Zobrist.EP_FILE[epSquare & 7];
            epSquare = NO_SQUARE;
        }
        halfmoveClock++;

        if (flag == Moves.CASTLING) {
            boolean kingSide = to > from;
            int base = from & 56;
            int kingTo = base + (kingSide ? 6 : 2);
            int rookTo = base + (kingSide ? 5 : 3);
            int king = moving;
            int rook = piece(us, ROOK);
            long kb = (1L << from) ^ (1L << kingTo);
            long rb = (1L << to) ^ (1L << rookTo);
            pieces[king] ^= kb;
            pieces[rook] ^= rb;
            colours[us] ^= kb ^ rb;
            mailbox[from] = NO_PIECE;
            mailbox[to] = NO_PIECE;
            mailbox[kingTo] = (byte) king;
            mailbox[rookTo] = (byte) rook;
            k ^= zps[64 * king + from] ^ zps[64 * king + kingTo] ^ zps[64 * rook + to] ^ zps[64 * rook + rookTo];
        } else {
            int captured;
            if (flag == Moves.EN_PASSANT) {
                int capSq = to ^ 8;
                captured = piece(them, PAWN);
                long cb = 1L << capSq;
                pieces[captured] ^= cb;
                colours[them] ^= cb;
                mailbox[capSq] = NO_PIECE;
                k ^= zps[64 * captured + capSq];
            } else {
                captured = mailbox[to];
                if (captured != NO_PIECE) {
                    long cb = 1L << to;
                    pieces[captured] ^= cb;
                    colours[them] ^= cb;
                    k ^= zps[64 * captured + to];
                }
            }
            if (captured != NO_PIECE) {
                halfmoveClock = 0;
                info |= captured;
            }
            long mb = (1L << from) | (1L << to);
            pieces[moving] ^= mb;
            colours[us] ^= mb;
            mailbox[from] = NO_PIECE;
            mailbox[to] = (byte) moving;
            k ^= zps[64 * moving + from] ^ zps[64 * moving + to];
            if ((moving & 7) == PAWN) {
                halfmoveClock = 0;
                if (flag == Moves.DOUBLE_PUSH) {
                    int ep = (from + to) >>> 1;
                    if ((Attacks.PAWN[64 * us + ep] & pieces[them << 3 | PAWN]) != 0) {
                        epSquare = ep;
                        k ^= Zobrist.EP_FILE[ep & 7];
                    }
                } else if (flag >= Moves.PROMOTE_KNIGHT) {
                    int promoted = us << 3 | (flag - Moves.PROMOTE_KNIGHT + KNIGHT);
                    long tb = 1L << to;
                    pieces[moving] ^= tb;
                    pieces[promoted] |= tb;
                    mailbox[to] = (byte) promoted;
                    k ^= zps[64 * moving + to] ^ zps[64 * promoted + to];
                }
            }
        }

        int rights = castling & geometry.keepRights[from] & geometry.keepRights[to];
        if (rights != castling) {
            k ^= Zobrist.CASTLING[castling] ^ Zobrist.CASTLING[rights];
            castling = rights;
        }
        moveStack[ply] = move;
        infoStack[ply] = info;
        keyStack[ply] = key;
        ply++;
        if (us == BLACK) {
            fullmoveNumber++;
        }
        sideToMove = them;
        key = k;
    }

    /** Takes back the last {@link #makeMove(int)}. */
    public void unmakeMove() {
        ply--;
        final int move = moveStack[ply];
        final long info = infoStack[ply];
        key = keyStack[ply];
        final int them = sideToMove;
        final int us = them ^ 1;
        sideToMove = us;
        if (us == BLACK) {
            fullmoveNumber--;
        }
        castling = (int) (info >>> 4) & 15;
        epSquare = ((int) (info >>> 8) & 127) - 1;
        halfmoveClock = (int) (info >>> 32);

        final int from = move & 63;
        final int to = (move >>> 6) & 63;
        final int flag = (move >>> 12) & 7;
        if (flag == Moves.CASTLING) {
            boolean kingSide = to > from;
            int base = from & 56;
            int kingTo = base + (kingSide ? 6 : 2);
            int rookTo = base + (kingSide ? 5 : 3);
            int king = us << 3 | KING;
            int rook = us << 3 | ROOK;
            long kb = (1L << from) ^ (1L << kingTo);
            long rb = (1L << to) ^ (1L << rookTo);
            pieces[king] ^= kb;
            pieces[rook] ^= rb;
            colours[us] ^= kb ^ rb;
            mailbox[kingTo] = NO_PIECE;
            mailbox[rookTo] = NO_PIECE;
            mailbox[from] = (byte) king;
            mailbox[to] = (byte) rook;
            return;
        }
        int moved = mailbox[to];
        long mb = (1L << from) | (1L << to);
        if (flag >= Moves.PROMOTE_KNIGHT) {
            int pawn = us << 3 | PAWN;
            pieces[moved] ^= 1L << to;
            pieces[pawn] ^= 1L << from;
            moved = pawn;
        } else {
            pieces[moved] ^= mb;
        }
        colours[us] ^= mb;
        mailbox[to] = NO_PIECE;
        mailbox[from] = (byte) moved;
        int captured = (int) info & 15;
        if (captured != NO_PIECE) {
            int capSq = flag == Moves.EN_PASSANT ? to ^ 8 : to;
            long cb = 1L << capSq;
            pieces[captured] |= cb;
            colours[them] |= cb;
            mailbox[capSq] = (byte) captured;
        }
    }

    /** Passes the move to the other side (for null-move pruning); not legal in check. */
    public void makeNullMove() {
        if (ply == moveStack.length) {
            grow();
        }
        long info = (long) castling << 4 | (long) (epSquare + 1) << 8 | (long) halfmoveClock << 32
                | (long) (lastNullPly & 0xFFFF) << 16;
        long k = key ^ Zobrist.WHITE_TO_MOVE;
        if (epSquare != NO_SQUARE) {
            k ^= Zobrist.EP_FILE[epSquare & 7];
            epSquare = NO_SQUARE;
        }
        moveStack[ply] = Moves.NONE;
        infoStack[ply] = info;
        keyStack[ply] = key;
        ply++;
        lastNullPly = ply;
        halfmoveClock++;
        if (sideToMove == BLACK) {
            fullmoveNumber++;
        }
        sideToMove ^= 1;
        key = k;
    }

    public void unmakeNullMove() {
        ply--;
        long info = infoStack[ply];
        key = keyStack[ply];
        sideToMove ^= 1;
        if (sideToMove == BLACK) {
            fullmoveNumber--;
        }
        castling = (int) (info >>> 4) & 15;
        epSquare = ((int) (info >>> 8) & 127) - 1;
        halfmoveClock = (int) (info >>> 32);
        lastNullPly = (int) (info >>> 16) & 0xFFFF;
    }

    // ---------------------------------------------------------------- move generation

    /**
     * Writes the legal moves of a kind ({@link #GEN_ALL}, {@link #GEN_CAPTURES}, {@link #GEN_QUIETS})
     * into {@code list} from index {@code n}; returns the index after the last one written.
     * {@code list} needs {@link #MAX_MOVES} free entries. Promotions come queen first.
     */
    public int generate(int[] list, int n, int kind) {
        final int us = sideToMove;
        final int them = us ^ 1;
        final int u8 = us << 3;
        final int t8 = them << 3;
        final long ours = colours[us];
        final long theirs = colours[them];
        final long occ = ours | theirs;
        final int ksq = Long.numberOfTrailingZeros(pieces[u8 | KING]);
        final long theirDiag = pieces[t8 | BISHOP] | pieces[t8 | QUEEN];
        final long theirOrth = pieces[t8 | ROOK] | pieces[t8 | QUEEN];
        final long checkers = (Attacks.PAWN[64 * us + ksq] & pieces[t8 | PAWN])
                | (Attacks.KNIGHT[ksq] & pieces[t8 | KNIGHT])
                | (Attacks.bishop(ksq, occ) & theirDiag)
                | (Attacks.rook(ksq, occ) & theirOrth);
        final boolean caps = (kind & GEN_CAPTURES) != 0;
        final boolean quiets = (kind & GEN_QUIETS) != 0;
        final long kindMask = (caps ? theirs : 0) | (quiets ? ~occ : 0);

        long kingTargets = Attacks.KING[ksq] & kindMask;
        final long occNoKing = occ ^ (1L << ksq);
        while (kingTargets != 0) {
            int to = Long.numberOfTrailingZeros(kingTargets);
            kingTargets &= kingTargets - 1;
            if (!attacked(to, them, occNoKing)) {
                list[n++] = ksq | to << 6;
            }
        }
        if ((checkers & (checkers - 1)) != 0) {
            return n;
        }
        final long checkMask;
        final long pinned;
        if (checkers == 0) {
            checkMask = -1L;
            if (quiets && (castling & (us == WHITE ? 3 : 12)) != 0) {
                n = castlingMoves(list, n, us, ksq, occ);
            }
            pinned = pinned(ksq, occ, ours, theirDiag, theirOrth);
        } else {
            checkMask = BETWEEN[64 * ksq + Long.numberOfTrailingZeros(checkers)] | checkers;
            // A pinned piece can neither capture nor block the checker: leave pinned pieces out.
            pinned = pinned(ksq, occ, ours, theirDiag, theirOrth);
        }
        final long targets = kindMask & checkMask;
        final long unpinned = ~pinned;

        long b = pieces[u8 | KNIGHT] & unpinned;
        while (b != 0) {
            int from = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n = addAll(list, n, from, Attacks.KNIGHT[from] & targets);
        }
        b = pieces[u8 | BISHOP] | pieces[u8 | QUEEN];
        while (b != 0) {
            int from = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            long t = Attacks.bishop(from, occ) & targets;
            if ((pinned & (1L << from)) != 0) {
                t &= checkers == 0 ? LINE[64 * ksq + from] : 0;
            }
            n = addAll(list, n, from, t);
        }
        b = pieces[u8 | ROOK] | pieces[u8 | QUEEN];
        while (b != 0) {
            int from = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            long t = Attacks.rook(from, occ) & targets;
            if ((pinned & (1L << from)) != 0) {
                t &= checkers == 0 ? LINE[64 * ksq + from] : 0;
            }
            n = addAll(list, n, from, t);
        }
        return pawnMoves(list, n, us, ksq, pinned, theirs, occ, checkMask, checkers != 0, caps, quiets);
    }

    /**
     * Writes the pseudo-legal moves of a kind: every move by the pieces' rules, without asking
     * whether it leaves the own king attacked (castling and en passant only when legal). For a
     * search that checks legality lazily with {@link #leavesKingSafe(int)} after move ordering;
     * {@link #generate(int[], int, int)} is as fast in most positions and needs no check.
     */
    public int generatePseudoLegal(int[] list, int n, int kind) {
        final int us = sideToMove;
        final int u8 = us << 3;
        final long ours = colours[us];
        final long theirs = colours[us ^ 1];
        final long occ = ours | theirs;
        final int ksq = Long.numberOfTrailingZeros(pieces[u8 | KING]);
        final boolean caps = (kind & GEN_CAPTURES) != 0;
        final boolean quiets = (kind & GEN_QUIETS) != 0;
        final long targets = (caps ? theirs : 0) | (quiets ? ~occ : 0);
        n = addAll(list, n, ksq, Attacks.KING[ksq] & targets);
        if (quiets && (castling & (us == WHITE ? 3 : 12)) != 0 && !inCheck()) {
            n = castlingMoves(list, n, us, ksq, occ);
        }
        long b = pieces[u8 | KNIGHT];
        while (b != 0) {
            int from = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n = addAll(list, n, from, Attacks.KNIGHT[from] & targets);
        }
        b = pieces[u8 | BISHOP] | pieces[u8 | QUEEN];
        while (b != 0) {
            int from = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n = addAll(list, n, from, Attacks.bishop(from, occ) & targets);
        }
        b = pieces[u8 | ROOK] | pieces[u8 | QUEEN];
        while (b != 0) {
            int from = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n = addAll(list, n, from, Attacks.rook(from, occ) & targets);
        }
        return pawnMoves(list, n, us, ksq, 0L, theirs, occ, -1L, false, caps, quiets);
    }

    /**
     * Whether a pseudo-legal move (from {@link #generatePseudoLegal}) is legal: it does not leave
     * the mover's king attacked. Computes checkers and pins each call.
     */
    public boolean leavesKingSafe(int move) {
        final int from = move & 63;
        final int to = (move >>> 6) & 63;
        final int flag = (move >>> 12) & 7;
        final int us = sideToMove;
        final int them = us ^ 1;
        final int t8 = them << 3;
        final long occ = colours[0] | colours[1];
        final int ksq = Long.numberOfTrailingZeros(pieces[us << 3 | KING]);
        if (flag == Moves.CASTLING) {
            return true;
        }
        if (flag == Moves.EN_PASSANT) {
            return enPassantLegal(from, to, us, ksq, occ);
        }
        if (from == ksq) {
            return !attacked(to, them, occ ^ (1L << ksq));
        }
        long checkers = checkers();
        if (checkers != 0) {
            if ((checkers & (checkers - 1)) != 0) {
                return false;
            }
            long evasions = BETWEEN[64 * ksq + Long.numberOfTrailingZeros(checkers)] | checkers;
            if ((evasions >>> to & 1) == 0) {
                return false;
            }
        }
        long pinned = pinned(ksq, occ, colours[us], pieces[t8 | BISHOP] | pieces[t8 | QUEEN], pieces[t8 | ROOK] | pieces[t8 | QUEEN]);
        return (pinned >>> from & 1) == 0 || (LINE[64 * ksq + from] >>> to & 1) != 0;
    }

    /** Every legal move; see {@link #generate(int[], int, int)}. */
    public int generateLegal(int[] list, int n) {
        return generate(list, n, GEN_ALL);
    }

    private static int addAll(int[] list, int n, int from, long targets) {
        while (targets != 0) {
            list[n++] = from | Long.numberOfTrailingZeros(targets) << 6;
            targets &= targets - 1;
        }
        return n;
    }

    private static int addPromotions(int[] list, int n, int from, int to) {
        int m = from | to << 6;
        list[n] = m | Moves.PROMOTE_QUEEN << 12;
        list[n + 1] = m | Moves.PROMOTE_KNIGHT << 12;
        list[n + 2] = m | Moves.PROMOTE_ROOK << 12;
        list[n + 3] = m | Moves.PROMOTE_BISHOP << 12;
        return n + 4;
    }

    private long pinned(int ksq, long occ, long ours, long theirDiag, long theirOrth) {
        long pinned = 0;
        long snipers = (ROOK_EMPTY[ksq] & theirOrth) | (BISHOP_EMPTY[ksq] & theirDiag);
        while (snipers != 0) {
            int s = Long.numberOfTrailingZeros(snipers);
            snipers &= snipers - 1;
            long between = BETWEEN[64 * ksq + s] & occ;
            if (between != 0 && (between & (between - 1)) == 0) {
                pinned |= between & ours;
            }
        }
        return pinned;
    }

    private int castlingMoves(int[] list, int n, int us, int ksq, long occ) {
        int rights = castling & (us == WHITE ? 3 : 12);
        CastlingGeometry g = geometry;
        while (rights != 0) {
            int i = Integer.numberOfTrailingZeros(rights);
            rights &= rights - 1;
            if (castlingAllowed(g, i, ksq, occ, us ^ 1)) {
                list[n++] = Moves.of(ksq, g.rookSquare[i], Moves.CASTLING);
            }
        }
        return n;
    }

    private boolean castlingAllowed(CastlingGeometry g, int i, int ksq, long occ, int them) {
        int rook = g.rookSquare[i];
        if ((g.mustBeEmpty[i] & occ) != 0) {
            return false;
        }
        // Without the king and the rook: in Chess960 the rook may have shielded the king's target.
        long occAfter = occ ^ (1L << ksq) ^ (1L << rook);
        long path = g.kingPath[i];
        while (path != 0) {
            int sq = Long.numberOfTrailingZeros(path);
            path &= path - 1;
            if (attacked(sq, them, occAfter)) {
                return false;
            }
        }
        return true;
    }

    private int pawnMoves(int[] list, int n, int us, int ksq, long pinned, long theirs, long occ,
                          long checkMask, boolean inCheck, boolean caps, boolean quiets) {
        final long pawns = pieces[us << 3 | PAWN];
        final long empty = ~occ;
        final long free = pawns & ~pinned;
        final long lastRank;
        final long push1;
        final long push2;
        final long capLeft;
        final long capRight;
        final int up;
        final int left;
        final int right;
        if (us == WHITE) {
            up = 8;
            left = 7;
            right = 9;
            lastRank = RANK_8;
            long p1 = (free << 8) & empty;
            push2 = ((p1 & RANK_3) << 8) & empty & checkMask;
            push1 = p1 & checkMask;
            capLeft = ((free & ~FILE_A) << 7) & theirs & checkMask;
            capRight = ((free & ~FILE_H) << 9) & theirs & checkMask;
        } else {
            up = -8;
            left = -9;
            right = -7;
            lastRank = RANK_1;
            long p1 = (free >>> 8) & empty;
            push2 = ((p1 & RANK_6) >>> 8) & empty & checkMask;
            push1 = p1 & checkMask;
            capLeft = ((free & ~FILE_A) >>> 9) & theirs & checkMask;
            capRight = ((free & ~FILE_H) >>> 7) & theirs & checkMask;
        }
        long t;
        if (quiets) {
            t = push1 & ~lastRank;
            while (t != 0) {
                int to = Long.numberOfTrailingZeros(t);
                t &= t - 1;
                list[n++] = (to - up) | to << 6;
            }
            t = push2;
            while (t != 0) {
                int to = Long.numberOfTrailingZeros(t);
                t &= t - 1;
                list[n++] = (to - 2 * up) | to << 6 | Moves.DOUBLE_PUSH << 12;
            }
        }
        if (caps) {
            t = push1 & lastRank;
            while (t != 0) {
                int to = Long.numberOfTrailingZeros(t);
                t &= t - 1;
                n = addPromotions(list, n, to - up, to);
            }
            t = capLeft;
            while (t != 0) {
                int to = Long.numberOfTrailingZeros(t);
                t &= t - 1;
                if (((1L << to) & lastRank) != 0) {
                    n = addPromotions(list, n, to - left, to);
                } else {
                    list[n++] = (to - left) | to << 6;
                }
            }
            t = capRight;
            while (t != 0) {
                int to = Long.numberOfTrailingZeros(t);
                t &= t - 1;
                if (((1L << to) & lastRank) != 0) {
                    n = addPromotions(list, n, to - right, to);
                } else {
                    list[n++] = (to - right) | to << 6;
                }
            }
            if (epSquare != NO_SQUARE) {
                long capturers = Attacks.PAWN[64 * (us ^ 1) + epSquare] & pawns;
                while (capturers != 0) {
                    int from = Long.numberOfTrailingZeros(capturers);
                    capturers &= capturers - 1;
                    if (enPassantLegal(from, epSquare, us, ksq, occ)) {
                        list[n++] = from | epSquare << 6 | Moves.EN_PASSANT << 12;
                    }
                }
            }
        }
        long pinnedPawns = pawns & pinned;
        if (pinnedPawns != 0 && !inCheck) {
            // Pinned on a file a pawn can still push; on a diagonal it can take the pinner.
            long startRank = us == WHITE ? Attacks.RANK_2 : Attacks.RANK_7;
            while (pinnedPawns != 0) {
                int from = Long.numberOfTrailingZeros(pinnedPawns);
                pinnedPawns &= pinnedPawns - 1;
                long line = LINE[64 * ksq + from];
                int to = from + up;
                if (((empty & line) >>> to & 1) != 0) {
                    if (((1L << to) & lastRank) != 0) {
                        if (caps) {
                            n = addPromotions(list, n, from, to);
                        }
                    } else if (quiets) {
                        list[n++] = from | to << 6;
                        int to2 = to + up;
                        if (((1L << from) & startRank) != 0 && (empty >>> to2 & 1) != 0) {
                            list[n++] = from | to2 << 6 | Moves.DOUBLE_PUSH << 12;
                        }
                    }
                }
                if (caps) {
                    long c = Attacks.PAWN[64 * us + from] & theirs & line;
                    while (c != 0) {
                        int cto = Long.numberOfTrailingZeros(c);
                        c &= c - 1;
                        if (((1L << cto) & lastRank) != 0) {
                            n = addPromotions(list, n, from, cto);
                        } else {
                            list[n++] = from | cto << 6;
                        }
                    }
                }
            }
        }
        return n;
    }

    /** En passant removes two pawns from one rank at once: test the king's safety on the board after it. */
    private boolean enPassantLegal(int from, int ep, int us, int ksq, long occ) {
        int capSq = ep ^ 8;
        long after = (occ ^ (1L << from) ^ (1L << capSq)) | (1L << ep);
        int t8 = (us ^ 1) << 3;
        return (Attacks.bishop(ksq, after) & (pieces[t8 | BISHOP] | pieces[t8 | QUEEN])) == 0
                && (Attacks.rook(ksq, after) & (pieces[t8 | ROOK] | pieces[t8 | QUEEN])) == 0
                && (Attacks.KNIGHT[ksq] & pieces[t8 | KNIGHT]) == 0
                && (Attacks.PAWN[64 * us + ksq] & pieces[t8 | PAWN] & ~(1L << capSq)) == 0;
    }

    /**
     * The number of legal moves, counted without listing them (perft's last ply): the same rules
     * as {@link #generate(int[], int, int)}, with population counts for whole target sets.
     */
    public int countLegal() {
        final int us = sideToMove;
        final int them = us ^ 1;
        final int u8 = us << 3;
        final int t8 = them << 3;
        final long ours = colours[us];
        final long theirs = colours[them];
        final long occ = ours | theirs;
        final int ksq = Long.numberOfTrailingZeros(pieces[u8 | KING]);
        final long theirDiag = pieces[t8 | BISHOP] | pieces[t8 | QUEEN];
        final long theirOrth = pieces[t8 | ROOK] | pieces[t8 | QUEEN];
        final long checkers = (Attacks.PAWN[64 * us + ksq] & pieces[t8 | PAWN])
                | (Attacks.KNIGHT[ksq] & pieces[t8 | KNIGHT])
                | (Attacks.bishop(ksq, occ) & theirDiag)
                | (Attacks.rook(ksq, occ) & theirOrth);

        int n = 0;
        long kingTargets = Attacks.KING[ksq] & ~ours;
        final long occNoKing = occ ^ (1L << ksq);
        while (kingTargets != 0) {
            int to = Long.numberOfTrailingZeros(kingTargets);
            kingTargets &= kingTargets - 1;
            if (!attacked(to, them, occNoKing)) {
                n++;
            }
        }
        if ((checkers & (checkers - 1)) != 0) {
            return n;
        }
        final long pinned = pinned(ksq, occ, ours, theirDiag, theirOrth);
        final long targets;
        if (checkers == 0) {
            targets = ~ours;
            int rights = castling & (us == WHITE ? 3 : 12);
            while (rights != 0) {
                int i = Integer.numberOfTrailingZeros(rights);
                rights &= rights - 1;
                if (castlingAllowed(geometry, i, ksq, occ, them)) {
                    n++;
                }
            }
        } else {
            targets = BETWEEN[64 * ksq + Long.numberOfTrailingZeros(checkers)] | checkers;
        }
        final long unpinned = ~pinned;

        long b = pieces[u8 | KNIGHT] & unpinned;
        while (b != 0) {
            int from = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n += Long.bitCount(Attacks.KNIGHT[from] & targets);
        }
        b = (pieces[u8 | BISHOP] | pieces[u8 | QUEEN]) & unpinned;
        while (b != 0) {
            int from = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n += Long.bitCount(Attacks.bishop(from, occ) & targets);
        }
        b = (pieces[u8 | ROOK] | pieces[u8 | QUEEN]) & unpinned;
        while (b != 0) {
            int from = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n += Long.bitCount(Attacks.rook(from, occ) & targets);
        }
        final long pawns = pieces[u8 | PAWN];
        final long free = pawns & unpinned;
        final long empty = ~occ;
        final long lastRank;
        final long push1;
        final long push2;
        final long capLeft;
        final long capRight;
        if (us == WHITE) {
            lastRank = RANK_8;
            long p1 = (free << 8) & empty;
            push2 = ((p1 & RANK_3) << 8) & empty & targets;
            push1 = p1 & targets;
            capLeft = ((free & ~FILE_A) << 7) & theirs & targets;
            capRight = ((free & ~FILE_H) << 9) & theirs & targets;
        } else {
            lastRank = RANK_1;
            long p1 = (free >>> 8) & empty;
            push2 = ((p1 & RANK_6) >>> 8) & empty & targets;
            push1 = p1 & targets;
            capLeft = ((free & ~FILE_A) >>> 9) & theirs & targets;
            capRight = ((free & ~FILE_H) >>> 7) & theirs & targets;
        }
        n += Long.bitCount(push1) + Long.bitCount(push2) + Long.bitCount(capLeft) + Long.bitCount(capRight)
                + 3 * (Long.bitCount(push1 & lastRank) + Long.bitCount(capLeft & lastRank) + Long.bitCount(capRight & lastRank));
        if (epSquare != NO_SQUARE) {
            long capturers = Attacks.PAWN[64 * them + epSquare] & pawns;
            while (capturers != 0) {
                int from = Long.numberOfTrailingZeros(capturers);
                capturers &= capturers - 1;
                if (enPassantLegal(from, epSquare, us, ksq, occ)) {
                    n++;
                }
            }
        }
        if (pinned != 0 && checkers == 0) {
            long p = pinned & ~pawns & ~pieces[u8 | KNIGHT];
            while (p != 0) {
                int from = Long.numberOfTrailingZeros(p);
                p &= p - 1;
                n += Long.bitCount(Attacks.queenLike(mailbox[from] & 7, from, occ) & LINE[64 * ksq + from] & targets);
            }
            long pp = pinned & pawns;
            if (pp != 0) {
                n += pinnedPawnCount(pp, us, ksq, theirs, empty, lastRank);
            }
        }
        return n;
    }

    private int pinnedPawnCount(long pinnedPawns, int us, int ksq, long theirs, long empty, long lastRank) {
        int n = 0;
        int up = us == WHITE ? 8 : -8;
        long startRank = us == WHITE ? Attacks.RANK_2 : Attacks.RANK_7;
        while (pinnedPawns != 0) {
            int from = Long.numberOfTrailingZeros(pinnedPawns);
            pinnedPawns &= pinnedPawns - 1;
            long line = LINE[64 * ksq + from];
            int to = from + up;
            if (((empty & line) >>> to & 1) != 0) {
                if (((1L << to) & lastRank) != 0) {
                    n += 4;
                } else {
                    n++;
                    if (((1L << from) & startRank) != 0 && (empty >>> (to + up) & 1) != 0) {
                        n++;
                    }
                }
            }
            long c = Attacks.PAWN[64 * us + from] & theirs & line;
            n += Long.bitCount(c) + 3 * Long.bitCount(c & lastRank);
        }
        return n;
    }

    /** Whether the side to move has any legal move. */
    public boolean hasLegalMove() {
        return countLegal() > 0;
    }

    /** Whether {@code move} is a legal move here (for moves from a hash table, killers, or outside). */
    public boolean isLegal(int move) {
        if (move == Moves.NONE) {
            return false;
        }
        int p = mailbox[move & 63];
        if (p == NO_PIECE || p >>> 3 != sideToMove) {
            return false;
        }
        if (scratch == null) {
            scratch = new int[MAX_MOVES];
        }
        int n = generate(scratch, 0, GEN_ALL);
        for (int i = 0; i < n; i++) {
            if (scratch[i] == move) {
                return true;
            }
        }
        return false;
    }

    /**
     * The legal move written in UCI, or {@link Moves#NONE}. Castling is read in either form where
     * that is unambiguous: king takes own rook always; the king's move to the c- or g-file when it
     * crosses at least two files (so {@code f1g1} stays an ordinary king move in Chess960).
     */
    public int parseUci(String uci) {
        if (scratch == null) {
            scratch = new int[MAX_MOVES];
        }
        int n = generate(scratch, 0, GEN_ALL);
        for (int i = 0; i < n; i++) {
            int m = scratch[i];
            if (Moves.toUci(m, chess960).equals(uci)) {
                return m;
            }
            if (Moves.isCastling(m) && Moves.toUci(m, !chess960).equals(uci)) {
                int from = Moves.from(m);
                int kingTo = (from & 56) + (Moves.to(m) > from ? 6 : 2);
                if (!chess960 || Math.abs((kingTo & 7) - (from & 7)) >= 2) {
                    return m;
                }
            }
        }
        return Moves.NONE;
    }

    // ---------------------------------------------------------------- perft

    /** Counts the leaves of the legal move tree {@code depth} plies deep (bulk-counted at the last ply). */
    public long perft(int depth) {
        if (depth <= 0) {
            return 1;
        }
        if (depth == 1) {
            return countLegal();
        }
        int[] buffer = new int[MAX_MOVES * depth];
        return perft(depth, buffer, 0);
    }

    private long perft(int depth, int[] buffer, int start) {
        int end = generate(buffer, start, GEN_ALL);
        long nodes = 0;
        if (depth == 2) {
            for (int i = start; i < end; i++) {
                makeMove(buffer[i]);
                nodes += countLegal();
                unmakeMove();
            }
        } else {
            for (int i = start; i < end; i++) {
                makeMove(buffer[i]);
                nodes += perft(depth - 1, buffer, end);
                unmakeMove();
            }
        }
        return nodes;
    }

    // ---------------------------------------------------------------- static exchange evaluation

    /**
     * The material a capture wins when both sides keep recapturing on its square with their least
     * valuable attacker and may stop when it suits them (pins are ignored, x-rays seen), in
     * centipawns of {@link #SEE_VALUE}. Quiet moves score what they lose by standing there.
     */
    public int see(int move) {
        int flag = Moves.flag(move);
        if (flag == Moves.CASTLING) {
            return 0;
        }
        int from = Moves.from(move);
        int to = Moves.to(move);
        int[] gain = seeGain;
        if (gain == null) {
            gain = seeGain = new int[32];
        }
        long occ = occupied() ^ (1L << from);
        int captured = capturedPiece(move);
        gain[0] = SEE_VALUE[captured & 7];
        int onSquare = mailbox[from] & 7;
        if (flag >= Moves.PROMOTE_KNIGHT) {
            int promo = Moves.promotionType(move);
            gain[0] += SEE_VALUE[promo] - SEE_VALUE[PAWN];
            onSquare = promo;
        }
        if (flag == Moves.EN_PASSANT) {
            occ ^= 1L << (to ^ 8);
        }
        long attackers = attackersTo(to, occ) & occ;
        int side = sideToMove ^ 1;
        int d = 0;
        final long diag = pieces[BISHOP] | pieces[8 | BISHOP] | pieces[QUEEN] | pieces[8 | QUEEN];
        final long orth = pieces[ROOK] | pieces[8 | ROOK] | pieces[QUEEN] | pieces[8 | QUEEN];
        while (true) {
            long mine = attackers & colours[side];
            if (mine == 0) {
                break;
            }
            int type = PAWN;
            long b = 0;
            for (; type <= KING; type++) {
                b = mine & pieces[side << 3 | type];
                if (b != 0) {
                    break;
                }
            }
            if (type == KING && (attackers & colours[side ^ 1]) != 0) {
                break; // the king may not capture into a defended square
            }
            d++;
            gain[d] = SEE_VALUE[onSquare] - gain[d - 1];
            onSquare = type;
            if (type == PAWN && ((1L << to) & (RANK_1 | RANK_8)) != 0) {
                gain[d] += SEE_VALUE[QUEEN] - SEE_VALUE[PAWN];
                onSquare = QUEEN;
            }
            occ ^= b & -b;
            attackers |= (Attacks.bishop(to, occ) & diag) | (Attacks.rook(to, occ) & orth);
            attackers &= occ;
            side ^= 1;
            if (d == gain.length - 1) {
                break;
            }
        }
        // Each side may stand pat instead of recapturing: fold back from the last capture.
        for (; d > 0; d--) {
            gain[d - 1] = -Math.max(-gain[d - 1], gain[d]);
        }
        return gain[0];
    }

    /** Whether {@link #see(int)} is at least {@code threshold}. */
    public boolean seeGe(int move, int threshold) {
        return see(move) >= threshold;
    }

    @Override
    public String toString() {
        return fen();
    }
}
