/**
 * Judgements of moves as pure functions: a {@link org.kibitz.core.evaluate.judge.WinModel} turns an engine
 * score into win%, a {@link org.kibitz.core.evaluate.judge.JudgementModel} (lichess, En Croissant, Lucas Chess,
 * xiangqi, or one of them with overrides, {@code --judge}) turns a move's scores into a
 * {@link org.kibitz.core.evaluate.judge.MoveVerdict}, and {@link org.kibitz.core.evaluate.judge.GameStats}
 * sums a game per side (accuracy, ACPL, counts). No engines, no files: the batch evaluator, re-judging from
 * the store and the tests apply the same functions. The rules are in {@code docs/judgements.md}.
 */
package org.kibitz.core.evaluate.judge;
