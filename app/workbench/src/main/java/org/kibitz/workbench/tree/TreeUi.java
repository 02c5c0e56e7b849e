package org.kibitz.workbench.tree;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.core.Formats;
import org.kibitz.core.GameDocument;
import org.kibitz.core.JsonStore;
import org.kibitz.core.book.Book;
import org.kibitz.core.book.BookEntry;
import org.kibitz.core.book.Books;
import org.kibitz.core.evaluate.ScoreCodec;
import org.kibitz.core.jobs.JobHandle;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.PositionKey;
import org.kibitz.core.store.StoredLine;
import org.kibitz.core.tree.OpeningTree;
import org.kibitz.core.tree.TreeMove;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.files.FileActions;
import org.kibitz.workbench.moves.MoveListOptions;

/**
 * The Tree pane's model: the opening databases and the book the user opened, and for the board's
 * position the moves the shown database holds (as {@code kibitz tree query} prints them: wins and
 * losses of the side to move, the mover's average rating, the years, the book's weight and the
 * stored evaluation of the position after the move) and the games that reached it.
 *
 * <p>Databases, the book and the analysis store are read on one thread of the pane's own; a query is
 * started at each change of the board and only the latest one's answer is shown, so the board never
 * waits. The filters narrow the games list only: the counts are kept per position and move over all
 * games ({@link OpeningTree.GameFilter}).
 */
public final class TreeUi {

    /** The pane id, as saved in layouts. */
    public static final String PANE = "tree";
    /** Games listed for a position at most. */
    public static final int GAMES_SHOWN = 500;

    /**
     * One move of the position shown.
     *
     * @param text        the move in the game's notation (the Moves pane's choice)
     * @param wins        games the mover won
     * @param losses      games the mover lost
     * @param bookPercent the open book's weight for the move in percent, empty when it has none
     * @param eval        the stored evaluation of the position after the move, from the mover's side, "" when none
     * @param evalSource  the engine and depth of that evaluation
     */
    public record Row(Move move, String text, long games, long wins, long draws, long losses, OptionalDouble rating,
                      int firstYear, int lastYear, OptionalDouble bookPercent, String eval, String evalSource) {

        /** The games with a known result. */
        public long decided() {
            return wins + draws + losses;
        }

        /** The games whose result is not known (no Result tag, or "*"). */
        public long unknown() {
            return Math.max(0, games - decided());
        }

        /** The mover's score in percent over the decided games: wins and half the draws. */
        public double scorePercent() {
            long n = decided();
            return n == 0 ? 0 : 100.0 * (wins + draws / 2.0) / n;
        }
    }

    private final GameDocument document;
    private final Games games;
    private final Formats formats;
    private final Supplier<AnalysisStore> store;
    private final JobRunner runner;
    private final I18n i18n;
    private final MoveListOptions moveOptions;
    private final Supplier<MainWindow> window;
    private final Supplier<FileActions> files;
    private final JsonStore<TreeSettings> settingsStore;
    private final Path treesFolder;

    private final ObservableList<Path> databases = FXCollections.observableArrayList();
    private final ObjectProperty<Path> selected = new SimpleObjectProperty<>(this, "selected");
    private final ObjectProperty<Path> book = new SimpleObjectProperty<>(this, "book");
    private final ObjectProperty<OpeningTree.GameFilter> filter = new SimpleObjectProperty<>(this, "filter",
            OpeningTree.GameFilter.NONE);
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ObservableList<OpeningTree.TreeGame> gameRows = FXCollections.observableArrayList();
    private final StringProperty message = new SimpleStringProperty(this, "message", "");
    private final StringProperty opening = new SimpleStringProperty(this, "opening", "");
    private final ReadOnlyIntegerWrapper revision = new ReadOnlyIntegerWrapper(this, "revision");
    private Position shown;

    private final AtomicLong latest = new AtomicLong();
    private final ExecutorService queries = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "kibitz-tree-query");
        t.setDaemon(true);
        return t;
    });
    // Read and written on the query thread only.
    private final Map<Path, OpeningTree> open = new HashMap<>();
    private Path bookPath;
    private String bookGame;
    private Book openBook;

    public TreeUi(GameDocument document, Games games, Formats formats, Supplier<AnalysisStore> store, JobRunner runner,
                  I18n i18n, MoveListOptions moveOptions, Supplier<MainWindow> window, Supplier<FileActions> files,
                  JsonStore<TreeSettings> settingsStore, Path treesFolder) {
        this.document = document;
        this.games = games;
        this.formats = formats;
        this.store = store;
        this.runner = runner;
        this.i18n = i18n;
        this.moveOptions = moveOptions;
        this.window = window;
        this.files = files;
        this.settingsStore = settingsStore;
        this.treesFolder = treesFolder;
        TreeSettings s = settingsStore.loadOr(TreeSettings.DEFAULT);
        s.databases().stream().map(Path::of).filter(Files::isRegularFile).distinct().forEach(databases::add);
        selected.set(databases.stream().filter(p -> p.toString().equals(s.selected())).findFirst()
                .orElse(databases.isEmpty() ? null : databases.get(0)));
        if (!s.book().isEmpty() && Files.isRegularFile(Path.of(s.book()))) {
            book.set(Path.of(s.book()));
        }
        document.addListener((d, change) -> {
            if (change != GameDocument.Change.FILE && change != GameDocument.Change.ANALYSIS) {
                refresh();
            }
        });
        moveOptions.revisionProperty().addListener((o, a, b) -> refresh());
        selected.addListener((o, a, b) -> {
            save();
            refresh();
        });
        book.addListener((o, a, b) -> {
            save();
            refresh();
        });
        filter.addListener((o, a, b) -> refresh());
        i18n.localeProperty().addListener((o, a, b) -> refresh());
    }

    public I18n i18n() {
        return i18n;
    }

    public GameDocument document() {
        return document;
    }

    public ObservableList<Path> databases() {
        return databases;
    }

    public ObjectProperty<Path> selectedProperty() {
        return selected;
    }

    public ObjectProperty<Path> bookProperty() {
        return book;
    }

    public ObjectProperty<OpeningTree.GameFilter> filterProperty() {
        return filter;
    }

    /** The moves of the position shown, most played first. */
    public ObservableList<Row> rows() {
        return rows;
    }

    /** The games that reached the position shown (and pass the filter), latest first. */
    public ObservableList<OpeningTree.TreeGame> games() {
        return gameRows;
    }

    /** The opening the moves to the shown position make (ECO or ECCO code and name), "" when none. */
    public StringProperty openingProperty() {
        return opening;
    }

    /** A line about what is shown (the database's game, how many games reached the position, why nothing is). */
    public StringProperty messageProperty() {
        return message;
    }

    /** Counts the answers shown, for whoever waits for one. */
    public ReadOnlyIntegerProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    /** The position the rows are of, {@code null} before the first answer. */
    public Position shownPosition() {
        return shown;
    }

    /** Adds a database (when new) and shows it. */
    public void openDatabase(Path file) {
        Path p = file.toAbsolutePath().normalize();
        if (!databases.contains(p)) {
            databases.add(p);
        }
        if (p.equals(selected.get())) {
            refresh();
        } else {
            selected.set(p);
        }
        save();
    }

    /** Takes the shown database off the list (the file stays). */
    public void closeDatabase(Path file) {
        databases.remove(file);
        if (file.equals(selected.get())) {
            selected.set(databases.isEmpty() ? null : databases.get(0));
        }
        save();
        run(() -> {
            OpeningTree t = open.remove(file);
            if (t != null) {
                t.close();
            }
        });
    }

    /** Plays a row's move on the board. */
    public void play(Row row) {
        if (shown != null && shown.equals(document.position()) && document.position().isLegal(row.move())) {
            document.play(row.move());
        }
    }

    /** Opens a listed game from its file, after asking about unsaved changes. */
    public CompletableFuture<Boolean> open(OpeningTree.TreeGame game) {
        if (game.file() == null || !Files.isRegularFile(Path.of(game.file()))) {
            String text = i18n.get("tree.fileGone", String.valueOf(game.file()));
            window.get().setStatus(text);
            window.get().notify(text);
            return CompletableFuture.completedFuture(false);
        }
        return files.get().openGameOf(Path.of(game.file()), game.gameNumber());
    }

    /** The file of the game on the board, when it came from one. */
    public Optional<Path> currentFile() {
        return document.origin().map(o -> o.file()).or(document::file);
    }

    /**
     * Imports the board's game file into a new database in the data folder's {@code trees/}, as a job
     * of the shared runner; the database is opened when the job ends.
     */
    public Optional<JobHandle<Path, ImportTreeJob.Done>> importCurrentFile() {
        Optional<Path> source = currentFile();
        if (source.isEmpty()) {
            window.get().setStatus(i18n.get("tree.import.noFile"));
            return Optional.empty();
        }
        String name = source.get().getFileName().toString();
        int dot = name.lastIndexOf('.');
        Path db = treesFolder.resolve((dot > 0 ? name.substring(0, dot) : name) + ".sqlite");
        ImportTreeJob job = new ImportTreeJob(source.get(), db, games, formats);
        window.get().useTask(org.kibitz.workbench.TaskLayout.OPENING);
        window.get().setStatus(i18n.get("tree.import.started", name, db.getFileName().toString()));
        JobHandle<Path, ImportTreeJob.Done> handle = runner.submit(job);
        org.kibitz.workbench.JobKit.whenOver(handle.result(), (r, failure) -> {
            ImportTreeJob.Done done = r == null ? null : r.results().get(job.id(source.get()));
            if (done == null) {
                String why = failure != null ? org.kibitz.workbench.JobKit.reason(failure)
                        : r == null ? "" : String.join("; ", r.failures().values());
                window.get().setStatus(i18n.get("tree.import.failed", name, why));
                return;
            }
            window.get().setStatus(i18n.get("tree.import.done", name, done.games(), done.duplicates(), done.broken()));
            openDatabase(db);
        });
        return Optional.of(handle);
    }

    /** Asks again for the board's position; the answer replaces the rows when no later question was asked. */
    public void refresh() {
        long question = latest.incrementAndGet();
        Position position = document.position();
        GamePlugin game = document.game();
        Notation notation = moveOptions.notation(game);
        Path db = selected.get();
        Path bookFile = book.get();
        OpeningTree.GameFilter f = filter.get();
        // The main line as it is now, for its book moves (read here: the document is the FX thread's).
        List<org.kibitz.api.tree.GameNode> line = document.tree().mainline();
        List<Position> before = line.stream().map(org.kibitz.api.tree.GameNode::positionBefore).toList();
        List<Optional<Move>> played = line.stream().map(org.kibitz.api.tree.GameNode::move).toList();
        List<Move> toCursor = new java.util.ArrayList<>();
        for (org.kibitz.api.tree.GameNode n = document.cursor(); n.move().isPresent(); n = n.parent().orElseThrow()) {
            toCursor.add(0, n.move().get());
        }
        Position start = document.tree().startPosition();
        run(() -> {
            if (latest.get() != question) {
                return;
            }
            Answer a = answer(position, game, notation, db, bookFile, f);
            List<org.kibitz.api.tree.GameNode> bookNodes = bookNodes(db, game, line, before, played);
            String named = org.kibitz.core.opening.Openings.classify(start, toCursor)
                    .map(org.kibitz.core.opening.Opening::label).orElse("");
            Platform.runLater(() -> {
                if (latest.get() == question) {
                    opening.set(named);
                    moveOptions.setBookMoves(bookNodes);
                    shown = position;
                    rows.setAll(a.rows());
                    gameRows.setAll(a.games());
                    message.set(a.message());
                    revision.set(revision.get() + 1);
                }
            });
        });
    }

    private record Answer(List<Row> rows, List<OpeningTree.TreeGame> games, String message) {
    }

    /**
     * On the query thread: the main line's book moves by the open tree, as {@code evaluate --tree} finds
     * them (at least {@link org.kibitz.core.evaluate.BookSource#DEFAULT_MIN_GAMES} games of the position,
     * up to the first move that is not); none without a tree of the game.
     */
    private List<org.kibitz.api.tree.GameNode> bookNodes(Path db, GamePlugin game, List<org.kibitz.api.tree.GameNode> line,
                                                         List<Position> before, List<Optional<Move>> played) {
        OpeningTree tree = db == null ? null : open.get(db);
        List<org.kibitz.api.tree.GameNode> out = new ArrayList<>();
        try {
            if (tree == null || !tree.gameId().map(game.id()::equals).orElse(false)) {
                return out;
            }
            org.kibitz.core.evaluate.BookSource source = org.kibitz.core.evaluate.BookSource.tree(tree,
                    org.kibitz.core.evaluate.BookSource.DEFAULT_MIN_GAMES);
            for (int i = 0; i < line.size(); i++) {
                if (played.get(i).isEmpty() || !source.contains(before.get(i), played.get(i).get())) {
                    break;
                }
                out.add(line.get(i));
            }
        } catch (IOException | RuntimeException e) {
            // the rows say what went wrong; no labels then
        }
        return out;
    }

    /** On the query thread. */
    private Answer answer(Position position, GamePlugin game, Notation notation, Path db, Path bookFile,
                          OpeningTree.GameFilter f) {
        if (db == null) {
            return new Answer(List.of(), List.of(), i18n.get("tree.noDatabase"));
        }
        try {
            OpeningTree tree = open.get(db);
            if (tree == null) {
                tree = OpeningTree.open(db);
                open.put(db, tree);
            }
            Optional<String> held = tree.gameId();
            if (held.isEmpty()) {
                return new Answer(List.of(), List.of(), i18n.get("tree.emptyDatabase", db.getFileName().toString()));
            }
            if (!held.get().equals(game.id())) {
                String other = games.byId(held.get()).map(g -> i18n.get("game." + g.id())).orElse(held.get());
                return new Answer(List.of(), List.of(), i18n.get("tree.otherGame", db.getFileName().toString(), other));
            }
            List<BookEntry> bookMoves = bookMoves(bookFile, game, position);
            long bookTotal = Book.totalWeight(bookMoves);
            List<TreeMove> moves = new ArrayList<>();
            // With a filter on, the counts are those of the games that pass it (read from the games' references).
            for (TreeMove m : tree.moves(position, f)) {
                // A 64-bit key could in theory name another position: its moves would not be legal here.
                if (position.isLegal(m.move())) {
                    moves.add(m);
                }
            }
            Map<PositionKey, List<StoredLine>> stored = Map.of();
            List<PositionKey> keys = moves.stream().map(m -> PositionKey.of(position.play(m.move()))).toList();
            try {
                stored = keys.isEmpty() ? Map.of() : store.get().lines(keys);
            } catch (RuntimeException e) {
                // no stored evaluations then
            }
            List<Row> out = new ArrayList<>();
            for (int i = 0; i < moves.size(); i++) {
                TreeMove m = moves.get(i);
                OptionalDouble weight = OptionalDouble.empty();
                for (BookEntry e : bookMoves) {
                    if (e.move().equals(m.move()) && bookTotal > 0) {
                        weight = OptionalDouble.of(100.0 * e.weight() / bookTotal);
                    }
                }
                String[] eval = eval(stored.getOrDefault(keys.get(i), List.of()));
                out.add(new Row(m.move(), notation.format(position, m.move()), m.games(), m.wins(position.sideToMove()),
                        m.draws(), m.losses(position.sideToMove()), m.averageRating(), m.firstYear(), m.lastYear(), weight,
                        eval[0], eval[1]));
            }
            List<OpeningTree.TreeGame> reached = tree.games(position.hash(), GAMES_SHOWN, f);
            long total = out.stream().mapToLong(Row::games).sum();
            String text = out.isEmpty() ? i18n.get("tree.noMoves")
                    : i18n.get("tree.summary", total, reached.size(), f.isEmpty() ? "" : i18n.get("tree.filtered"));
            return new Answer(out, reached, text);
        } catch (IOException | RuntimeException e) {
            return new Answer(List.of(), List.of(), i18n.get("tree.failed", db.getFileName().toString(),
                    String.valueOf(e.getMessage())));
        }
    }

    private List<BookEntry> bookMoves(Path bookFile, GamePlugin game, Position position) {
        if (bookFile == null) {
            return List.of();
        }
        try {
            if (!bookFile.equals(bookPath) || !game.id().equals(bookGame)) {
                openBook = null;
                bookPath = bookFile;
                bookGame = game.id();
                openBook = Books.open(bookFile, game.id());
            }
            return openBook == null ? List.of() : openBook.probe(position);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** The deepest first line stored for a position, from the side that moved into it: {value, source}. */
    private String[] eval(List<StoredLine> lines) {
        Optional<StoredLine> best = lines.stream().filter(l -> l.rank() == 1)
                .max(Comparator.comparingInt(StoredLine::depth).thenComparing(StoredLine::at));
        if (best.isEmpty()) {
            return new String[] {"", ""};
        }
        StoredLine l = best.get();
        Score mover = l.score().negate();
        String value = ScoreCodec.evalText(mover);
        if (mover instanceof Score.Centipawns c && c.cp() >= 0) {
            value = "+" + value;
        }
        return new String[] {value, i18n.get("tree.evalSource", l.label(), l.depth())};
    }

    private void save() {
        try {
            settingsStore.save(new TreeSettings(databases.stream().map(Path::toString).toList(),
                    selected.get() == null ? "" : selected.get().toString(),
                    book.get() == null ? "" : book.get().toString()));
        } catch (IOException e) {
            MainWindow w = window.get();
            if (w != null) {
                w.setStatus(i18n.get("tree.saveFailed", String.valueOf(e.getMessage())));
            }
        }
    }

    private interface Work {
        void run() throws Exception;
    }

    private void run(Work work) {
        try {
            queries.execute(() -> {
                try {
                    work.run();
                } catch (Exception e) {
                    System.getLogger(TreeUi.class.getName()).log(System.Logger.Level.WARNING, "tree pane: " + e, e);
                }
            });
        } catch (RejectedExecutionException e) {
            // closing
        }
    }

    /** Closes the databases; no query runs after. */
    public void close() {
        run(() -> {
            for (OpeningTree t : open.values()) {
                t.close();
            }
            open.clear();
        });
        queries.shutdown();
    }
}
