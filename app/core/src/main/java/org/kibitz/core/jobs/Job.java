package org.kibitz.core.jobs;

import java.util.List;
import java.util.Map;

/**
 * A piece of long work (a batch evaluation, a comparison, a match, a tree to build) cut into items
 * that can be done in any order, each with an id that stays the same from run to run, so a journal can
 * say which are done.
 *
 * @param <I> a work item
 * @param <R> what doing one item gives; written to the journal as JSON (a record of plain values,
 *            lists and maps), so it must read back equal
 */
public interface Job<I, R> {

    /** What kind of work this is, stable across versions ({@code perft-epd}); written in the journal header. */
    String kind();

    /** A short name for progress displays (a file name, a match's engines). */
    String name();

    /**
     * Everything besides the items that decides the results (a file's digest, a depth, engine options),
     * as text. Written to the journal header: a journal written with other parameters is refused.
     */
    Map<String, String> parameters();

    /**
     * Gets the job ready before its items are listed and its journal is opened: on the job's thread,
     * with the job already listed (STARTING) and the engine sessions it takes labelled with it. A batch
     * starts its engines here to learn their fingerprints, which its journal's header names, so that a
     * slow start shows in the job's row rather than before there is one. What it throws ends the job
     * FAILED; a job cancelled meanwhile ends CANCELLED. Nothing by default.
     */
    default void prepare(JobContext context) throws Exception {
    }

    /** The work, in the order a same-thread runner does it. */
    List<I> items();

    /** The item's stable id, unique within the job. */
    String id(I item);

    /**
     * Does one item. Long items should look at {@link JobContext#cancelled()} now and then; a thread
     * runner may also interrupt them when a job is cancelled at once.
     *
     * @throws Exception the item failed: it is counted as failed, the others go on
     */
    R run(I item, JobContext context) throws Exception;

    /** The class of the results, for reading them back from a journal. */
    Class<R> resultType();
}
