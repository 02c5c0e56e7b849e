/**
 * Long work as jobs: a {@link org.kibitz.core.jobs.Job} is a list of items with stable ids and a way
 * to do one; the {@link org.kibitz.core.jobs.JobRunner} does them on its threads with a bounded
 * parallelism, reports {@link org.kibitz.core.jobs.Progress} (done/total, failed, rate over a sliding
 * window, ETA) at a bounded rate, cancels on request, and records finished items in a
 * {@link org.kibitz.core.jobs.JobJournal} so that a run cut short resumes where it stopped
 * ({@code docs/decisions/0003-job-journal.md}). The CLI shows a job's progress on stderr, the
 * workbench in its Jobs pane and status bar; tests use {@link org.kibitz.core.jobs.JobRunner#sameThread()}.
 */
package org.kibitz.core.jobs;
