package org.kibitz.engine.search;

/**
 * What one search may use, as the protocols ask for it: any mix of depth, nodes, a fixed move time,
 * the game clock (time left, increment, moves to the next control), mate search, and searching until
 * stopped (analysis, pondering). Zero means "no such limit". Build with {@link #builder()}.
 *
 * @param depth          plies, 0 for no limit
 * @param nodes          nodes, 0 for no limit
 * @param moveTimeMs     time for this move, 0 for none
 * @param timeLeftMs     the side to move's clock, 0 when no clock is given
 * @param incrementMs    its increment per move
 * @param movesToGo      moves to the next time control, 0 for sudden death
 * @param infinite       search until stopped, whatever else is given
 * @param ponder         search on the opponent's time until {@code ponderhit} (then the other limits
 *                       start counting) or {@code stop}
 * @param mate           stop once a mate in this many moves is found, 0 for none
 * @param multiPv        how many best lines to find and report
 * @param searchMoves    only these root moves (empty: all)
 * @param bannedMoves    never these root moves (UCCI {@code banmoves})
 * @param moveOverheadMs time kept back for the protocol and the process per move
 */
public record Limits(int depth, long nodes, long moveTimeMs, long timeLeftMs, long incrementMs, int movesToGo,
                     boolean infinite, boolean ponder, int mate, int multiPv, int[] searchMoves, int[] bannedMoves,
                     long moveOverheadMs) {

    /**
     * Time kept back per move for what the engine does not see: the pipe, the GUI's reading and a busy
     * machine's scheduling (the UCI option Move Overhead changes it).
     */
    public static final long DEFAULT_MOVE_OVERHEAD_MS = 50;

    public Limits {
        searchMoves = searchMoves.clone();
        bannedMoves = bannedMoves.clone();
        multiPv = Math.max(1, multiPv);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder: every limit starts absent. */
    public static final class Builder {
        private int depth;
        private long nodes;
        private long moveTimeMs;
        private long timeLeftMs;
        private long incrementMs;
        private int movesToGo;
        private boolean infinite;
        private boolean ponder;
        private int mate;
        private int multiPv = 1;
        private int[] searchMoves = new int[0];
        private int[] bannedMoves = new int[0];
        private long moveOverheadMs = DEFAULT_MOVE_OVERHEAD_MS;

        /** A limit given as 0 or less: "move now", never "no limit" (a GUI's slip must not search for ever). */
        private boolean moveNow;

        public Builder depth(int v) {
            moveNow |= v <= 0;
            depth = Math.max(0, v);
            return this;
        }

        public Builder nodes(long v) {
            moveNow |= v <= 0;
            nodes = Math.max(0, v);
            return this;
        }

        public Builder moveTime(long ms) {
            moveNow |= ms <= 0;
            moveTimeMs = Math.max(0, ms);
            return this;
        }

        public Builder clock(long timeLeftMs, long incrementMs, int movesToGo) {
            // A clock of 0 or less still means "move now", not "no clock".
            this.timeLeftMs = Math.max(1, timeLeftMs);
            this.incrementMs = Math.max(0, incrementMs);
            this.movesToGo = Math.max(0, movesToGo);
            return this;
        }

        public Builder infinite(boolean v) {
            infinite = v;
            return this;
        }

        public Builder ponder(boolean v) {
            ponder = v;
            return this;
        }

        public Builder mate(int moves) {
            mate = Math.max(0, moves);
            return this;
        }

        public Builder multiPv(int v) {
            multiPv = Math.max(1, v);
            return this;
        }

        public Builder searchMoves(int[] moves) {
            searchMoves = moves.clone();
            return this;
        }

        public Builder bannedMoves(int[] moves) {
            bannedMoves = moves.clone();
            return this;
        }

        public Builder moveOverhead(long ms) {
            moveOverheadMs = Math.max(0, ms);
            return this;
        }

        /** A {@code go} without any limit searches until stopped, as UCI engines do. */
        public Limits build() {
            boolean unlimited = depth == 0 && nodes == 0 && moveTimeMs == 0 && timeLeftMs == 0 && mate == 0;
            if (unlimited && moveNow && !infinite && !ponder) {
                // Only non-positive limits were given: the shallowest search, and its move at once.
                depth = 1;
                unlimited = false;
            }
            if (unlimited) {
                infinite = true;
            }
            return new Limits(depth, nodes, moveTimeMs, timeLeftMs, incrementMs, movesToGo, infinite, ponder, mate,
                    multiPv, searchMoves, bannedMoves, moveOverheadMs);
        }
    }
}
