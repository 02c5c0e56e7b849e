package org.kibitz.core.jobs.archfixture;

/** The job runner reaching for a service on purpose (test sources only): JOBS_ARE_GENERIC must catch it. */
public class JobThatKnowsTheStore {
    public Object store() {
        return org.kibitz.core.store.AnalysisStore.class;
    }
}
