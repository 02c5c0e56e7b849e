package org.kibitz.workbench;

import java.util.Objects;
import java.util.function.Supplier;
import javafx.scene.Node;

/**
 * A pane given by its id, title, place and a factory for its content.
 *
 * @param factory builds the content; called once per window
 */
public record SimplePaneProvider(String id, String titleKey, DockRegion defaultRegion, int order, Supplier<Node> factory)
        implements PaneProvider {

    public SimplePaneProvider {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(titleKey, "titleKey");
        Objects.requireNonNull(defaultRegion, "defaultRegion");
        Objects.requireNonNull(factory, "factory");
    }

    @Override
    public Node create() {
        return factory.get();
    }
}
