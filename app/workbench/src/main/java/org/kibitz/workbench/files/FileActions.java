package org.kibitz.workbench.files;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.DragEvent;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.stage.FileChooser;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.tree.GameTree;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.Menus;
import org.kibitz.workbench.game.GameKeys;
import org.kibitz.core.FenSetup;
import org.kibitz.core.GameDocument;
import org.kibitz.core.GameFiles;
import org.kibitz.core.GameOrigin;
import org.kibitz.core.RecentFiles;

/**
 * The File menu's game commands and what goes with them: new games (of each game, or from a FEN),
 * opening files by menu, recent list or drag and drop (reading off the FX thread, problems shown
 * with their place, the good games opened), the game list of a file of many games, saving
 * atomically, the window title with the file and its modified mark, and the question before
 * unsaved changes are lost.
 */
public final class FileActions implements MenuContributor {

    /** The pane id of the game list. */
    public static final String GAME_LIST_PANE = "games";
    /** Problems listed in the notification before "and n more". */
    static final int PROBLEMS_SHOWN = 8;

    /**
     * What a problem message is about: a file's listing (game 0) or one game of it. It is taken away
     * once neither is on the board any more.
     */
    private record ProblemsOf(Path file, int game) {
    }

    private final GameDocument document;
    private final GameFiles files;
    private final GameList list;
    private final I18n i18n;
    private final Supplier<MainWindow> windowSupplier;
    private final Executor background;
    private MainWindow window;
    private Menu recentMenu;

    public FileActions(GameDocument document, GameFiles files, GameList list, I18n i18n, Supplier<MainWindow> window) {
        this(document, files, list, i18n, window, defaultExecutor());
    }

    public FileActions(GameDocument document, GameFiles files, GameList list, I18n i18n, Supplier<MainWindow> window,
                       Executor background) {
        this.document = document;
        this.files = files;
        this.list = list;
        this.i18n = i18n;
        this.windowSupplier = window;
        this.background = background;
    }

    private static ExecutorService defaultExecutor() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "kibitz-files");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void contribute(Menus menus, MainWindow w) {
        this.window = w;
        Menu newMenu = menu("menu.file.new", "menu-new");
        for (GamePlugin g : files.games().all()) {
            MenuItem item = new MenuItem();
            item.setId("menu-new-" + g.id());
            item.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                    () -> i18n.get("menu.file.new.game", FenDialog.gameName(i18n, g)), i18n.localeProperty()));
            item.setOnAction(e -> newGame(g));
            newMenu.getItems().add(item);
        }
        MenuItem fen = item("menu.file.new.fen", "menu-new-fen");
        fen.setOnAction(e -> newFromFen());
        newMenu.getItems().addAll(new SeparatorMenuItem(), fen);

        MenuItem open = item("menu.file.open", "menu-open");
        open.setAccelerator(KeyCombination.keyCombination("Shortcut+O"));
        open.setOnAction(e -> chooseAndOpen());
        recentMenu = menu("menu.file.recent", "menu-recent");
        fillRecent();
        MenuItem save = item("menu.file.save", "menu-save");
        save.setAccelerator(KeyCombination.keyCombination("Shortcut+S"));
        save.setOnAction(e -> save());
        MenuItem saveAs = item("menu.file.saveAs", "menu-save-as");
        saveAs.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+S"));
        saveAs.setOnAction(e -> saveAs());
        javafx.scene.control.CheckMenuItem engineLines = new javafx.scene.control.CheckMenuItem();
        engineLines.textProperty().bind(i18n.text("menu.file.saveEngineLines"));
        engineLines.setId("menu-save-engine-lines");
        engineLines.setSelected(w.settings() != null && w.settings().saveEngineLines());
        engineLines.selectedProperty().addListener((o, was, now) -> w.updateSettings(s -> s.withSaveEngineLines(now)));
        menus.file().getItems().addAll(newMenu, open, recentMenu, new SeparatorMenuItem(), save, saveAs, engineLines);

        w.addCloseGuard(this::confirmDiscard);
        document.addListener((d, c) -> showTitle());
        i18n.localeProperty().addListener((o, a, b) -> showTitle());
        w.stage().sceneProperty().addListener((o, a, scene) -> {
            if (scene != null) {
                installOn(scene);
            }
        });
        if (w.stage().getScene() != null) {
            installOn(w.stage().getScene());
        }
        showTitle();
    }

    private void installOn(Scene scene) {
        scene.addEventHandler(DragEvent.DRAG_OVER, e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
                e.consume();
            }
        });
        scene.addEventHandler(DragEvent.DRAG_DROPPED, e -> {
            List<File> dropped = e.getDragboard().hasFiles() ? e.getDragboard().getFiles() : List.of();
            e.setDropCompleted(!dropped.isEmpty());
            e.consume();
            if (!dropped.isEmpty()) {
                // Leave the drag-and-drop event before asking anything or opening.
                Platform.runLater(() -> openDropped(dropped));
            }
        });
        GameKeys.install(scene, document);
    }

    /** Opens what was dropped on the window: the first file; the others are named in the status bar. */
    public CompletableFuture<Boolean> openDropped(List<File> dropped) {
        if (dropped.size() > 1) {
            status(i18n.get("file.dropMany", dropped.size(), dropped.get(0).getName()));
        }
        return open(dropped.get(0).toPath());
    }

    private MainWindow window() {
        if (window == null) {
            window = windowSupplier.get();
        }
        return window;
    }

    private void status(String text) {
        window().setStatus(text);
    }

    // ---- new ----

    public void newGame(GamePlugin game) {
        if (!confirmDiscard()) {
            return;
        }
        document.newGame(game, game.startPosition());
        withdrawProblems(null, 0);
        list.openGameProperty().set(0);
        status(i18n.get("file.newGame", FenDialog.gameName(i18n, game)));
    }

    private void newFromFen() {
        FenDialog d = new FenDialog(window().stage(), files.games(), i18n, "");
        d.showAndWait().ifPresent(this::newFromPosition);
    }

    /**
     * Starts a new game from a position set up or typed by the user (after asking before unsaved changes
     * are lost); the engines follow the board.
     */
    public void newFromPosition(FenSetup.Setup setup) {
        if (confirmDiscard()) {
            document.newGame(setup.game(), setup.position());
            withdrawProblems(null, 0);
            list.openGameProperty().set(0);
            status(i18n.get("file.newFromFen", FenDialog.gameName(i18n, setup.game())));
        }
    }

    // ---- open ----

    private void chooseAndOpen() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(i18n.get("file.open.title"));
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(i18n.get("file.filter.games"),
                patterns(files.readableExtensions())));
        chooser.getExtensionFilters().addAll(filters(files.formats().all().stream().filter(FormatPlugin::canRead).toList()));
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(i18n.get("file.filter.all"), "*"));
        initialDirectory().ifPresent(chooser::setInitialDirectory);
        File f = chooser.showOpenDialog(window().stage());
        if (f != null) {
            open(f.toPath());
        }
    }

    /** One filter per format, named by it, matching its extensions in either case. */
    public static List<FileChooser.ExtensionFilter> filters(List<FormatPlugin> formats) {
        return formats.stream().map(f -> new FileChooser.ExtensionFilter(f.id().toUpperCase(Locale.ROOT), patterns(f.extensions()))).toList();
    }

    /**
     * The glob patterns of these extensions in lower and upper case: GTK's file chooser matches a
     * filter's patterns case-sensitively, so "*.pgn" alone hides GAMES.PGN (old DOS files are named so).
     */
    public static List<String> patterns(java.util.Collection<String> extensions) {
        return extensions.stream().flatMap(x -> java.util.stream.Stream.of("*." + x.toLowerCase(Locale.ROOT), "*." + x.toUpperCase(Locale.ROOT)))
                .distinct().toList();
    }

    private Optional<File> initialDirectory() {
        Optional<Path> from = document.file().or(() -> window().settings().recentFiles().stream().findFirst().map(Path::of));
        return from.map(Path::getParent).filter(Files::isDirectory).map(Path::toFile);
    }

    /**
     * Opens a file (after asking about unsaved changes): reads it off the FX thread, lists its
     * games when it has several, opens the first good one, and reports every problem with its place.
     *
     * @return completes with whether a game was opened
     */
    public CompletableFuture<Boolean> open(Path path) {
        if (!confirmDiscard()) {
            return CompletableFuture.completedFuture(false);
        }
        Path file = path.toAbsolutePath().normalize();
        status(i18n.get("file.opening", file.getFileName().toString()));
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        CompletableFuture.supplyAsync(() -> {
            try {
                return files.read(file, n -> Platform.runLater(() -> status(i18n.get("file.reading", file.getFileName().toString(), n))));
            } catch (GameFiles.OpenException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }, background).whenComplete((opened, failure) -> Platform.runLater(() -> {
            try {
                done.complete(failure == null ? opened(opened) : failed(file, failure));
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        }));
        return done;
    }

    private boolean failed(Path file, Throwable failure) {
        Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        String reason = cause instanceof GameFiles.OpenException oe ? i18n.render(oe.text())
                : i18n.get("file.unexpected", file.getFileName().toString(), String.valueOf(cause.getMessage()));
        if (!Files.exists(file)) {
            updateRecent(r -> RecentFiles.remove(r, file));
        }
        status(reason);
        window().notify(reason);
        return false;
    }

    private boolean opened(GameFiles.OpenedFile opened) {
        updateRecent(r -> RecentFiles.add(r, opened.file()));
        String name = opened.file().getFileName().toString();
        List<FormatProblem> problems = opened.problems();
        Optional<GameFiles.Entry> first = opened.firstReadable();
        list.openGameProperty().set(0);
        // The list keeps the entries only; the first game goes to the document.
        list.fileProperty().set(opened.withoutFirst());
        if (opened.entries().size() > 1) {
            window().docking().open(GAME_LIST_PANE);
        }
        if (first.isPresent() && opened.first().isPresent()) {
            load(opened, first.get(), opened.first().get());
        }
        long unreadable = opened.entries().stream().filter(e -> !e.readable()).count();
        if (!problems.isEmpty() || first.isEmpty()) {
            window().notify(problemsText(opened, problems, first.isPresent()), new ProblemsOf(opened.file(), 0));
        }
        status(first.isEmpty() ? i18n.get("file.noGames", name)
                : i18n.get("file.opened", name, opened.entries().size(), problems.size(), unreadable));
        return first.isPresent();
    }

    private String problemsText(GameFiles.OpenedFile opened, List<FormatProblem> problems, boolean anyGame) {
        String name = opened.file().getFileName().toString();
        List<String> lines = new ArrayList<>();
        lines.add(anyGame ? i18n.get("file.problems", name, problems.size()) : i18n.get("file.problemsNoGame", name, problems.size()));
        problems.stream().limit(PROBLEMS_SHOWN).map(p -> Problems.render(i18n, p)).forEach(lines::add);
        if (problems.size() > PROBLEMS_SHOWN) {
            lines.add(i18n.get("file.moreProblems", problems.size() - PROBLEMS_SHOWN));
        }
        return lines.stream().collect(Collectors.joining("\n"));
    }

    /**
     * Opens one game of the listed file (after asking about unsaved changes): reads it again off
     * the FX thread, as the list keeps no games.
     *
     * @return completes with whether the game was opened
     */
    public CompletableFuture<Boolean> openGame(GameFiles.Entry entry) {
        return openGame(entry, true);
    }

    /**
     * Opens game {@code gameNumber} (from 1) of a file (after asking about unsaved changes): the file
     * is listed off the FX thread unless the game list holds it already, then the game is read.
     *
     * @return completes with whether the game was opened
     */
    public CompletableFuture<Boolean> openGameOf(Path path, int gameNumber) {
        Path file = path.toAbsolutePath().normalize();
        Optional<GameFiles.Entry> listed = list.file().filter(f -> f.file().equals(file)).flatMap(f -> f.entry(gameNumber));
        if (listed.isPresent()) {
            return openGame(listed.get());
        }
        if (!confirmDiscard()) {
            return CompletableFuture.completedFuture(false);
        }
        status(i18n.get("file.opening", file.getFileName().toString()));
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        CompletableFuture.supplyAsync(() -> {
            try {
                return files.read(file, n -> { });
            } catch (GameFiles.OpenException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }, background).whenComplete((opened, failure) -> Platform.runLater(() -> {
            try {
                if (failure != null) {
                    done.complete(failed(file, failure));
                    return;
                }
                Optional<GameFiles.Entry> entry = opened.entry(gameNumber);
                if (entry.isEmpty()) {
                    status(i18n.get("tree.gameGone", gameNumber, file.getFileName().toString()));
                    done.complete(false);
                    return;
                }
                updateRecent(r -> RecentFiles.add(r, opened.file()));
                list.openGameProperty().set(0);
                list.fileProperty().set(opened.withoutFirst());
                // Asked already: the answer holds for this game.
                openGame(entry.get(), false).whenComplete((ok, e) -> {
                    if (e != null) {
                        done.completeExceptionally(e);
                    } else {
                        done.complete(ok);
                    }
                });
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        }));
        return done;
    }

    private CompletableFuture<Boolean> openGame(GameFiles.Entry entry, boolean ask) {
        GameFiles.OpenedFile f = list.file().orElseThrow();
        if (entry.gameNumber() == list.openGameProperty().get() && document.origin().filter(o -> o.file().equals(f.file())).isPresent()) {
            return CompletableFuture.completedFuture(true);
        }
        if (!entry.readable() || (ask && !confirmDiscard())) {
            return CompletableFuture.completedFuture(false);
        }
        String name = f.file().getFileName().toString();
        status(i18n.get("file.openingGame", entry.gameNumber(), name));
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        CompletableFuture.supplyAsync(() -> {
            try {
                // Read alone, from where the listing found it: the games before it are not read again.
                return files.readEntry(f, entry);
            } catch (GameFiles.OpenException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }, background).whenComplete((read, failure) -> Platform.runLater(() -> {
            try {
                if (failure == null && read.game().isEmpty()) {
                    // Listed from its header, but nothing of it reads: say why, with its place.
                    window().notify(problemsText(f, read.entry().problems(), false), new ProblemsOf(f.file(), entry.gameNumber()));
                    status(i18n.get("file.noGames", name));
                    done.complete(false);
                    return;
                }
                if (failure != null) {
                    done.complete(failed(f.file(), failure));
                    return;
                }
                GameTree tree = read.game().get();
                // The list may have moved on to another file while this one was read.
                if (list.file().map(GameFiles.OpenedFile::file).filter(f.file()::equals).isEmpty()) {
                    done.complete(false);
                    return;
                }
                load(f, entry, tree);
                status(i18n.get("file.gameOpened", entry.gameNumber(), f.entries().size(), name));
                // The listing saw only the header: the moves' problems are told now, with their places.
                if (!read.entry().problems().isEmpty()) {
                    window().notify(problemsText(f, read.entry().problems(), true), new ProblemsOf(f.file(), entry.gameNumber()));
                }
                done.complete(true);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        }));
        return done;
    }

    private void load(GameFiles.OpenedFile f, GameFiles.Entry e, GameTree tree) {
        GamePlugin game = files.gameOf(tree).orElseThrow(() -> new IllegalStateException("no rules for " + tree.gameId()));
        document.open(game, tree, Optional.of(f.origin(e)));
        withdrawProblems(f.file(), e.gameNumber());
        list.openGameProperty().set(e.gameNumber());
    }

    /**
     * Takes away the problem messages of files and games no longer on the board: what is shown
     * belongs to what is on the board. The open file's own listing problems stay while one of its
     * games is open.
     */
    private void withdrawProblems(Path file, int game) {
        window().withdrawIf(about -> about instanceof ProblemsOf p
                && !(p.file().equals(file) && (p.game() == 0 || p.game() == game)));
    }

    // ---- save ----

    /** Saves to the game's file when it is the whole file in a format that can hold it, else asks where. */
    public boolean save() {
        Optional<GameOrigin> o = document.origin();
        if (o.isPresent() && o.get().wholeFile()) {
            Optional<FormatPlugin> format = o.get().formatId().flatMap(id -> files.formats().byId(id))
                    .filter(f -> files.writableFormats(document.game().id()).contains(f))
                    .or(() -> files.formatForSaving(o.get().file(), document.game().id()));
            if (format.isPresent()) {
                Optional<java.nio.charset.Charset> charset = encodingFor(format.get());
                return charset.isPresent() && saveTo(o.get().file(), format.get(), charset.get());
            }
            status(i18n.get("file.saveNeedsGameFormat", o.get().file().getFileName().toString()));
        } else if (o.isPresent()) {
            status(i18n.get("file.saveOneOfMany", o.get().gameNumber(), o.get().gamesInFile(), o.get().file().getFileName().toString()));
        }
        return saveAs();
    }

    /** Asks for a file and saves the game there. */
    public boolean saveAs() {
        List<FormatPlugin> formats = files.writableFormats(document.game().id());
        FileChooser chooser = new FileChooser();
        chooser.setTitle(i18n.get("file.saveAs.title"));
        chooser.getExtensionFilters().addAll(filters(formats));
        initialDirectory().ifPresent(chooser::setInitialDirectory);
        chooser.setInitialFileName(suggestedName(formats));
        File f = chooser.showSaveDialog(window().stage());
        if (f == null) {
            return false;
        }
        Path path = f.toPath();
        Optional<FormatPlugin> format = files.formatForSaving(path, document.game().id());
        if (format.isEmpty()) {
            // No extension of a format that can hold this game: the chosen filter's format, with its extension.
            int i = chooser.getExtensionFilters().indexOf(chooser.getSelectedExtensionFilter());
            FormatPlugin chosen = formats.get(Math.max(0, i));
            path = path.resolveSibling(path.getFileName() + "." + chosen.extensions().get(0));
            format = Optional.of(chosen);
        }
        Optional<java.nio.charset.Charset> charset = encodingFor(format.get());
        return charset.isPresent() && saveTo(path, format.get(), charset.get());
    }

    /**
     * The encoding to write a text file in: UTF-8, unless the game was read from a file in a legacy
     * encoding (GBK, as most Chinese xiangqi programs write): then the user chooses between keeping
     * it and UTF-8. Empty when they cancel.
     */
    Optional<java.nio.charset.Charset> encodingFor(FormatPlugin format) {
        java.nio.charset.Charset utf8 = java.nio.charset.StandardCharsets.UTF_8;
        if (!"pgn".equals(format.id())) {
            return Optional.of(utf8);
        }
        Optional<java.nio.charset.Charset> legacy = document.origin().map(GameOrigin::file).filter(java.nio.file.Files::isRegularFile)
                .flatMap(GameFiles::legacyCharset);
        if (legacy.isEmpty()) {
            return Optional.of(utf8);
        }
        ButtonType keep = new ButtonType(i18n.get("file.encoding.keep"), ButtonBar.ButtonData.YES);
        ButtonType toUtf8 = new ButtonType(i18n.get("file.encoding.utf8"), ButtonBar.ButtonData.NO);
        ButtonType cancel = new ButtonType(i18n.get("unsaved.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION,
                i18n.get("file.encoding.text", document.origin().get().file().getFileName().toString()), keep, toUtf8, cancel);
        a.initOwner(window().stage());
        a.setTitle(i18n.get("file.encoding.title"));
        a.setHeaderText(i18n.get("file.encoding.header"));
        a.getDialogPane().setId("encoding-dialog");
        ButtonType answer = a.showAndWait().orElse(cancel);
        return answer == keep ? legacy : answer == toUtf8 ? Optional.of(utf8) : Optional.empty();
    }

    /** The name Save as offers for the game on the board. */
    public String suggestedSaveName() {
        return suggestedName(files.writableFormats(document.game().id()));
    }

    private String suggestedName(List<FormatPlugin> formats) {
        // PGN when it can write the game (what every program reads), else the first format that can.
        String ext = formats.stream().filter(f -> f.id().equals("pgn")).findFirst().or(() -> formats.stream().findFirst())
                .map(f -> f.extensions().get(0)).orElse("pgn");
        return document.origin().map(o -> {
            String n = o.file().getFileName().toString();
            int dot = n.lastIndexOf('.');
            String base = dot > 0 ? n.substring(0, dot) : n;
            // The file's own extension when a format can write it, in its own spelling (ccgc-13.PGN
            // stays .PGN, a .ubb stays .ubb); else the default's.
            String fileExt = dot > 0 ? n.substring(dot + 1) : "";
            boolean writable = !fileExt.isEmpty() && formats.stream().anyMatch(f -> f.extensions().stream()
                    .anyMatch(e -> e.equalsIgnoreCase(fileExt)));
            String own = writable ? fileExt : ext;
            return o.wholeFile() ? base + "." + own : base + "-" + o.gameNumber() + "." + own;
        }).orElse(i18n.get("file.untitled") + "." + ext);
    }

    /**
     * Saves the game to {@code path} in {@code format}, atomically; the document then belongs to
     * that file.
     */
    public boolean saveTo(Path path, FormatPlugin format) {
        return saveTo(path, format, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** As {@link #saveTo(Path, FormatPlugin)}, a text format in {@code charset}. */
    public boolean saveTo(Path path, FormatPlugin format, java.nio.charset.Charset charset) {
        Path file = path.toAbsolutePath().normalize();
        // Asked before the write: the tags the format has no room for are told with the saving.
        List<String> notKept = format.tagsNotKept(document.tree());
        try {
            MainWindow w = window();
            boolean engineLines = w != null && w.settings() != null && w.settings().saveEngineLines();
            files.write(file, format, document.tree(), engineLines, charset);
        } catch (IOException e) {
            String reason = i18n.get("file.saveFailed", file.getFileName().toString(), String.valueOf(e.getMessage()));
            status(reason);
            window().notify(reason);
            return false;
        }
        document.markSaved(GameOrigin.single(file, format.id()));
        list.openGameProperty().set(0);
        updateRecent(r -> RecentFiles.add(r, file));
        status(notKept.isEmpty() ? i18n.get("file.saved", file.getFileName().toString())
                : i18n.get("file.savedNotKept", file.getFileName().toString(), format.id().toUpperCase(Locale.ROOT),
                        String.join(", ", notKept)));
        return true;
    }

    /** Saves to the file chosen by its extension ({@code .pgn}, {@code .xqf}). */
    public boolean saveTo(Path path) {
        Optional<FormatPlugin> format = files.formatForSaving(path, document.game().id());
        if (format.isEmpty()) {
            status(i18n.get("file.noFormatFor", path.getFileName().toString(), FenDialog.gameName(i18n, document.game())));
            return false;
        }
        return saveTo(path, format.get());
    }

    // ---- unsaved changes ----

    /**
     * Whether the current game may be replaced: yes when it has no unsaved changes, else as the user
     * answers (saving first, discarding, or cancelling).
     */
    public boolean confirmDiscard() {
        if (!document.modified()) {
            return true;
        }
        ButtonType saveButton = new ButtonType(i18n.get("unsaved.save"), ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType(i18n.get("unsaved.discard"), ButtonBar.ButtonData.NO);
        ButtonType cancel = new ButtonType(i18n.get("unsaved.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, i18n.get("unsaved.text", title()), saveButton, discard, cancel);
        a.initOwner(window().stage());
        a.setTitle(i18n.get("unsaved.title"));
        a.setHeaderText(i18n.get("unsaved.header"));
        a.getDialogPane().setId("unsaved-dialog");
        a.getDialogPane().lookupButton(saveButton).setId("unsaved-save");
        a.getDialogPane().lookupButton(discard).setId("unsaved-discard");
        a.getDialogPane().lookupButton(cancel).setId("unsaved-cancel");
        ButtonType answer = a.showAndWait().orElse(cancel);
        if (answer == saveButton) {
            return save();
        }
        return answer == discard;
    }

    // ---- title and recent files ----

    private void showTitle() {
        MainWindow w = window();
        if (w != null) {
            w.documentTitleProperty().set(title() + (document.modified() ? " *" : ""));
        }
    }

    /** The document's name: its file (with the game's number when the file has several), else a new game's. */
    String title() {
        return document.origin().map(o -> o.wholeFile() ? o.file().getFileName().toString()
                        : i18n.get("title.gameOfFile", o.file().getFileName().toString(), o.gameNumber(), o.gamesInFile()))
                .orElseGet(() -> i18n.get("title.newGame", FenDialog.gameName(i18n, document.game())));
    }

    /** Changes the recent files in the settings and in the menu. */
    private void updateRecent(java.util.function.UnaryOperator<List<String>> change) {
        window().updateSettings(s -> s.withRecentFiles(change.apply(s.recentFiles())));
        fillRecent();
    }

    private void fillRecent() {
        Menu recent = recentMenu;
        if (recent == null) {
            return;
        }
        recent.getItems().clear();
        MainWindow w = window();
        List<String> paths = w == null || w.settings() == null ? List.of() : w.settings().recentFiles();
        for (int i = 0; i < paths.size(); i++) {
            Path p = Path.of(paths.get(i));
            MenuItem item = new MenuItem((i < 9 ? "_" + (i + 1) + "  " : "") + p.getFileName() + "   —   " + Optional.ofNullable(p.getParent()).map(Path::toString).orElse(""));
            item.setMnemonicParsing(true);
            item.setId("recent-" + i);
            item.setOnAction(e -> open(p));
            recent.getItems().add(item);
        }
        if (paths.isEmpty()) {
            MenuItem none = item("menu.file.recent.none", "menu-recent-none");
            none.setDisable(true);
            recent.getItems().add(none);
        } else {
            MenuItem clear = item("menu.file.recent.clear", "menu-recent-clear");
            clear.setOnAction(e -> updateRecent(r -> List.of()));
            recent.getItems().addAll(new SeparatorMenuItem(), clear);
        }
    }

    private Menu menu(String key, String id) {
        Menu m = new Menu();
        m.textProperty().bind(i18n.text(key));
        m.setId(id);
        return m;
    }

    private MenuItem item(String key, String id) {
        MenuItem m = new MenuItem();
        m.textProperty().bind(i18n.text(key));
        m.setId(id);
        return m;
    }
}
