package org.kibitz.workbench.board;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Node;
import org.kibitz.api.game.Move;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import org.kibitz.api.game.Position;
import org.kibitz.core.GameDocument;

/**
 * What others may show on the board: arrows (engines' best lines) and the orientation. One per
 * window, shared by the board pane and whoever feeds it, so an engine pane can draw arrows without
 * knowing whether the board pane exists yet. FX thread only.
 *
 * <p>Arrows are kept per source (an engine, the user) and for the position they were computed in:
 * the board shows only those made for the position it shows, so arrows of a position the user has
 * left never point at the wrong pieces, whatever order the listeners run in.
 */
public final class BoardController {

    /** The source used by {@link #setArrows(List)}. */
    public static final String DEFAULT_SOURCE = "default";

    private record Sourced(Position position, List<BoardArrow> arrows) {
    }

    private final GameDocument document;
    private final Map<String, Sourced> arrows = new LinkedHashMap<>();
    private final BooleanProperty flipped = new SimpleBooleanProperty(this, "flipped", false);
    private final ReadOnlyIntegerWrapper arrowsRevision = new ReadOnlyIntegerWrapper(this, "arrowsRevision");

    /**
     * What the evaluation bar beside the board shows: an engine's score of a position.
     *
     * @param position  the position the score is of; the bar shows it only while the board shows that position
     * @param whiteView the score from White's (Red's) point of view
     * @param engine    the engine's name, for the bar's tooltip
     */
    public record Evaluation(Position position, org.kibitz.api.analysis.Score whiteView, String engine) {

        public Evaluation {
            Objects.requireNonNull(position, "position");
            Objects.requireNonNull(whiteView, "whiteView");
            Objects.requireNonNull(engine, "engine");
        }
    }

    private final ObjectProperty<Evaluation> evaluation = new SimpleObjectProperty<>(this, "evaluation");
    private final ObjectProperty<Node> topBar = new SimpleObjectProperty<>(this, "topBar");
    private Predicate<Move> moveHandler;

    public BoardController(GameDocument document) {
        this.document = Objects.requireNonNull(document, "document");
    }

    public GameDocument document() {
        return document;
    }

    /** Sets the arrows of the position the document is at now, replacing the default source's. */
    public void setArrows(List<BoardArrow> list) {
        setArrows(DEFAULT_SOURCE, document.position(), list);
    }

    /**
     * Sets the arrows of {@code source} (an engine's id, say) for {@code position}, replacing what
     * that source showed before. An empty list removes them.
     */
    public void setArrows(String source, Position position, List<BoardArrow> list) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(position, "position");
        if (list.isEmpty()) {
            if (arrows.remove(source) == null) {
                return;
            }
        } else {
            arrows.put(source, new Sourced(position, List.copyOf(list)));
        }
        arrowsRevision.set(arrowsRevision.get() + 1);
    }

    /** Removes every arrow of {@code source}. */
    public void clearArrows(String source) {
        if (arrows.remove(source) != null) {
            arrowsRevision.set(arrowsRevision.get() + 1);
        }
    }

    /** The arrows to draw over {@code position}, of every source, in the order the sources first set theirs. */
    public List<BoardArrow> arrowsFor(Position position) {
        List<BoardArrow> out = new ArrayList<>();
        for (Sourced s : arrows.values()) {
            if (s.position().equals(position)) {
                out.addAll(s.arrows());
            }
        }
        return out;
    }

    /** Increases whenever arrows change; the board redraws on it. */
    public ReadOnlyIntegerProperty arrowsRevisionProperty() {
        return arrowsRevision.getReadOnlyProperty();
    }

    /** Sets what the evaluation bar shows (the first running engine's score), or null for nothing. */
    public void setEvaluation(Evaluation e) {
        evaluation.set(e);
    }

    /** The evaluation of {@code position}, if the one set is of it (else the bar stays neutral). */
    public java.util.Optional<Evaluation> evaluationFor(Position position) {
        return java.util.Optional.ofNullable(evaluation.get()).filter(e -> e.position().equals(position));
    }

    /** The evaluation set last; the board pane shows it on each change. */
    public javafx.beans.property.ReadOnlyObjectProperty<Evaluation> evaluationProperty() {
        return evaluation;
    }

    /** Whether the board is seen from Black's side. */
    public BooleanProperty flippedProperty() {
        return flipped;
    }

    public boolean isFlipped() {
        return flipped.get();
    }

    public void setFlipped(boolean value) {
        flipped.set(value);
    }

    /**
     * What the board pane shows above the board (a game in play shows its clocks there); null for nothing.
     */
    public ObjectProperty<Node> topBarProperty() {
        return topBar;
    }

    /**
     * Who takes the moves played on the board before the document does: a game in play sends them to
     * its arbiter. The handler returns true when it took the move (the board pane then does nothing
     * more); null hands every move to the document.
     */
    public void setMoveHandler(Predicate<Move> handler) {
        this.moveHandler = handler;
    }

    /** Whether a move handler took {@code move}. */
    public boolean handled(Move move) {
        return moveHandler != null && moveHandler.test(move);
    }
}
