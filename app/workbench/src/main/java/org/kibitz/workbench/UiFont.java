package org.kibitz.workbench;

import java.util.List;
import java.util.Set;
import javafx.scene.text.Font;

/**
 * The family the window's text is set in: the first installed face of a list that has both Latin and
 * Chinese glyphs. JavaFX takes only the first family of a CSS {@code -fx-font-family} list and falls
 * back to its own default face, which has no Chinese, so the Chinese UI, Chinese notation and
 * Chinese player names showed as empty boxes wherever "Noto Sans" was not installed.
 */
public final class UiFont {

    /** Faces with Latin and CJK glyphs, as Linux (Noto, Source Han, WenQuanYi), Windows and macOS ship them. */
    static final List<String> PREFERRED = List.of("Noto Sans CJK SC", "Source Han Sans SC", "Source Han Sans CN",
            "Noto Sans SC", "Microsoft YaHei", "Microsoft YaHei UI", "PingFang SC", "Hiragino Sans GB",
            "WenQuanYi Micro Hei", "WenQuanYi Zen Hei", "Droid Sans Fallback", "Noto Sans CJK JP");

    private static volatile String chosen;

    private UiFont() {
    }

    /** The first of {@link #PREFERRED} installed here, else the default font's family. */
    public static String family() {
        String f = chosen;
        if (f == null) {
            f = choose(Set.copyOf(Font.getFamilies()), Font.getDefault().getFamily());
            chosen = f;
        }
        return f;
    }

    static String choose(Set<String> installed, String fallback) {
        return PREFERRED.stream().filter(installed::contains).findFirst().orElse(fallback);
    }

    private static boolean following;

    /**
     * From now on every window's scene is set in {@link #family()}: the main window, dialogs and
     * alerts, menus, tooltips and other popups, and panes undocked into windows of their own. Each
     * has a scene of its own, which does not inherit the main window's root style. FX thread.
     */
    public static void followWindows() {
        if (following) {
            return;
        }
        following = true;
        javafx.collections.ObservableList<javafx.stage.Window> windows = javafx.stage.Window.getWindows();
        windows.forEach(UiFont::follow);
        windows.addListener((javafx.collections.ListChangeListener<javafx.stage.Window>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(UiFont::follow);
            }
        });
    }

    private static final Object FOLLOWED = new Object();

    private static void follow(javafx.stage.Window w) {
        if (w.getProperties().putIfAbsent(FOLLOWED, Boolean.TRUE) != null) {
            return;
        }
        javafx.beans.value.ChangeListener<javafx.scene.Parent> onRoot = (o, a, root) -> setOn(root);
        w.sceneProperty().addListener((o, a, scene) -> {
            if (a != null) {
                a.rootProperty().removeListener(onRoot);
            }
            if (scene != null) {
                scene.rootProperty().addListener(onRoot);
                setOn(scene.getRoot());
            }
        });
        if (w.getScene() != null) {
            w.getScene().rootProperty().addListener(onRoot);
            setOn(w.getScene().getRoot());
        }
    }

    /** Adds the family to a root's own inline style, unless that names a family already. */
    static void setOn(javafx.scene.Parent root) {
        if (root == null) {
            return;
        }
        String style = root.getStyle() == null ? "" : root.getStyle();
        if (!style.contains("-fx-font-family")) {
            root.setStyle(style.isBlank() ? rootStyle() : rootStyle() + " " + style);
        }
    }

    /** An inline style that sets the family on a scene's root (inherited by every node below it). */
    public static String rootStyle() {
        return "-fx-font-family: \"" + family().replace("\"", "") + "\";";
    }
}
