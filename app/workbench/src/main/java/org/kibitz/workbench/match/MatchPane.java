package org.kibitz.workbench.match;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kibitz.api.game.Side;
import org.kibitz.core.match.stats.Sprt;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.JobKit;

/**
 * The Match pane: the match's standings (for two engines each one's W-L-D, score, Elo with its error
 * bar, LOS and nElo, and the SPRT's LLR between its bounds; for more, the ranks, points and
 * tournament ratings), the games done, the games being played (clocks running, the last move, each
 * engine's latest line), the finished games (a double click opens one on the board), and the buttons
 * that start, pause, resume and stop a match and make the board follow a running game.
 */
public final class MatchPane extends BorderPane {

    private final MatchUi ui;
    private final I18n i18n;
    private final TableView<MatchUi.StandingRow> standings = new TableView<>();
    private final TableView<MatchUi.FinishedRow> finished = new TableView<>();
    private final VBox liveBox = new VBox(4);
    private final Label title = new Label();
    private final Label progressText = new Label();
    private final ProgressBar progress = new ProgressBar(0);
    private final SprtBar sprtBar = new SprtBar();
    private final Label sprtText = new Label();
    private final HBox sprtRow;
    /** Under a tournament's table: the ratings carry a prior of virtual draws, and say so (decision 0012). */
    private final Label priorNote = new Label();
    private final TableColumn<MatchUi.StandingRow, MatchUi.StandingRow> losColumn;
    private final TableColumn<MatchUi.StandingRow, MatchUi.StandingRow> neloColumn;

    public MatchPane(MatchUi ui) {
        this.ui = ui;
        this.i18n = ui.i18n();
        setId("match-pane");
        getStyleClass().add("match-pane");

        var state = ui.stateProperty();
        Button newMatch = JobKit.button(i18n, "match-new", "match.button.new", null,
                Bindings.createBooleanBinding(ui::busy, state), () -> MatchDialog.ask(ui));
        Button pause = JobKit.button(i18n, "match-pause", "match.button.pause", null,
                state.isNotEqualTo(MatchUi.State.RUNNING), ui::pause);
        Button resume = JobKit.button(i18n, "match-resume", "match.button.resume", null,
                state.isNotEqualTo(MatchUi.State.PAUSED), () -> JobKit.reportFailure(ui.resume(), ui::window, i18n, "match.startFailed"));
        Button stop = JobKit.button(i18n, "match-stop", "match.button.stop", null,
                state.isNotEqualTo(MatchUi.State.RUNNING).and(state.isNotEqualTo(MatchUi.State.PAUSED)), ui::stop);
        ToggleButton watch = new ToggleButton();
        watch.setId("match-watch");
        watch.textProperty().bind(i18n.text("match.button.watch"));
        watch.setTooltip(JobKit.tooltip(i18n, "match.button.watch.tip"));
        watch.setOnAction(e -> {
            if (watch.isSelected()) {
                watch.setSelected(ui.watch());
            } else {
                ui.unwatch();
            }
        });
        ui.watchingProperty().addListener((o, was, now) -> watch.setSelected(now));
        watch.disableProperty().bind(state.isNotEqualTo(MatchUi.State.RUNNING).and(watch.selectedProperty().not()));

        progress.setId("match-progress");
        progress.setPrefWidth(160);
        progressText.setId("match-progress-text");
        title.setId("match-title");
        title.getStyleClass().add("match-title");
        // A bar that wraps instead of cutting its buttons to "..." when the pane is narrow (1280 px windows).
        setTop(JobKit.bar(newMatch, pause, resume, stop, watch, title, progress, progressText));

        // Standings.
        standings.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        standings.setItems(ui.standings());
        standings.getColumns().add(column("match.col.rank", "rank", 40, r -> Integer.toString(r.rank())));
        TableColumn<MatchUi.StandingRow, MatchUi.StandingRow> engine = column("match.col.engine", "engine", 160,
                r -> i18n.engineName(r.name()));
        // The engines' names are what the standings are read by: the figures give their room first.
        org.kibitz.workbench.Tables.keep(engine);
        standings.getColumns().add(engine);
        standings.getColumns().add(column("match.col.games", "games", 56, r -> Long.toString(r.games())));
        standings.getColumns().add(column("match.col.points", "points", 60, r -> points(r.points())));
        standings.getColumns().add(column("match.col.wld", "wld", 90, r -> r.wins() + " - " + r.losses() + " - " + r.draws()));
        standings.getColumns().add(column("match.col.score", "score", 64, r -> percent(r.score())));
        // A clean sweep (or only draws) gives no finite Elo and a meaningless nElo ("∞", "+2833"):
        // a dash, and the tooltip says why.
        TableColumn<MatchUi.StandingRow, MatchUi.StandingRow> elo = column("match.col.elo", "elo", 110,
                r -> estimable(r) ? signed(r.elo(), 1) + " ± " + fixed(r.error(), 1) : "—");
        standings.getColumns().add(elo);
        losColumn = column("match.col.los", "los", 64, r -> percent(r.los()));
        neloColumn = column("match.col.nelo", "nelo", 110,
                r -> estimable(r) && Double.isFinite(r.nElo()) ? signed(r.nElo(), 1) + " ± " + fixed(r.nEloError(), 1) : "—");
        for (TableColumn<MatchUi.StandingRow, MatchUi.StandingRow> c : List.of(elo, neloColumn)) {
            c.setCellFactory(col -> new TableCell<>() {
                @Override
                protected void updateItem(MatchUi.StandingRow r, boolean empty) {
                    super.updateItem(r, empty);
                    String text = empty || r == null ? null : c == elo
                            ? (estimable(r) ? signed(r.elo(), 1) + " ± " + fixed(r.error(), 1) : "—")
                            : (estimable(r) && Double.isFinite(r.nElo()) ? signed(r.nElo(), 1) + " ± " + fixed(r.nEloError(), 1) : "—");
                    setText(text);
                    setTooltip("—".equals(text) && r != null && r.games() > 0 ? new Tooltip(i18n.get("match.elo.none", r.games())) : null);
                }
            });
        }
        standings.getColumns().add(losColumn);
        standings.getColumns().add(neloColumn);
        double rowHeight = org.kibitz.workbench.Rows.height(1);
        JobKit.table(standings, i18n, "match-standings", "match.standings.none", 1);
        // Header and at least two engines' rows stay visible in a low bottom dock.
        standings.setMinHeight(rowHeight * 3 + 6);
        standings.setPrefHeight(rowHeight * 4 + 6);

        sprtText.setId("match-sprt-text");
        sprtBar.setId("match-sprt-bar");
        Label sprtLabel = new Label();
        sprtLabel.textProperty().bind(i18n.text("match.sprt.label"));
        sprtRow = new HBox(8, sprtLabel, sprtBar, sprtText);
        sprtLabel.setMinWidth(Region.USE_PREF_SIZE);
        sprtText.setMinWidth(Region.USE_PREF_SIZE);
        sprtBar.setMinWidth(40);
        sprtRow.setAlignment(Pos.CENTER_LEFT);
        sprtRow.setPadding(new Insets(2, 6, 2, 6));
        sprtRow.setId("match-sprt");
        priorNote.setId("match-prior");
        priorNote.getStyleClass().add("match-hint");
        priorNote.setWrapText(true);
        priorNote.setPadding(new Insets(0, 6, 0, 6));
        VBox top = new VBox(2, standings, priorNote, sprtRow);

        // The games being played.
        liveBox.setId("match-live");
        liveBox.setPadding(new Insets(4, 6, 4, 6));
        ScrollPane liveScroll = new ScrollPane(liveBox);
        liveScroll.setFitToWidth(true);
        liveScroll.setId("match-live-scroll");

        // Finished games.
        finished.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        finished.setItems(ui.finished());
        finished.getColumns().add(fcolumn("match.col.number", "number", 44, r -> Integer.toString(r.number())));
        TableColumn<MatchUi.FinishedRow, MatchUi.FinishedRow> white = fcolumn("match.col.white", "white", 140,
                r -> i18n.engineName(r.white()));
        TableColumn<MatchUi.FinishedRow, MatchUi.FinishedRow> black = fcolumn("match.col.black", "black", 140,
                r -> i18n.engineName(r.black()));
        org.kibitz.workbench.Tables.keep(white);
        org.kibitz.workbench.Tables.keep(black);
        finished.getColumns().add(white);
        finished.getColumns().add(black);
        finished.getColumns().add(fcolumn("match.col.result", "result", 64, MatchUi.FinishedRow::result));
        finished.getColumns().add(fcolumn("match.col.plies", "plies", 50, r -> Integer.toString(r.plies())));
        finished.getColumns().add(fcolumn("match.col.reason", "reason", 260, r -> r.reason(i18n)));
        JobKit.table(finished, i18n, "match-finished", "match.finished.none", 1);
        finished.setRowFactory(t -> {
            TableRow<MatchUi.FinishedRow> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !row.isEmpty()) {
                    ui.open(row.getItem());
                }
            });
            return row;
        });
        finished.setOnKeyPressed(e -> {
            MatchUi.FinishedRow r = finished.getSelectionModel().getSelectedItem();
            if (e.getCode() == KeyCode.ENTER && r != null) {
                ui.open(r);
            }
        });
        finished.setTooltip(JobKit.tooltip(i18n, "match.finished.tip"));

        // Standings and the games being played on the left, the finished games beside them: a bottom
        // dock is wide and low, and three parts stacked left each a row or two.
        liveScroll.setMinHeight(48);
        top.getChildren().add(liveScroll);
        VBox.setVgrow(liveScroll, Priority.ALWAYS);
        SplitPane split = new SplitPane(top, finished);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.56);
        setCenter(split);
        // Side by side in a wide, low dock (the Analysis layout's bottom); one over the other when the
        // pane is not much wider than high (the Match layout), so the standings have the pane's width
        // and the engines' names are not cut.
        JobKit.sideBySideWhenWide(split, this, 2.2, 0.56, 0.5);

        ui.live().addListener((ListChangeListener<MatchUi.LiveRow>) c -> showLive());
        ui.names().addListener((ListChangeListener<String>) c -> showKind());
        ui.sprtProperty().addListener((o, was, now) -> showSprt(now));
        ui.doneProperty().addListener((o, was, now) -> showProgress());
        ui.totalProperty().addListener((o, was, now) -> showProgress());
        state.addListener((o, was, now) -> {
            showProgress();
            showLive(); // "the next game is starting" is no longer true once the match has ended
        });
        i18n.localeProperty().addListener((o, was, now) -> {
            standings.refresh();
            finished.refresh();
            showProgress();
            showLive();
            showSprt(ui.sprtProperty().get());
            showKind();
        });
        showKind();
        showLive();
        showProgress();
        showSprt(ui.sprtProperty().get());
    }

    private void showKind() {
        boolean two = ui.names().size() <= 2;
        losColumn.setVisible(two);
        neloColumn.setVisible(two);
        // Two engines are rated from their score alone; three or more by a fit with a prior, named here.
        priorNote.setVisible(!two);
        priorNote.setManaged(!two);
        priorNote.setText(two ? "" : i18n.get("match.prior.note", MatchUi.PRIOR_DRAWS));
    }

    private void showProgress() {
        int done = ui.doneProperty().get();
        int total = ui.totalProperty().get();
        progress.setProgress(total == 0 ? 0 : (double) done / total);
        String names = String.join(i18n.get("match.versus"), ui.names().stream().map(i18n::engineName).toList());
        title.setText(names.isEmpty() ? "" : names + " · " + i18n.get("match.state." + ui.state().name().toLowerCase(Locale.ROOT)));
        progressText.setText(total == 0 ? "" : i18n.get("match.progress", done, total));
    }

    private void showSprt(Optional<Sprt.Status> status) {
        sprtRow.setVisible(status.isPresent());
        sprtRow.setManaged(status.isPresent());
        status.ifPresent(s -> {
            sprtBar.setStatus(s);
            String decision = switch (s.decision()) {
                case H0_ACCEPTED -> i18n.get("match.sprt.h0");
                case H1_ACCEPTED -> i18n.get("match.sprt.h1");
                case CONTINUE -> "";
            };
            sprtText.setText(i18n.get("match.sprt.llr", fixed(s.llr(), 2), fixed(s.lowerBound(), 2), fixed(s.upperBound(), 2))
                    + (decision.isEmpty() ? "" : "  " + decision));
        });
    }

    private void showLive() {
        List<MatchUi.LiveRow> rows = List.copyOf(ui.live());
        if (rows.isEmpty()) {
            Label none = new Label(i18n.get(ui.state() == MatchUi.State.RUNNING ? "match.live.between" : "match.live.none"));
            none.setId("match-live-none");
            none.getStyleClass().add("match-hint");
            liveBox.getChildren().setAll(none);
            return;
        }
        liveBox.getChildren().setAll(rows.stream().map(this::liveNode).toList());
    }

    private Node liveNode(MatchUi.LiveRow r) {
        String p = "match-live-" + r.number();
        Label number = new Label(i18n.get("match.live.game", r.number()));
        number.getStyleClass().add("match-live-number");
        Label white = name(i18n.engineName(r.white()), r.thinking().filter(Side.WHITE::equals).isPresent(), p + "-white");
        Label whiteClock = clock(r.whiteClock(), p + "-white-clock");
        Label black = name(i18n.engineName(r.black()), r.thinking().filter(Side.BLACK::equals).isPresent(), p + "-black");
        Label blackClock = clock(r.blackClock(), p + "-black-clock");
        Label last = new Label(r.lastMove().isEmpty() ? "" : i18n.get("match.live.last", r.lastMove()));
        last.setId(p + "-last");
        Label whiteLine = new Label(r.whiteLine());
        whiteLine.setId(p + "-white-line");
        Label blackLine = new Label(r.blackLine());
        blackLine.setId(p + "-black-line");
        for (Label l : List.of(whiteLine, blackLine)) {
            l.getStyleClass().add("match-live-line");
            l.setMaxWidth(Double.MAX_VALUE);
        }
        // The game's number and the engines' names keep their width ("第 1…", "Stockfish 1…" were cut
        // in a narrow pane); the lines of moves give theirs instead.
        for (Label l : List.of(number, white, black, whiteClock, blackClock)) {
            l.setMinWidth(Region.USE_PREF_SIZE);
        }
        GridPane g = new GridPane();
        g.setHgap(10);
        g.setVgap(1);
        g.add(number, 0, 0, 1, 3);
        g.addRow(0, white, whiteClock, new Label("–"), blackClock, black, last);
        g.add(new Label(i18n.engineName(r.white())), 1, 1);
        g.add(whiteLine, 2, 1, 5, 1);
        g.add(new Label(i18n.engineName(r.black())), 1, 2);
        g.add(blackLine, 2, 2, 5, 1);
        g.setId(p);
        g.getStyleClass().add("match-live-game");
        return g;
    }

    private static Label name(String text, boolean toMove, String id) {
        Label l = new Label((toMove ? "▸ " : "") + text);
        l.setId(id);
        l.setStyle(toMove ? "-fx-font-weight: bold;" : "");
        return l;
    }

    private static Label clock(String text, String id) {
        Label l = new Label(text);
        l.setId(id);
        l.setStyle("-fx-font-family: monospace;");
        l.setMinWidth(64);
        return l;
    }

    private <T> TableColumn<T, T> generic(String key, String id, double width, Function<T, String> text) {
        TableColumn<T, T> c = JobKit.column(i18n, key, "match-col-" + id, width, null, text);
        c.setSortable(false);
        return c;
    }

    private TableColumn<MatchUi.StandingRow, MatchUi.StandingRow> column(String key, String id, double width,
                                                                        Function<MatchUi.StandingRow, String> text) {
        return generic(key, id, width, text);
    }

    private TableColumn<MatchUi.FinishedRow, MatchUi.FinishedRow> fcolumn(String key, String id, double width,
                                                                         Function<MatchUi.FinishedRow, String> text) {
        return generic(key, id, width, text);
    }

    /**
     * Whether the games say something of the difference in strength: not when one side won every
     * decided game or every game was drawn (cutechess then prints "inf" and an nElo of thousands).
     */
    public static boolean estimable(MatchUi.StandingRow r) {
        return r.games() > 0 && r.score() > 0 && r.score() < 1 && r.wins() + r.losses() > 0 && Double.isFinite(r.elo());
    }

    static String fixed(double x, int decimals) {
        if (Double.isNaN(x)) {
            return "–";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "∞" : "−∞";
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", x);
    }

    static String signed(double x, int decimals) {
        String s = fixed(x, decimals);
        if (s.matches("-0(\\.0+)?")) {
            s = s.substring(1); // no "-0.0" for an even score
        }
        return !Double.isNaN(x) && x > 0 && !Double.isInfinite(x) ? "+" + s : s;
    }

    static String percent(double x) {
        return Double.isNaN(x) ? "–" : fixed(100 * x, 1) + "%";
    }

    static String points(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : fixed(p, 1);
    }
}
