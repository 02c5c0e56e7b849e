package org.kibitz.protocols.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineListener;

/** Keeps every event a session reports, for assertions. */
public final class Recorder implements EngineListener {

    private final List<EngineEvent> events = new CopyOnWriteArrayList<>();

    @Override
    public void onEvent(EngineEvent event) {
        events.add(event);
    }

    public List<EngineEvent> all() {
        return List.copyOf(events);
    }

    public <T extends EngineEvent> List<T> of(Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
