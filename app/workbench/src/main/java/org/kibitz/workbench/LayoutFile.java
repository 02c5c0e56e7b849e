package org.kibitz.workbench;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import java.util.Optional;

/**
 * The saved docking layout and window geometry ({@code layout.json}).
 *
 * @param version format version, {@link #VERSION}
 */
public record LayoutFile(int version, Optional<Window> window, Container root, Optional<String> task,
                         java.util.Map<String, Container> tasks) {

    public static final int VERSION = 1;

    /**
     * @param root  the layout shown
     * @param task  the task layout it is ({@link TaskLayout} by name); files from before task layouts have none
     * @param tasks each task layout as the user left it, by task name (the one shown is in {@code root})
     */
    public LayoutFile {
        task = task == null ? Optional.empty() : task;
        tasks = tasks == null ? java.util.Map.of() : java.util.Map.copyOf(tasks);
    }

    public LayoutFile(int version, Optional<Window> window, Container root) {
        this(version, window, root, Optional.empty(), java.util.Map.of());
    }

    /** Window position and size. */
    public record Window(double x, double y, double width, double height, boolean maximized) {
    }

    /** A docking container: a split of containers or a leaf of tabbed panes. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({@JsonSubTypes.Type(value = Branch.class, name = "branch"), @JsonSubTypes.Type(value = Leaf.class, name = "leaf")})
    public sealed interface Container permits Branch, Leaf {
    }

    /** A split: {@code horizontal} lays children side by side. */
    public record Branch(boolean horizontal, List<Double> dividers, List<Container> children) implements Container {
        public Branch {
            dividers = dividers == null ? List.of() : List.copyOf(dividers);
            children = children == null ? List.of() : List.copyOf(children);
        }
    }

    /** Tabbed panes by id, with the one shown. */
    public record Leaf(List<String> panes, Optional<String> selected) implements Container {
        public Leaf {
            panes = panes == null ? List.of() : List.copyOf(panes);
            selected = selected == null ? Optional.empty() : selected;
        }
    }
}
