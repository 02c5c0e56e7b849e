package org.kibitz.workbench.moves;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Notation;
import org.kibitz.workbench.MainWindow;
import org.kibitz.core.MoveText;
import org.kibitz.core.Settings;

/**
 * How the move list shows a game: the notation chosen for each game and how variations are laid
 * out. Shared by the move pane and the View menu, and kept in the settings. FX thread only.
 */
public final class MoveListOptions {

    private final Supplier<MainWindow> window;
    private final Map<String, String> notations = new HashMap<>();
    private MoveText.Style style = MoveText.Style.INDENTED;
    private boolean loaded;
    private final ReadOnlyIntegerWrapper revision = new ReadOnlyIntegerWrapper(this, "revision");

    public MoveListOptions(Supplier<MainWindow> window) {
        this.window = Objects.requireNonNull(window, "window");
    }

    /** The notation chosen for {@code game}, else the game's default. */
    public Notation notation(GamePlugin game) {
        load();
        String id = notations.get(game.id());
        return id == null ? game.notations().get(0) : game.notation(id).orElse(game.notations().get(0));
    }

    public void setNotation(GamePlugin game, Notation notation) {
        load();
        if (notation.id().equals(notation(game).id())) {
            return;
        }
        notations.put(game.id(), notation.id());
        save(s -> s.withNotation(game.id(), notation.id()));
    }

    public MoveText.Style style() {
        load();
        return style;
    }

    public void setStyle(MoveText.Style value) {
        load();
        if (value == style) {
            return;
        }
        style = Objects.requireNonNull(value, "value");
        save(s -> s.withVariationLayout(value.name()));
    }

    private java.util.Set<org.kibitz.api.tree.GameNode> book = java.util.Set.of();

    /**
     * The main-line moves the open opening tree has as book (played in at least ten games of their
     * position, up to the game's first move that is not): the move list labels them "Book", as
     * {@code evaluate --tree} labels them {@code book}. Set by the tree pane; empty without a tree.
     */
    public java.util.Set<org.kibitz.api.tree.GameNode> bookMoves() {
        return book;
    }

    /** Sets {@link #bookMoves()}; the move list is drawn again when they changed. */
    public void setBookMoves(java.util.Collection<org.kibitz.api.tree.GameNode> nodes) {
        java.util.Set<org.kibitz.api.tree.GameNode> next = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        next.addAll(nodes);
        if (next.equals(book)) {
            return;
        }
        book = java.util.Collections.unmodifiableSet(next);
        revision.set(revision.get() + 1);
    }

    /** Increases on every change. */
    public ReadOnlyIntegerProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    private void save(java.util.function.UnaryOperator<Settings> change) {
        MainWindow w = window.get();
        if (w != null && w.settings() != null) {
            w.updateSettings(change);
        }
        revision.set(revision.get() + 1);
    }

    private void load() {
        if (loaded) {
            return;
        }
        MainWindow w = window.get();
        Settings s = w == null ? null : w.settings();
        if (s == null) {
            return;
        }
        loaded = true;
        notations.putAll(s.notations());
        s.variationLayout().ifPresent(v -> {
            try {
                style = MoveText.Style.valueOf(v);
            } catch (IllegalArgumentException e) {
                // A layout name from another version: keep the default.
            }
        });
    }
}
