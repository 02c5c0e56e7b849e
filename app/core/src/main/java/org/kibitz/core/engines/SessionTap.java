package org.kibitz.core.engines;

import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineListener;

/**
 * Who hears every engine session from its first line: the engine log, which both faces show (the
 * workbench's log pane, the command line's {@code --log}). A session is tapped when it starts and
 * labelled with the job it works for, told again whenever a pool hands it to other work.
 */
public interface SessionTap {

    /** The listener of one session. */
    interface Tap extends EngineListener {
        /** The session now works for {@code job} (a pooled session reused by another job). */
        void job(String job);
    }

    /** A tap for a new session of {@code engine}, labelled with the job of the calling thread. */
    default Tap tap(String engine) {
        return tap(engine, currentJob());
    }

    /** A tap for a new session of {@code engine} working for {@code job}. */
    Tap tap(String engine, String job);

    /** The job the calling thread works for ("" when none): a job item's, else the tap's own default. */
    String currentJob();

    /** Hears nothing. */
    SessionTap NONE = new SessionTap() {
        @Override
        public Tap tap(String engine, String job) {
            return new Tap() {
                @Override
                public void job(String j) {
                }

                @Override
                public void onEvent(EngineEvent event) {
                }
            };
        }

        @Override
        public String currentJob() {
            return "";
        }
    };
}
