package org.kibitz.core.evaluate.judge;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.i18n.Text;

/**
 * How moves are judged: a win model, the loss in winning chances at which a move is ?!, ? and ??, whether
 * lichess's mate rules apply, and the rule for ! and !!. The formulas, presets and their sources are in
 * {@code docs/judgements.md}.
 *
 * @param name       the preset it started from; with a trailing {@code *} when a parameter was changed
 * @param win        the win model
 * @param inaccuracy loss in winning chances (-1..1 scale, so 0.1 = 5 win% points) from which a move is ?!
 * @param mistake    ... from which it is ?
 * @param blunder    ... from which it is ??
 * @param mateRules  whether a move that lets itself be mated or loses a forced mate is judged by lichess's
 *                   mate rules (when either score is a mate); otherwise mates count as ±mateCp like any score
 * @param good       the engine's first choice played is ! when its second choice is worse by at least this
 *                   many winning chances ...
 * @param decided    ... and the position was not already decided: |winning chances| before the move at most this
 * @param sacrifice  a ! move is !! when the mover gave up at least this much material (centipawns) over the
 *                   next two plies of the line played; 0 never gives !!
 */
public record JudgementModel(String name, WinModel win, double inaccuracy, double mistake, double blunder,
                             boolean mateRules, double good, double decided, int sacrifice) {

    /** Lichess's mate-rule bounds in centipawns from the mover's view (lila {@code Advice.scala}, {@code MateAdvice}). */
    static final int MATE_RULE_LOST = -999;
    static final int MATE_RULE_BAD = -700;

    /** The ! rule's defaults: the second best would be a mistake (0.2 = 10 win%), outside ±0.8 (win% 10..90). */
    static final double GOOD_GAP = 0.2;
    static final double DECIDED = 0.8;
    /** !! needs more than a pawn given up: two pawns, or the exchange (rook for a minor piece), or more. */
    static final int SACRIFICE = 200;

    /** The parameters {@link #parse} reads, in {@link #describe}'s order. */
    static final List<String> KEYS = List.of("k", "clamp", "mate", "inaccuracy", "mistake", "blunder", "mates",
            "good", "decided", "sacrifice");

    public JudgementModel {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(win, "win");
        if (name.isBlank() || name.chars().anyMatch(c -> Character.isWhitespace(c) || c == ':' || c == ',' || c == '=')) {
            throw new IllegalArgumentException("a judgement model's name is one word: '" + name + "'");
        }
        if (!(inaccuracy > 0 && inaccuracy <= mistake && mistake <= blunder && blunder <= 2)) {
            throw new IllegalArgumentException("thresholds must rise within 0..2: inaccuracy " + inaccuracy
                    + ", mistake " + mistake + ", blunder " + blunder);
        }
        if (!(good > 0 && good <= 2)) {
            throw new IllegalArgumentException("good must be within 0..2: " + good);
        }
        if (!(decided > 0 && decided <= 1)) {
            throw new IllegalArgumentException("decided must be within 0..1: " + decided);
        }
        if (sacrifice < 0) {
            throw new IllegalArgumentException("sacrifice must be 0 or more centipawns: " + sacrifice);
        }
    }

    /**
     * Lichess: its win model, ?! ? ?? at 0.1 / 0.2 / 0.3 winning chances lost (lila {@code Advice.scala},
     * {@code winningChanceJudgements}) and its mate rules; lichess gives no ! or !!, so Kibitz's default rule.
     */
    public static JudgementModel lichess() {
        return new JudgementModel("lichess", WinModel.LICHESS, 0.1, 0.2, 0.3, true, GOOD_GAP, DECIDED, SACRIFICE);
    }

    /**
     * En Croissant (src/utils/score.ts, {@code getAnnotation}): lichess's win model, ?! ? ?? when more than
     * 5 / 10 / 20 win% is lost (0.1 / 0.2 / 0.4 winning chances), no mate rules (mates are ±1000), ! when
     * the best move is more than 10 win% better than the second, !! when it also loses more than 100 of
     * static material (src-tauri/src/chess.rs, {@code is_sacrifice}).
     */
    public static JudgementModel enCroissant() {
        return new JudgementModel("encroissant", new WinModel("encroissant", WinModel.LICHESS.k(), 1000, 1000),
                0.1, 0.2, 0.4, false, 0.2, 1, 101);
    }

    /**
     * Lucas Chess (lucaschessR2, bin/Code/Analysis/AnalysisEval.py and Config/Configuration.py): a logistic
     * with k = 30/10000 whose 100% is at 2000 cp ({@code x_eval_curve_degree}, {@code x_eval_limit_score}),
     * ?! ? ?? from 3.3 / 7.5 / 15.5 of its points lost; its points are win% divided by the curve's value at
     * 2000 cp (0.99505), so the thresholds here are 3.3 / 7.5 / 15.5 × 0.99505 / 50 in winning chances.
     */
    public static JudgementModel lucasChess() {
        return new JudgementModel("lucas", new WinModel("lucas", 0.003, 2000, 2000), 0.0657, 0.1493, 0.3085, false,
                GOOD_GAP, DECIDED, SACRIFICE);
    }

    /** Xiangqi: Kibitz's xiangqi win model ({@link WinModel#XIANGQI}) with lichess's thresholds and mate rules. */
    public static JudgementModel xiangqi() {
        return new JudgementModel("xiangqi", WinModel.XIANGQI, 0.1, 0.2, 0.3, true, GOOD_GAP, DECIDED, SACRIFICE);
    }

    /** The default model of a game: {@link #xiangqi()} for xiangqi, {@link #lichess()} for chess and any other game. */
    public static JudgementModel forGame(String gameId) {
        return "xiangqi".equals(gameId) ? xiangqi() : lichess();
    }

    private static Optional<JudgementModel> preset(String name) {
        return Optional.ofNullable(switch (name.toLowerCase(Locale.ROOT)) {
            case "lichess" -> lichess();
            case "encroissant", "en-croissant" -> enCroissant();
            case "lucas", "lucaschess", "lucas-chess" -> lucasChess();
            case "xiangqi" -> xiangqi();
            default -> null;
        });
    }

    /**
     * The model a {@code --judge} option names: a preset ({@code lichess}, {@code encroissant}, {@code lucas},
     * {@code xiangqi}) with optional overrides after a colon, {@code lichess:inaccuracy=0.08,blunder=0.25,k=0.004};
     * only overrides ({@code k=0.004}) start from the game's default; empty or null is the game's default.
     * {@link #describe()}'s text is read too, so {@code parse(m.describe(), g)} equals {@code m}.
     *
     * @throws JudgeSpecException naming what is wrong
     */
    public static JudgementModel parse(String spec, String gameId) {
        String text = spec == null ? "" : spec.strip();
        if (text.isEmpty()) {
            return forGame(gameId);
        }
        String head = text.split("[\\s:]", 2)[0];
        String rest;
        JudgementModel base;
        if (head.contains("=")) {
            base = forGame(gameId);
            rest = text;
        } else {
            String presetName = head.endsWith("*") ? head.substring(0, head.length() - 1) : head;
            base = preset(presetName).orElseThrow(() -> error("spec.unknownModel", head));
            rest = text.substring(head.length()).strip();
            if (rest.startsWith(":")) {
                rest = rest.substring(1);
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (String pair : rest.split("[\\s,]+")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0 || eq == pair.length() - 1) {
                throw error("spec.notPair", pair, text);
            }
            String key = pair.substring(0, eq).toLowerCase(Locale.ROOT);
            if (!KEYS.contains(key)) {
                throw error("spec.unknownKey", key, String.join(", ", KEYS));
            }
            if (values.put(key, pair.substring(eq + 1)) != null) {
                throw error("spec.twice", key);
            }
        }
        return base.with(values);
    }

    private JudgementModel with(Map<String, String> values) {
        if (values.isEmpty()) {
            return this;
        }
        double k = number(values, "k", win.k());
        int clamp = centipawns(values, "clamp", win.clampCp());
        int mate = centipawns(values, "mate", win.mateCp());
        double inacc = number(values, "inaccuracy", inaccuracy);
        double mist = number(values, "mistake", mistake);
        double blund = number(values, "blunder", blunder);
        boolean mates = mateRules;
        String matesText = values.get("mates");
        if (matesText != null) {
            mates = switch (matesText.toLowerCase(Locale.ROOT)) {
                case "lichess" -> true;
                case "none" -> false;
                default -> throw error("spec.mates", matesText);
            };
        }
        double goodGap = number(values, "good", good);
        double decidedBound = number(values, "decided", decided);
        int sacrificeCp = centipawns(values, "sacrifice", sacrifice);
        // The models' own checks, said in the user's language (their exceptions are for programmers).
        if (!(k > 0) || Double.isInfinite(k)) {
            throw error("spec.k", values.getOrDefault("k", String.valueOf(k)));
        }
        if (clamp <= 0) {
            throw error("spec.positiveCp", "clamp", clamp);
        }
        if (mate <= 0) {
            throw error("spec.positiveCp", "mate", mate);
        }
        if (!(inacc > 0 && inacc <= mist && mist <= blund && blund <= 2)) {
            throw error("spec.thresholds", inacc, mist, blund);
        }
        if (!(goodGap > 0 && goodGap <= 2)) {
            throw error("spec.good", goodGap);
        }
        if (!(decidedBound > 0 && decidedBound <= 1)) {
            throw error("spec.decided", decidedBound);
        }
        if (sacrificeCp < 0) {
            throw error("spec.sacrifice", sacrificeCp);
        }
        WinModel newWin;
        try {
            newWin = k == win.k() && clamp == win.clampCp() && mate == win.mateCp() ? win
                    : new WinModel(baseName(win.name()) + "*", k, clamp, mate);
        } catch (IllegalArgumentException e) {
            throw error("spec.invalid", e.getMessage());
        }
        try {
            JudgementModel changed = new JudgementModel(name, newWin, inacc, mist, blund, mates, goodGap, decidedBound, sacrificeCp);
            JudgementModel original = preset(baseName(name)).orElse(this);
            return changed.sameNumbers(original) ? original
                    : new JudgementModel(baseName(name) + "*", newWin, inacc, mist, blund, mates, goodGap, decidedBound, sacrificeCp);
        } catch (IllegalArgumentException e) {
            throw error("spec.invalid", e.getMessage());
        }
    }

    /**
     * This model with another win model: itself when {@code w} has the same numbers, else a model named
     * after its preset with a {@code *}, as {@link #parse} names a changed one.
     */
    public JudgementModel withWin(WinModel w) {
        if (w.k() == win.k() && w.clampCp() == win.clampCp() && w.mateCp() == win.mateCp()) {
            return this;
        }
        return new JudgementModel(baseName(name) + "*", w, inaccuracy, mistake, blunder, mateRules, good, decided, sacrifice);
    }

    /** Whether a {@code --judge} text sets {@code k} itself. */
    public static boolean setsK(String spec) {
        if (spec == null) {
            return false;
        }
        for (String part : spec.strip().split("[\\s:,]+")) {
            if (part.toLowerCase(Locale.ROOT).startsWith("k=")) {
                return true;
            }
        }
        return false;
    }

    private boolean sameNumbers(JudgementModel o) {
        return win.k() == o.win.k() && win.clampCp() == o.win.clampCp() && win.mateCp() == o.win.mateCp()
                && inaccuracy == o.inaccuracy && mistake == o.mistake && blunder == o.blunder
                && mateRules == o.mateRules && good == o.good && decided == o.decided && sacrifice == o.sacrifice;
    }

    private static String baseName(String name) {
        return name.endsWith("*") ? name.substring(0, name.length() - 1) : name;
    }

    private static double number(Map<String, String> values, String key, double otherwise) {
        String v = values.get(key);
        if (v == null) {
            return otherwise;
        }
        try {
            double d = Double.parseDouble(v);
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error("spec.notNumber", key, v);
    }

    private static int centipawns(Map<String, String> values, String key, int otherwise) {
        String v = values.get(key);
        if (v == null) {
            return otherwise;
        }
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw error("spec.notInteger", key, v);
        }
    }

    private static JudgeSpecException error(String key, Object... args) {
        return new JudgeSpecException(Text.of(JudgementModel.class, key, args));
    }

    /**
     * One line naming the model and every parameter, stable text for a PGN tag or a CSV comment, e.g.
     * {@code lichess k=0.00368208 clamp=1000 mate=1000 inaccuracy=0.1 mistake=0.2 blunder=0.3 mates=lichess
     * good=0.2 decided=0.8 sacrifice=200}. {@link #parse} reads it back to an equal model for every preset and
     * every model {@code parse} made; a model built by hand under another name has no preset to start from.
     */
    public String describe() {
        return name + " k=" + plain(win.k()) + " clamp=" + win.clampCp() + " mate=" + win.mateCp()
                + " inaccuracy=" + plain(inaccuracy) + " mistake=" + plain(mistake) + " blunder=" + plain(blunder)
                + " mates=" + (mateRules ? "lichess" : "none")
                + " good=" + plain(good) + " decided=" + plain(decided) + " sacrifice=" + sacrifice;
    }

    /** The shortest decimal that reads back as the same double, never in exponent form. */
    private static String plain(double d) {
        BigDecimal b = BigDecimal.valueOf(d).stripTrailingZeros();
        return b.scale() < 0 ? b.setScale(0).toPlainString() : b.toPlainString();
    }

    /**
     * Judges one move.
     *
     * @param before        the best evaluation of the position before the move, from the mover's view
     * @param after         the evaluation of the position after the move, from the mover's view (the caller
     *                      negates the engine's score); {@code Mate(0)} here is the mover having just mated
     * @param playedBest    the move played was the engine's first choice: then never ?!, ? or ?? (a loss is
     *                      search noise) and no mate note
     * @param secondBest    the score of the engine's second line before the move (mover's view), when it gave two
     * @param materialGiven material the mover gave up over the next two plies of the line played, when known
     */
    public MoveVerdict judge(Score before, Score after, boolean playedBest, Optional<Score> secondBest,
                             OptionalInt materialGiven) {
        Score afterSeen = justMated(after) ? Score.mate(1) : after;
        double winBefore = win.winPercent(before);
        double winAfter = win.winPercent(afterSeen);
        double winLoss = Math.max(0, winBefore - winAfter);
        double accuracy = Accuracy.ofMove(winBefore, winAfter);
        Judgement judgement = Judgement.NONE;
        Optional<MateNote> note = Optional.empty();
        if (playedBest) {
            judgement = goodMove(before, secondBest, materialGiven);
        } else if (justMated(after)) {
            judgement = Judgement.NONE; // mate on the board is never wrong, whatever the engine preferred
        } else if (mateRules && (before instanceof Score.Mate || afterSeen instanceof Score.Mate)) {
            note = mateNote(before, afterSeen);
            judgement = note.map(n -> mateJudgement(n, before, afterSeen)).orElse(Judgement.NONE);
        } else {
            judgement = byLoss(winLoss / 50);
        }
        return new MoveVerdict(winBefore, winAfter, winLoss, accuracy, judgement, note);
    }

    /** ?!, ? or ?? for a loss in winning chances, or none. */
    public Judgement byLoss(double winningChancesLost) {
        if (winningChancesLost >= blunder) {
            return Judgement.BLUNDER;
        }
        if (winningChancesLost >= mistake) {
            return Judgement.MISTAKE;
        }
        if (winningChancesLost >= inaccuracy) {
            return Judgement.INACCURACY;
        }
        return Judgement.NONE;
    }

    private Judgement goodMove(Score best, Optional<Score> second, OptionalInt materialGiven) {
        if (second.isEmpty()) {
            return Judgement.NONE;
        }
        double bestChances = win.winningChances(best);
        if (Math.abs(bestChances) > decided || bestChances - win.winningChances(second.get()) < good) {
            return Judgement.NONE;
        }
        boolean sacrificed = sacrifice > 0 && materialGiven.isPresent() && materialGiven.getAsInt() >= sacrifice;
        return sacrificed ? Judgement.BRILLIANT : Judgement.GOOD;
    }

    private static boolean justMated(Score after) {
        return after instanceof Score.Mate m && m.moves() == 0;
    }

    /** Lichess's {@code MateSequence}, plus {@code MateDelayed} for a mate that came no nearer. */
    static Optional<MateNote> mateNote(Score before, Score after) {
        boolean hadMate = before instanceof Score.Mate m && m.moves() > 0;
        boolean isMated = after instanceof Score.Mate m && m.moves() < 0;
        if (!(before instanceof Score.Mate) && isMated) {
            return Optional.of(MateNote.MATE_CREATED);
        }
        if (hadMate && !(after instanceof Score.Mate m && m.moves() > 0)) {
            return Optional.of(MateNote.MATE_LOST);
        }
        if (hadMate && after instanceof Score.Mate m && m.moves() >= ((Score.Mate) before).moves()) {
            return Optional.of(MateNote.MATE_DELAYED);
        }
        return Optional.empty();
    }

    /** Lichess's {@code MateAdvice}: how bad a mate created or lost was, by the centipawns around it. */
    private static Judgement mateJudgement(MateNote note, Score before, Score after) {
        return switch (note) {
            case MATE_CREATED -> {
                int cp = before instanceof Score.Centipawns c ? c.cp() : 0;
                yield cp < MATE_RULE_LOST ? Judgement.INACCURACY : cp < MATE_RULE_BAD ? Judgement.MISTAKE : Judgement.BLUNDER;
            }
            case MATE_LOST -> {
                int cp = after instanceof Score.Centipawns c ? c.cp() : 0;
                yield cp > -MATE_RULE_LOST ? Judgement.INACCURACY : cp > -MATE_RULE_BAD ? Judgement.MISTAKE : Judgement.BLUNDER;
            }
            case MATE_DELAYED -> Judgement.NONE;
        };
    }
}
