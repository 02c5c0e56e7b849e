/**
 * The fast xiangqi board for perft and the built-in engine: {@link org.kibitz.xiangqi.board.Board}
 * (make/unmake, generation into {@code int[]}, check, Zobrist key, history), its tables
 * ({@link org.kibitz.xiangqi.board.Geometry}), piece codes ({@link org.kibitz.xiangqi.board.Pieces})
 * and the repetition ruling ({@link org.kibitz.xiangqi.board.Repetition}).
 *
 * <h2>Use from a search</h2>
 * <pre>{@code
 * Board b = XiangqiFen.board(fen);                 // or plugin.parseFen(fen).toBoard(), or Board.startPosition()
 * for (String m : gameMoves) b.make(moveFromIccs); // the game's history: repetitions reach back into it
 *
 * int[] moves = new int[Board.MAX_MOVES * 128];    // one slice per ply: generateLegal writes at most MAX_MOVES
 * int search(int ply, int at, ...) {
 *     int rep = b.repetition(2);                   // first repetition: Repetition.DRAW / WIN_ / LOSS_PERPETUAL_CHECK
 *     if (b.inCheck()) ...                         // known since make(): no extra work
 *     int n = b.generateLegal(moves, at);          // or generatePseudoLegal + isLegal(move) lazily,
 *     for (int i = at; i < at + n; i++) {          //    generateCaptures for quiescence
 *         int m = moves[i];                        // from = Board.from(m), to = Board.to(m), victim = b.pieceAt(to)
 *         b.make(m);
 *         ... search(ply + 1, at + n, ...) ...
 *         b.unmake();
 *     }
 * }
 * }</pre>
 * Moves are ints ({@code from | to << 7}, 0 is never a move), points are {@code rank * 9 + file}
 * (ranks from Red's side), pieces are {@code type | side << 3}. A move from a hash table or killer slot
 * is checked with {@link org.kibitz.xiangqi.board.Board#isPseudoLegal(int)} and then
 * {@link org.kibitz.xiangqi.board.Board#isLegal(int)}. Null moves: {@code makeNull}/{@code unmakeNull}
 * (not in check); repetition scans stop at them. {@code key()} is the Zobrist key (pieces and side),
 * equal to {@code XiangqiPosition.hash()}.
 *
 * <p>The rule bits kept per ply ({@link org.kibitz.xiangqi.board.Board#violations(int)}) hold
 * {@link org.kibitz.xiangqi.board.Repetition#CHECK} now; a chase detector for the AXF rules adds
 * {@link org.kibitz.xiangqi.board.Repetition#CHASE} with {@code markViolation} after each make, and
 * {@link org.kibitz.xiangqi.board.Repetition#judge} already rules on both.
 */
package org.kibitz.xiangqi.board;
