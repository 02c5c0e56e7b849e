package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.text.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.match.TimeControl;
import org.kibitz.workbench.deep.DeepUi;
import org.kibitz.workbench.play.PlayUi;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A live language switch: with a game played on the board, a Deep analysis run and every pane
 * opened, switching to Chinese and back to English leaves no visible string of the other language
 * (each pane walked in turn, its labels, texts and the menus compared with both languages' bundles).
 */
@ExtendWith(FxStages.class)
class LanguageSwitchTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;
    private PlayUi play;
    private DeepUi deep;

    @AfterEach
    void close() {
        if (play != null) {
            runFx(play::close);
        }
        if (deep != null) {
            runFx(deep::close);
        }
    }

    /** The literal pieces of a bundle pattern: the words between its {arguments}, per line. */
    private static List<String> pieces(String pattern) {
        List<String> out = new ArrayList<>();
        for (String line : pattern.replace("''", "'").split("\\{[^}]*\\}|\\n")) {
            out.add(line.strip());
        }
        return out;
    }

    private static boolean han(String s) {
        return s.codePoints().filter(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN).count() >= 2;
    }

    /** Two English words or more (a single word may be a name, a tag or a unit). */
    private static boolean englishWords(String s) {
        return s.matches(".*[A-Za-z]{2,}[ ,.'-]+[A-Za-z]{2,}.*") && !han(s);
    }

    /**
     * What could only be a leftover of the other language: in Chinese, the English bundles' phrases
     * that the Chinese bundles never use; in English, the Chinese bundles' phrases.
     */
    private static Set<String> foreign(Locale shown) {
        Set<String> en = new TreeSet<>();
        Set<String> zh = new TreeSet<>();
        for (String name : I18n.BUNDLES) {
            ResourceBundle e = ResourceBundle.getBundle(name, Locale.ROOT);
            ResourceBundle z = ResourceBundle.getBundle(name, Locale.SIMPLIFIED_CHINESE);
            for (String key : e.keySet()) {
                pieces(e.getString(key)).stream().filter(LanguageSwitchTest::englishWords).forEach(en::add);
            }
            for (String key : z.keySet()) {
                pieces(z.getString(key)).stream().filter(LanguageSwitchTest::han).forEach(zh::add);
            }
        }
        en.add(I18n.BUILTIN_ENGINE);
        if (shown.getLanguage().equals("zh")) {
            Set<String> zhText = new TreeSet<>();
            for (String name : I18n.BUNDLES) {
                ResourceBundle z = ResourceBundle.getBundle(name, Locale.SIMPLIFIED_CHINESE);
                z.keySet().forEach(k -> zhText.add(z.getString(k)));
            }
            en.removeIf(p -> zhText.stream().anyMatch(t -> t.contains(p)));
            return en;
        }
        return zh;
    }

    private static void texts(Node n, Collection<String> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Labeled l && l.getText() != null) {
            out.add(l.getText() + (l.textProperty().isBound() ? "" : " [" + l.getClass().getSimpleName() + " not bound]"));
            if (l.getTooltip() != null && l.getTooltip().getText() != null) {
                out.add(l.getTooltip().getText());
            }
        }
        if (n instanceof Text t && t.getText() != null) {
            out.add(t.getText());
        }
        if (n instanceof javafx.scene.control.TextInputControl t && t.getPromptText() != null) {
            out.add(t.getPromptText());
        }
        if (n instanceof MenuBar bar) {
            bar.getMenus().forEach(m -> menu(m, out));
        }
        if (n instanceof javafx.scene.control.TableView<?> t) {
            t.getColumns().forEach(c -> out.add(c.getText()));
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> texts(c, out));
        }
    }

    private static void menu(MenuItem m, Collection<String> out) {
        out.add(m.getText());
        if (m instanceof Menu sub) {
            sub.getItems().forEach(i -> menu(i, out));
        }
    }

    /** Every pane opened in turn: the strings of the other language still shown, with the pane. */
    private List<String> leftovers(Locale shown) {
        Set<String> foreign = foreign(shown);
        // The game's own words (its players' names, its event) are the file's, not the window's.
        foreign.removeIf(f -> onFx(() -> w.document.tree().tags().asMap().values().stream().anyMatch(v -> v.contains(f))));
        // So is its opening's name: ECCO names are Chinese and ECO names English in every locale (decision 0036).
        String opening = onFx(() -> org.kibitz.core.opening.Openings.classify(w.document.tree())
                .map(org.kibitz.core.opening.Opening::label).orElse(""));
        foreign.removeIf(opening::contains);
        List<String> found = new ArrayList<>();
        for (String pane : onFx(() -> w.window.docking().paneIds())) {
            runFx(() -> w.window.docking().open(pane));
            WaitForAsyncUtils.waitForFxEvents();
            Set<String> seen = new LinkedHashSet<>();
            runFx(() -> texts(w.window.stage().getScene().getRoot(), seen));
            for (String s : seen) {
                if (s == null) {
                    continue;
                }
                for (String f : foreign) {
                    if (s.contains(f)) {
                        found.add(pane + ": \"" + s + "\" (" + f + ")");
                        break;
                    }
                }
            }
        }
        return found.stream().distinct().toList();
    }

    private void language(Locale l) {
        runFx(() -> ((javafx.scene.control.RadioMenuItem) menuItem("language-" + l.toLanguageTag())).fire());
        assertEquals(l, onFx(() -> w.window.i18n().locale()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private MenuItem menuItem(String id) {
        MenuBar bar = (MenuBar) w.robot.lookup("#menu-bar").query();
        List<MenuItem> all = new ArrayList<>();
        bar.getMenus().forEach(m -> collect(m, all));
        return all.stream().filter(i -> id.equals(i.getId())).findFirst().orElseThrow(() -> new AssertionError(id));
    }

    private static void collect(MenuItem m, List<MenuItem> out) {
        out.add(m);
        if (m instanceof Menu sub) {
            sub.getItems().forEach(i -> collect(i, out));
        }
    }

    @Test
    void everyPaneSpeaksTheNewLanguageAfterALiveSwitch() throws Exception {
        w = WorkbenchFixture.openWithEngines(home);
        play = w.injector.getInstance(PlayUi.class);
        deep = w.injector.getInstance(DeepUi.class);
        // A xiangqi file on the board, and in its list.
        Path opened = GameFilesUiTest.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn");
        assertTrue(onFx(() -> w.files.open(opened)).get(60, TimeUnit.SECONDS));
        // Deep analysis of its start, to its end (a small budget).
        runFx(() -> w.window.docking().open(DeepUi.PANE));
        EngineEntry builtin = onFx(() -> w.injector.getInstance(EngineRegistry.class).builtinEntry());
        DeepUi.Setup setup = new DeepUi.Setup(List.of(builtin.id()), 2_000, 0, 2, 30, 4, 4, 0);
        onFx(() -> deep.start(setup, false)).get(120, TimeUnit.SECONDS);
        // The built-in engine against itself, stopped after a few moves: the game strip stays.
        GamePlugin xq = w.game("xiangqi");
        runFx(() -> play.start(new PlayUi.Setup(xq, Optional.of(builtin), Optional.of(builtin),
                TimeControl.parse(Map.of("depth", "1")), "", false)));
        waitUntil(() -> play.sessionProperty().get() != null
                && (w.document.tree().mainline().size() >= 4 || play.sessionProperty().get().over()));
        runFx(() -> {
            javafx.scene.control.Button stop = w.robot.lookup("#play-stop").queryButton();
            if (stop.isVisible()) {
                stop.fire();
            }
        });
        waitUntil(() -> play.sessionProperty().get().over());
        WaitForAsyncUtils.waitForFxEvents();

        language(Locale.SIMPLIFIED_CHINESE);
        List<String> english = leftovers(Locale.SIMPLIFIED_CHINESE);
        language(Locale.ENGLISH);
        List<String> chinese = leftovers(Locale.ENGLISH);
        assertTrue(english.isEmpty() && chinese.isEmpty(),
                "English left in Chinese:\n" + String.join("\n", english) + "\nChinese left in English:\n" + String.join("\n", chinese));
        // A xiangqi file's views in xiangqi words: ECCO codes, Red's columns.
        runFx(() -> w.window.docking().open(org.kibitz.workbench.files.FileActions.GAME_LIST_PANE));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> listHeaders = onFx(() -> ((javafx.scene.control.TableView<?>) w.robot.lookup("#game-list").query())
                .getColumns().stream().map(javafx.scene.control.TableColumn::getText).toList());
        assertTrue(listHeaders.contains("ECCO") && !listHeaders.contains("ECO"), listHeaders.toString());
        runFx(() -> w.window.docking().open(org.kibitz.workbench.evaluate.EvaluateUi.REPORT_PANE));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> reportHeaders = onFx(() -> ((javafx.scene.control.TableView<?>) w.robot.lookup("#report-table").query())
                .getColumns().stream().map(javafx.scene.control.TableColumn::getText).toList());
        assertTrue(reportHeaders.containsAll(List.of("Red", "R acc.")) && !reportHeaders.contains("W acc."), reportHeaders.toString());
        // Plural forms.
        I18n i18n = w.window.i18n();
        assertEquals("x.pgn: 1 game evaluated", i18n.get("report.title", "x.pgn", 1));
        assertEquals("x.pgn: 2 games evaluated", i18n.get("report.title", "x.pgn", 2));
        assertEquals("Kibitz engine", i18n.engineName(I18n.BUILTIN_ENGINE));
        runFx(() -> i18n.localeProperty().set(Locale.SIMPLIFIED_CHINESE));
        assertEquals("Kibitz 引擎", i18n.engineName(I18n.BUILTIN_ENGINE));
        runFx(() -> i18n.localeProperty().set(Locale.ENGLISH));

    }
}
