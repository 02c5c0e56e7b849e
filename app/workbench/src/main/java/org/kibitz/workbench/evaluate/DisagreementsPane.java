package org.kibitz.workbench.evaluate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.collections.ListChangeListener;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import org.kibitz.api.analysis.Score;
import org.kibitz.core.analysis.AnalysisText;
import org.kibitz.core.evaluate.compare.ComparisonSummary;
import org.kibitz.core.evaluate.compare.EngineView;
import org.kibitz.core.evaluate.compare.PairStats;
import org.kibitz.core.evaluate.compare.PairView;
import org.kibitz.workbench.I18n;

/**
 * The Disagreements pane: the figures of the latest comparison (best-move and top-3 agreement, the
 * mean win% gap, each engine's depth, nodes and time per position), and every position where two
 * compared engines disagree, the largest gap first: the move played, what kind of disagreement, each
 * engine's move and score, what each thinks of the other's move, and their verdicts on the move
 * played. A click goes there, with the engines' lines in the engine panels.
 */
public final class DisagreementsPane extends BorderPane {

    private final CompareUi ui;
    private final I18n i18n;
    private final TableView<CompareUi.Disagreement> table = new TableView<>();
    private final Label title = new Label();
    private final Label speed = new Label();

    public DisagreementsPane(CompareUi ui) {
        this.ui = ui;
        this.i18n = ui.i18n();
        setId("disagreements-pane");
        getStyleClass().add("disagreements-pane");

        title.setId("disagreements-title");
        title.getStyleClass().add("report-run");
        title.setWrapText(true);
        speed.setId("disagreements-speed");
        speed.setWrapText(true);
        VBox top = new VBox(2, title, speed);
        top.setPadding(new Insets(4, 8, 4, 8));
        setTop(top);

        SortedList<CompareUi.Disagreement> sorted = new SortedList<>(ui.disagreements());
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.setId("disagreements-table");
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getColumns().add(column("compare.col.game", "game", 52, d -> (double) d.key().game(),
                d -> Integer.toString(d.key().game())));
        table.getColumns().add(column("compare.col.move", "move", 100, d -> (double) d.position().ply(),
                d -> d.position().moveLabel() + " " + d.position().playedSan()));
        TableColumn<CompareUi.Disagreement, CompareUi.Disagreement> gap = column("compare.col.gap", "gap", 56,
                CompareUi.Disagreement::magnitude, d -> String.format(Locale.ROOT, "%.1f", d.magnitude()));
        gap.setSortType(TableColumn.SortType.DESCENDING);
        table.getColumns().add(gap);
        table.getColumns().add(column("compare.col.kind", "kind", 150, d -> (double) d.pair().kinds().size(), this::kinds));
        table.getColumns().add(column("compare.col.a", "a", 170, d -> (double) d.a().engine(), d -> view(d.a())));
        table.getColumns().add(column("compare.col.b", "b", 170, d -> (double) d.b().engine(), d -> view(d.b())));
        table.getColumns().add(column("compare.col.dwin", "dwin", 60, d -> d.pair().dWin(),
                d -> String.format(Locale.ROOT, "%.1f", d.pair().dWin())));
        table.getColumns().add(column("compare.col.aOnB", "a-on-b", 100, d -> d.pair().aOnB().map(PairView.Loss::points).orElse(-1.0),
                d -> d.pair().aOnB().map(PairView.Loss::shown).orElse("–")));
        table.getColumns().add(column("compare.col.bOnA", "b-on-a", 100, d -> d.pair().bOnA().map(PairView.Loss::points).orElse(-1.0),
                d -> d.pair().bOnA().map(PairView.Loss::shown).orElse("–")));
        table.getColumns().add(column("compare.col.verdicts", "verdicts", 100, d -> d.pair().verdictsDiffer() ? 1.0 : 0.0,
                d -> verdict(d.a()) + " / " + verdict(d.b())));
        org.kibitz.workbench.JobKit.table(table, i18n, table.getId(), null, 1);
        table.getSortOrder().add(gap);
        table.setRowFactory(t -> {
            TableRow<CompareUi.Disagreement> row = new TableRow<>() {
                @Override
                protected void updateItem(CompareUi.Disagreement d, boolean empty) {
                    super.updateItem(d, empty);
                    setTooltip(empty || d == null ? null : new Tooltip(lines(d)));
                }
            };
            row.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && row.getItem() != null) {
                    ui.goTo(row.getItem());
                }
            });
            return row;
        });
        table.setOnKeyPressed(e -> {
            CompareUi.Disagreement d = table.getSelectionModel().getSelectedItem();
            if (e.getCode() == KeyCode.ENTER && d != null) {
                ui.goTo(d);
            }
        });
        Label empty = new Label();
        empty.setWrapText(true);
        empty.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> i18n.get(
                ui.currentProperty().get() == null ? "compare.none" : "compare.noDisagreement"),
                ui.currentProperty(), i18n.localeProperty()));
        table.setPlaceholder(empty);
        setCenter(table);

        ui.gamesComparedProperty().addListener((o, a, b) -> showFigures());
        ui.currentProperty().addListener((o, a, b) -> showFigures());
        ui.disagreements().addListener((ListChangeListener<CompareUi.Disagreement>) c -> {
            if (table.getSortOrder().isEmpty()) {
                table.getSortOrder().add(gap);
            }
        });
        i18n.localeProperty().addListener((o, a, b) -> {
            showFigures();
            table.refresh();
        });
        showFigures();
    }

    /** The table, for tests. */
    public TableView<CompareUi.Disagreement> table() {
        return table;
    }

    /** The figures line, for tests. */
    public String figures() {
        return title.getText();
    }

    private void showFigures() {
        CompareUi.Run run = ui.currentProperty().get();
        if (run == null) {
            title.setText(i18n.get("compare.title.none"));
            speed.setText("");
            return;
        }
        ComparisonSummary s = run.summary();
        List<String> names = s.engines();
        PairStats p = s.first();
        title.setText(i18n.get("compare.figures", names.get(0), names.get(1), ui.gamesComparedProperty().get(), p.positions(),
                pct(p.agreement()), pct(p.topK()), String.format(Locale.ROOT, "%.1f", p.meanDWin()),
                String.format(Locale.ROOT, "%.1f", p.p90DWin()),
                p.correlation().isPresent() ? String.format(Locale.ROOT, "%.2f", p.correlation().getAsDouble()) : "–",
                p.disagreements()));
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            ComparisonSummary.Speed sp = s.speed(i);
            if (sp.positions() == 0) {
                continue;
            }
            parts.add(i18n.get("compare.speed", names.get(i), String.format(Locale.ROOT, "%.1f", sp.meanDepth()),
                    String.format(Locale.ROOT, "%,.0f", sp.meanNodes()), String.format(Locale.ROOT, "%.0f", sp.meanTimeMs()),
                    sp.searched()));
        }
        speed.setText(String.join("   ", parts));
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f%%", v);
    }

    private String kinds(CompareUi.Disagreement d) {
        List<String> out = new ArrayList<>();
        for (PairView.Kind k : d.pair().kinds()) {
            out.add(switch (k) {
                case EVALUATION -> i18n.get("compare.kind.eval");
                case A_REJECTS_B -> i18n.get("compare.kind.rejects", d.a().name(), d.b().name());
                case B_REJECTS_A -> i18n.get("compare.kind.rejects", d.b().name(), d.a().name());
            });
        }
        if (d.pair().verdictsDiffer()) {
            out.add(i18n.get("compare.kind.verdicts"));
        }
        return String.join(", ", out);
    }

    /** An engine's move and score: {@code Stockfish: Nf3 +0.35}. */
    private static String view(EngineView v) {
        return v.name() + ": " + v.bestSan() + " " + score(v.score());
    }

    private static String score(Score s) {
        return AnalysisText.score(s, AnalysisText.Unit.PAWNS);
    }

    private static String verdict(EngineView v) {
        return v.verdict().map(j -> j.glyph().isEmpty() ? "✓" : j.glyph()).orElse("–");
    }

    /** Both engines' lines, for the row's tooltip. */
    private String lines(CompareUi.Disagreement d) {
        return d.a().name() + " (" + i18n.get("compare.depth", d.a().depth()) + ") " + score(d.a().score()) + ":  "
                + String.join(" ", d.a().line()) + "\n"
                + d.b().name() + " (" + i18n.get("compare.depth", d.b().depth()) + ") " + score(d.b().score()) + ":  "
                + String.join(" ", d.b().line());
    }

    private TableColumn<CompareUi.Disagreement, CompareUi.Disagreement> column(String key, String id, double width,
            Function<CompareUi.Disagreement, Double> sortKey, Function<CompareUi.Disagreement, String> text) {
        return TableColumns.numeric(i18n, key, "disagreements-col-" + id, width, sortKey, text);
    }
}
