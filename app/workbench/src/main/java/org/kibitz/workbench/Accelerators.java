package org.kibitz.workbench;

import java.util.Map;
import javafx.collections.ListChangeListener;
import javafx.event.EventHandler;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * Makes the menus' keys work wherever the focus is. JavaFX runs a scene's accelerators only when
 * a key comes back up unused, and lists and tables use some on the way (F2 starts editing a cell,
 * and is consumed even when nothing is editable): F2 worked on the board and nowhere else. Here
 * the main scene's accelerators run before the focused control sees the key, in the main window and
 * in the windows docking makes when a pane is torn off. A text field keeps its keys: it gets them
 * first, and what it leaves goes on to the accelerators as before.
 */
public final class Accelerators {

    private Accelerators() {
    }

    /** Runs {@code main}'s accelerators from its own key filter and from every non-modal stage that opens later. */
    public static void install(Stage main) {
        Scene scene = main.getScene();
        forward(scene, scene.getAccelerators());
        ListChangeListener<Window> opened = c -> {
            while (c.next()) {
                for (Window w : c.getAddedSubList()) {
                    if (w != main && w instanceof Stage s && s.getModality() == Modality.NONE) {
                        if (w.getScene() != null) {
                            forward(w.getScene(), scene.getAccelerators());
                        }
                        w.sceneProperty().addListener((o, was, now) -> {
                            if (now != null) {
                                forward(now, scene.getAccelerators());
                            }
                        });
                    }
                }
            }
        };
        Window.getWindows().addListener(opened);
        main.addEventHandler(WindowEvent.WINDOW_HIDDEN, e -> Window.getWindows().removeListener(opened));
    }

    private static void forward(Scene scene, Map<KeyCombination, Runnable> accelerators) {
        if (scene.getProperties().putIfAbsent(Accelerators.class, Boolean.TRUE) != null) {
            return;
        }
        scene.addEventFilter(KeyEvent.KEY_PRESSED, filter(scene, accelerators));
    }

    private static EventHandler<KeyEvent> filter(Scene scene, Map<KeyCombination, Runnable> accelerators) {
        return e -> {
            Node focus = scene.getFocusOwner();
            if (focus instanceof TextInputControl) {
                return;
            }
            for (Map.Entry<KeyCombination, Runnable> a : accelerators.entrySet()) {
                if (a.getKey().match(e)) {
                    e.consume();
                    a.getValue().run();
                    return;
                }
            }
        };
    }
}
