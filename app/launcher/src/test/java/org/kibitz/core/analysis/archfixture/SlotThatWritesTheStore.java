package org.kibitz.core.analysis.archfixture;

/** Live analysis writing the store itself on purpose (test sources only). */
public class SlotThatWritesTheStore {
    public Object store() {
        return org.kibitz.core.store.AnalysisStore.class;
    }
}
