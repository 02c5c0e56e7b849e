/**
 * Training on positions: puzzles solved one attempt at a time ({@link org.kibitz.core.training.PuzzleRun}),
 * the order they come back in and the progress kept between sessions (a Leitner scheme,
 * {@link org.kibitz.core.training.TrainingProgress}, decision 0035), and "Learn from your mistakes" over a
 * judged game ({@link org.kibitz.core.training.Mistakes}). Headless: the workbench's training pane drives it.
 */
package org.kibitz.core.training;
