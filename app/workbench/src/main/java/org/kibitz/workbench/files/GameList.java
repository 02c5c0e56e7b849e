package org.kibitz.workbench.files;

import java.util.Optional;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.kibitz.core.GameFiles;

/** The file whose games the game list shows, and which of them is open. FX thread only. */
public final class GameList {

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
}
