package org.kibitz.workbench.game;

import javafx.event.EventType;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.input.KeyEvent;
import org.kibitz.core.GameDocument;

/**
 * The keys that move through a game, the same wherever the focus is on the board or the move
 * list: left and right one move, Home and End to the ends of the line, up and down to the previous
 * or next alternative of the current move.
 */
public final class GameKeys {

    private GameKeys() {
    }

    /** Handles the navigation keys before {@code node}'s own handling (a list would move its selection). */
    public static void install(Node node, GameDocument document) {
        node.addEventFilter(KeyEvent.KEY_PRESSED, e -> handle(e, document));
    }

    /** Handles the navigation keys that nothing focused has used, anywhere in the window. */
    public static void install(Scene scene, GameDocument document) {
        scene.addEventHandler(KeyEvent.KEY_PRESSED, e -> handle(e, document));
    }

    private static void handle(KeyEvent e, GameDocument document) {
        if (e.isConsumed() || e.isShortcutDown() || e.isAltDown() || e.getEventType() != (EventType<?>) KeyEvent.KEY_PRESSED) {
            return;
        }
        boolean used = switch (e.getCode()) {
            case LEFT, KP_LEFT -> {
                document.back();
                yield true;
            }
            case RIGHT, KP_RIGHT -> {
                document.forward();
                yield true;
            }
            case HOME -> {
                document.toStart();
                yield true;
            }
            case END -> {
                document.toEnd();
                yield true;
            }
            case UP, KP_UP -> {
                document.toSibling(-1);
                yield true;
            }
            case DOWN, KP_DOWN -> {
                document.toSibling(1);
                yield true;
            }
            default -> false;
        };
        if (used) {
            e.consume();
        }
    }
}
