package org.kibitz.workbench.files;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.kibitz.core.GameFiles;

/**
 * The file whose games the game list shows, which of them is open, which are selected, and what
 * other features offer to do with a selection (the list's context menu). FX thread only.
 */
public final class GameList {

    /**
     * A command on the selected games, offered in the list's context menu.
     *
     * @param titleKey its text's key in the UI bundles
     * @param id       the menu item's id
     * @param run      what it does with the selected entries, in list order
     */
    public record Action(String titleKey, String id, Consumer<List<GameFiles.Entry>> run) {
    }

    private final ObservableList<GameFiles.Entry> selected = FXCollections.observableArrayList();
    private final ObservableList<Action> actions = FXCollections.observableArrayList();

    private final ObjectProperty<GameFiles.OpenedFile> file = new SimpleObjectProperty<>(this, "file");
    private final IntegerProperty openGame = new SimpleIntegerProperty(this, "openGame", 0);

    /** The file listed, null when none is. */
    public ObjectProperty<GameFiles.OpenedFile> fileProperty() {
        return file;
    }

    public Optional<GameFiles.OpenedFile> file() {
        return Optional.ofNullable(file.get());
    }

    /** The number of the listed file's game that is open in the document, 0 when none is. */
    public IntegerProperty openGameProperty() {
        return openGame;
    }

    /** The games selected in the list (kept by the list pane), in list order. */
    public ObservableList<GameFiles.Entry> selected() {
        return selected;
    }

    /** Commands other features add to the list's context menu. */
    public ObservableList<Action> actions() {
        return actions;
    }
}
