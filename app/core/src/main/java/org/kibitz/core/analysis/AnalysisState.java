package org.kibitz.core.analysis;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.game.Move;
import org.kibitz.api.i18n.Text;
import org.kibitz.core.engines.EngineEntry;

/**
 * What one analysis slot shows at one moment: an immutable snapshot, taken at most once per frame.
 *
 * @param slotId   the slot
 * @param engine   the engine chosen for it
 * @param status   where it is
 * @param error    why it failed, when it did
 * @param info     what the running engine said about itself
 * @param request  the position the lines are for
 * @param lines    the latest line of each MultiPV rank for that position, best first
 * @param stats    the latest search figures
 * @param multiPv  how many lines are asked for
 * @param message  the engine's last message for people ({@code info string})
 * @param version  grows with every change, so a reader can tell whether anything is new
 * @param waiting  what the engine's session is waiting for now, for people ("allocating 2 GB of
 *                 hash…"); empty when it waits for nothing
 */
public record AnalysisState(String slotId, Optional<EngineEntry> engine, Status status, Optional<Text> error,
                            Optional<EngineInfo> info, Optional<AnalysisRequest> request, List<AnalysisUpdate> lines,
                            Stats stats, int multiPv, Optional<String> message, long version, Optional<Text> waiting) {

    /** A state without a wait under way. */
    public AnalysisState(String slotId, Optional<EngineEntry> engine, Status status, Optional<Text> error,
                         Optional<EngineInfo> info, Optional<AnalysisRequest> request, List<AnalysisUpdate> lines,
                         Stats stats, int multiPv, Optional<String> message, long version) {
        this(slotId, engine, status, error, info, request, lines, stats, multiPv, message, version, Optional.empty());
    }

    /** Where a slot is. */
    public enum Status {
        /** No engine running. */
        IDLE,
        /** The engine is starting (process and handshake). */
        STARTING,
        /** Analysing the requested position. */
        RUNNING,
        /** Asked to stop, waiting for the engine. */
        STOPPING,
        /** The engine is loaded but not searching. */
        STOPPED,
        /** The engine failed: see the error. */
        FAILED
    }

    public AnalysisState {
        lines = List.copyOf(lines);
    }

    /** Whether the engine is starting or searching (what a Start/Stop button shows). */
    public boolean active() {
        return status == Status.STARTING || status == Status.RUNNING;
    }

    /**
     * The latest search figures, from whichever line reported them last.
     *
     * @param depth the depth of the best line
     */
    public record Stats(OptionalInt depth, OptionalInt seldepth, OptionalLong nodes, OptionalLong nps,
                        Optional<Duration> time, OptionalInt hashfull, OptionalLong tbhits, Optional<Move> currmove,
                        OptionalInt currmoveNumber) {

        public static final Stats NONE = new Stats(OptionalInt.empty(), OptionalInt.empty(), OptionalLong.empty(),
                OptionalLong.empty(), Optional.empty(), OptionalInt.empty(), OptionalLong.empty(), Optional.empty(),
                OptionalInt.empty());
    }
}
