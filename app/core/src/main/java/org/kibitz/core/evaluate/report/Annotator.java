package org.kibitz.core.evaluate.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Nags;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.PositionEval;
import org.kibitz.core.evaluate.judge.GameStats;
import org.kibitz.core.evaluate.judge.Judgement;
import org.kibitz.core.evaluate.judge.JudgementModel;

/**
 * Writes a batch's findings into a game as read from its file, keeping its comments, variations and
 * tags: {@code [%eval]} on every evaluated main-line move, the judgement as a NAG (its move-quality NAGs
 * replaced, its others kept; moves not judged keep theirs), and for a move judged ?!, ? or ?? where the
 * engine preferred another, a comment such as {@code (+0.36 → −0.40) Mistake. 炮二平五 was best.} and
 * the engine's line as a variation. The model and each side's totals go into tags ({@code Annotator},
 * {@code KibitzJudge}, {@code WhiteAccuracy}...; {@code Red...} for xiangqi), or, for a format without
 * free tags (XQF), into the comment before the first move, with the glyphs in the move comments.
 */
final class Annotator {

    private Annotator() {
    }

    /**
     * Annotates {@code tree} in place.
     *
     * @param rankBase  the rank base of the game's coordinates (1 for chess, 0 for xiangqi)
     * @param ev        the evaluations the annotations follow (the first engine's)
     * @param report    the same, judged
     * @param limitText the search limit ({@code nodes=10000 multipv=1})
     * @param tags      whether the format keeps free tags; else the totals go into the first comment and glyphs into comments
     * @throws IllegalStateException the game's main line is not the one evaluated
     */
    static void annotate(GameTree tree, int rankBase, GameEvaluation ev, GameReport report, JudgementModel model, String limitText,
                         Locale locale, boolean tags) {
        annotate(tree, rankBase, ev, List.of(report), List.of(model), limitText, locale, tags);
    }

    /**
     * Annotates {@code tree} in place with every engine's judgements: the first engine's as above; each
     * other engine's judgement of a move, where it judged one, in the move's comment ({@code Stockfish: ?});
     * each other engine's model and totals in tags numbered from 2 ({@code Annotator2}, {@code KibitzJudge2},
     * {@code WhiteAccuracy2}...), or in the first comment for a format without free tags.
     *
     * @param reports the game judged by each engine, in engine order
     * @param models  the model each engine was judged with, in the same order
     */
    static void annotate(GameTree tree, int rankBase, GameEvaluation ev, List<GameReport> reports, List<JudgementModel> models,
                         String limitText, Locale locale, boolean tags) {
        GameReport report = reports.get(0);
        JudgementModel model = models.get(0);
        List<GameNode> line = tree.mainline();
        if (line.size() != ev.moves().size()) {
            throw new IllegalStateException(ReportFormat.text(locale, "report.out.changed", report.file(),
                    String.valueOf(report.game())));
        }
        for (int i = 0; i < line.size(); i++) {
            GameNode node = line.get(i);
            Move m = node.move().orElseThrow();
            if (!m.coordinates(rankBase).equals(ev.moves().get(i))) {
                throw new IllegalStateException(ReportFormat.text(locale, "report.out.changed", report.file(),
                        String.valueOf(report.game())));
            }
            Optional<PositionEval> e = ev.at(i + 1).filter(p -> !p.failed());
            Optional<Score> s = e.flatMap(PositionEval::sideToMoveScore);
            if (s.isPresent()) {
                node.setEvalForWhite(GameReport.forWhite(s.get(), node.position().sideToMove()));
            }
        }
        for (GameReport.MoveRow row : report.rows()) {
            GameNode node = line.get(row.ply() - 1);
            List<Integer> nags = new ArrayList<>();
            if (row.judgement().nag() != 0) {
                nags.add(row.judgement().nag());
            }
            for (int nag : node.nags()) {
                if (!Nags.isMoveQuality(nag)) {
                    nags.add(nag);
                }
            }
            node.setNags(nags);
            String comment = "";
            if (row.judgement().isError() && row.bestDiffers()) {
                comment = comment(row, locale);
                addLine(node, row, rankBase);
            }
            if (row.judgement() == Judgement.BOOK) {
                comment = ReportFormat.text(locale, "report.comment.book");
            } else if (!tags && row.judgement() != Judgement.NONE) {
                comment = comment.isEmpty() ? row.judgement().glyph() : row.judgement().glyph() + " " + comment;
            }
            for (int e = 1; e < reports.size(); e++) {
                for (GameReport.MoveRow other : reports.get(e).rows()) {
                    if (other.ply() == row.ply() && other.judgement() != Judgement.NONE && other.judgement() != Judgement.BOOK) {
                        String said = reports.get(e).engineName() + ": " + other.judgement().glyph();
                        comment = comment.isEmpty() ? said : comment + " " + said;
                    }
                }
            }
            if (!comment.isEmpty()) {
                node.setComment(node.comment().isEmpty() ? comment : node.comment() + " " + comment);
            }
        }
        StringBuilder b = new StringBuilder();
        for (int e = 0; e < reports.size(); e++) {
            GameReport rep = reports.get(e);
            JudgementModel m = models.get(Math.min(e, models.size() - 1));
            String engine = engineOf(rep.fingerprint(), rep.engineName());
            String n = e == 0 ? "" : Integer.toString(e + 1);
            if (tags) {
                tree.tags().put("Annotator" + n, ReportFormat.text(locale, "report.annotator", engine, limitText));
                tree.tags().put("KibitzJudge" + n, m.describe());
                for (Side side : Side.values()) {
                    GameStats.SideStats st = rep.stats().of(side);
                    if (st.moves() == 0) {
                        continue;
                    }
                    String p = ReportFormat.tagPrefix(side, rep.gameId());
                    tree.tags().put(p + "Accuracy" + n, accuracy(st));
                    tree.tags().put(p + "ACPL" + n, acpl(st));
                    tree.tags().put(p + "Inaccuracies" + n, Integer.toString(st.count(Judgement.INACCURACY)));
                    tree.tags().put(p + "Mistakes" + n, Integer.toString(st.count(Judgement.MISTAKE)));
                    tree.tags().put(p + "Blunders" + n, Integer.toString(st.count(Judgement.BLUNDER)));
                }
            } else {
                if (b.length() > 0) {
                    b.append('\n');
                }
                b.append(ReportFormat.text(locale, "report.root", engine, limitText, m.describe()));
                for (Side side : Side.values()) {
                    GameStats.SideStats st = rep.stats().of(side);
                    if (st.moves() > 0) {
                        b.append('\n').append(ReportFormat.text(locale, "report.root.side", rep.player(side).isEmpty()
                                        ? ReportFormat.tagPrefix(side, rep.gameId()) : rep.player(side), accuracy(st), acpl(st),
                                String.valueOf(st.count(Judgement.INACCURACY)), String.valueOf(st.count(Judgement.MISTAKE)),
                                String.valueOf(st.count(Judgement.BLUNDER))));
                    }
                }
            }
        }
        if (!tags) {
            GameNode root = tree.root();
            root.setComment(root.comment().isEmpty() ? b.toString() : root.comment() + "\n" + b);
        }
    }

    /** The engine's name and version as its fingerprint has it, else as the list names it. */
    static String engineOf(String fingerprint, String name) {
        int bar = fingerprint.indexOf('|');
        String e = bar < 0 ? fingerprint : fingerprint.substring(0, bar);
        return e.isBlank() ? name : e;
    }

    static String accuracy(GameStats.SideStats st) {
        return st.accuracy().isPresent() ? ReportFormat.fixed(st.accuracy().getAsDouble(), 1) : "";
    }

    static String acpl(GameStats.SideStats st) {
        return st.acpl().isPresent() ? ReportFormat.fixed(st.acpl().getAsDouble(), 0) : "";
    }

    /** {@code (+0.36 → −0.40) Mistake. Nf3 was best.}, in the game's notation and {@code locale}'s words. */
    static String comment(GameReport.MoveRow row, Locale locale) {
        String before = row.evalBefore().map(ReportFormat::commentEval).orElse("?");
        String after = row.evalAfter().map(ReportFormat::commentEval).orElse("?");
        String what = row.mate().map(n -> n.text().render(locale)).orElse(row.judgement().text().render(locale));
        return row.bestMove().isEmpty()
                ? ReportFormat.text(locale, "report.comment.noBest", before, after, what)
                : ReportFormat.text(locale, "report.comment", before, after, what, row.bestMove());
    }

    /** The engine's best line, as a variation of the move played. */
    private static void addLine(GameNode played, GameReport.MoveRow row, int rankBase) {
        Variations.add(played.parent().orElseThrow(), row.pv(), rankBase);
    }
}
