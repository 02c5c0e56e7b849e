package org.kibitz.core.engines.archfixture;

/** The engine list using live analysis on purpose (test sources only). */
public class PoolThatKnowsAnalysis {
    public Object slot() {
        return org.kibitz.core.analysis.AnalysisSlot.class;
    }
}
