package org.kibitz.workbench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.layout.Region;
import software.coley.bentofx.Bento;
import software.coley.bentofx.dockable.Dockable;
import software.coley.bentofx.layout.DockContainer;
import software.coley.bentofx.layout.container.DockContainerBranch;
import software.coley.bentofx.layout.container.DockContainerLeaf;
import software.coley.bentofx.layout.container.DockContainerRootBranch;

/**
 * The one owner of docking. Panes come from {@link PaneProvider}s by id; this class builds the
 * default layout, restores a saved one, takes snapshots to save, and reopens closed panes.
 */
public final class DockingManager {

    private final Bento bento = new Bento();
    private final I18n i18n;
    private final Map<String, PaneProvider> providers = new LinkedHashMap<>();
    private final Map<String, Dockable> dockables = new LinkedHashMap<>();
    private DockContainerRootBranch root;

    public DockingManager(Collection<PaneProvider> panes, I18n i18n) {
        this.i18n = i18n;
        panes.stream()
                .sorted(Comparator.comparing(PaneProvider::defaultRegion).thenComparingInt(PaneProvider::order).thenComparing(PaneProvider::id))
                .forEach(p -> {
                    if (providers.putIfAbsent(p.id(), p) != null) {
                        throw new IllegalStateException("two panes with the id " + p.id());
                    }
                });
    }

    /** The docking controller, for drag-and-drop and lookups by id. */
    public Bento bento() {
        return bento;
    }

    /** The docking root, to put in the window. */
    public Region root() {
        if (root == null) {
            buildDefault();
        }
        return root;
    }

    /** The ids of every pane the workbench has, in default-layout order. */
    public List<String> paneIds() {
        return List.copyOf(providers.keySet());
    }

    public Optional<PaneProvider> provider(String id) {
        return Optional.ofNullable(providers.get(id));
    }

    /** Whether a pane is docked in the main window now. */
    public boolean isOpen(String id) {
        Dockable d = dockables.get(id);
        return d != null && d.getContainer() != null && isUnder(d.getContainer(), root);
    }

    /** The content node of a pane that has been created. */
    public Optional<Node> content(String id) {
        return Optional.ofNullable(dockables.get(id)).map(Dockable::getNode);
    }

    /** Shows a pane: selects it where it is, or docks it again in its default region. */
    public void open(String id) {
        PaneProvider p = providers.get(id);
        if (p == null) {
            return;
        }
        Dockable d = dockable(p);
        if (d.getContainer() != null) {
            d.getContainer().selectDockable(d);
            return;
        }
        DockContainerLeaf leaf = leafForRegion(p.defaultRegion());
        leaf.addDockable(d);
        leaf.selectDockable(d);
    }

    /** Replaces the layout with the default one. */
    public void buildDefault() {
        DockContainerRootBranch r = newRoot();
        Map<DockRegion, List<PaneProvider>> byRegion = new EnumMap<>(DockRegion.class);
        providers.values().forEach(p -> byRegion.computeIfAbsent(p.defaultRegion(), k -> new ArrayList<>()).add(p));
        DockContainer left = leafOf(byRegion.get(DockRegion.LEFT));
        DockContainer center = leafOf(byRegion.get(DockRegion.CENTER));
        DockContainer right = leafOf(byRegion.get(DockRegion.RIGHT));
        DockContainer rightBottom = leafOf(byRegion.get(DockRegion.RIGHT_BOTTOM));
        DockContainer bottom = leafOf(byRegion.get(DockRegion.BOTTOM));
        if (rightBottom != null) {
            if (right == null) {
                right = rightBottom;
            } else {
                DockContainerBranch column = bento.dockBuilding().branch();
                column.setOrientation(Orientation.VERTICAL);
                column.addContainers(right, rightBottom);
                // The curve gets room enough to read (it was a 310 x 230 box at 1600 x 1000). The column
                // is as high as the board (the bottom dock spans the window under it): the curve takes
                // more than half of it, or its value axis crowds at 1280 x 800.
                setDividers(column, new double[] {0.45});
                right = column;
            }
        }

        // The board's row: the panes left, the board, the moves and curve right.
        List<DockContainer> row = new ArrayList<>();
        List<Double> dividers = new ArrayList<>();
        if (left != null) {
            row.add(left);
            dividers.add(0.2);
        }
        if (center != null) {
            row.add(center);
        }
        if (right != null) {
            row.add(right);
            // The middle column about as wide as the board in it is high; the right column takes the rest.
            dividers.add(0.6);
        }
        double[] rowDividers = dividers.stream().limit(Math.max(0, row.size() - 1L)).mapToDouble(Double::doubleValue).toArray();
        if (bottom == null || row.isEmpty()) {
            r.setOrientation(Orientation.HORIZONTAL);
            row.forEach(r::addContainer);
            if (bottom != null) {
                r.addContainer(bottom);
            }
            if (row.size() > 1) {
                setDividers(r, rowDividers);
            }
        } else {
            // The bottom dock spans the window's width: its tabs (engine lines, log, jobs, games, tree,
            // report, disagreements, match, deep analysis) all fit at 1280 px. Under the board alone it
            // was 770 px wide, and Bento scrolled the first tabs out of its strip.
            DockContainer top = row.get(0);
            if (row.size() > 1) {
                DockContainerBranch boardRow = bento.dockBuilding().branch();
                boardRow.setOrientation(Orientation.HORIZONTAL);
                row.forEach(boardRow::addContainer);
                setDividers(boardRow, rowDividers);
                top = boardRow;
            }
            r.setOrientation(Orientation.VERTICAL);
            r.addContainer(top);
            r.addContainer(bottom);
            // The board takes most of the height: a board is as wide as it is high, so height is what it needs.
            // At 1280 x 800, 0.74 left the bottom panes three rows of a table; 0.68 leaves five.
            setDividers(r, new double[] {0.68});
        }
        install(r);
    }

    /**
     * Rebuilds the layout from a saved one. Panes it does not name go to their default region;
     * names it has that no pane has any more are dropped.
     *
     * @return false when the saved layout holds no pane the workbench has (the default is built instead)
     */
    public boolean restore(LayoutFile.Container saved) {
        dockables.values().forEach(d -> {
            if (d.getContainer() != null) {
                d.getContainer().removeDockable(d);
            }
        });
        DockContainer built = build(saved);
        if (built == null && !providers.isEmpty()) {
            buildDefault();
            return false;
        }
        DockContainerRootBranch r = newRoot();
        if (built instanceof DockContainerBranch b) {
            r.setOrientation(b.getOrientation());
            double[] div = b.getDividerPositions();
            for (DockContainer c : List.copyOf(b.getChildContainers())) {
                b.removeContainer(c);
                r.addContainer(c);
            }
            setDividers(r, div);
        } else if (built != null) {
            r.addContainer(built);
        }
        install(r);
        for (String id : providers.keySet()) {
            if (!isOpen(id)) {
                // Behind the tabs the layout put in front: a pane it does not name is at hand, not in the way.
                PaneProvider p = providers.get(id);
                DockContainerLeaf leaf = fewestTabs(p.defaultRegion()).orElseGet(() -> leafForRegion(p.defaultRegion()));
                Dockable shown = leaf.getSelectedDockable();
                leaf.addDockable(dockable(p));
                if (shown != null) {
                    leaf.selectDockable(shown);
                } else {
                    leaf.selectDockable(dockable(p));
                }
            }
        }
        return true;
    }

    /** The layout as it is now, to save. */
    public LayoutFile.Container snapshot() {
        return snapshot(root == null ? newRoot() : root);
    }

    private LayoutFile.Container snapshot(DockContainer c) {
        if (c instanceof DockContainerLeaf leaf) {
            List<String> ids = leaf.getDockables().stream().map(Dockable::getIdentifier).filter(providers::containsKey).toList();
            Optional<String> selected = Optional.ofNullable(leaf.getSelectedDockable()).map(Dockable::getIdentifier);
            return new LayoutFile.Leaf(ids, selected);
        }
        DockContainerBranch b = (DockContainerBranch) c;
        List<Double> dividers = new ArrayList<>();
        for (double d : b.getDividerPositions()) {
            dividers.add(Math.round(d * 10_000) / 10_000.0);
        }
        List<LayoutFile.Container> children = b.getChildContainers().stream().map(this::snapshot).toList();
        return new LayoutFile.Branch(b.getOrientation() == Orientation.HORIZONTAL, dividers, children);
    }

    private DockContainer build(LayoutFile.Container c) {
        if (c instanceof LayoutFile.Leaf l) {
            List<Dockable> ds = new ArrayList<>();
            for (String id : l.panes()) {
                PaneProvider p = providers.get(id);
                if (p != null) {
                    Dockable d = dockable(p);
                    if (d.getContainer() == null && !ds.contains(d)) {
                        ds.add(d);
                    }
                }
            }
            if (ds.isEmpty()) {
                return null;
            }
            DockContainerLeaf leaf = bento.dockBuilding().leaf();
            ds.forEach(leaf::addDockable);
            l.selected().map(dockables::get).filter(ds::contains).ifPresent(leaf::selectDockable);
            return leaf;
        }
        LayoutFile.Branch b = (LayoutFile.Branch) c;
        List<DockContainer> kids = new ArrayList<>();
        List<Double> keptDividers = new ArrayList<>();
        for (int i = 0; i < b.children().size(); i++) {
            DockContainer k = build(b.children().get(i));
            if (k != null) {
                kids.add(k);
                if (i < b.dividers().size()) {
                    keptDividers.add(b.dividers().get(i));
                }
            }
        }
        if (kids.isEmpty()) {
            return null;
        }
        if (kids.size() == 1) {
            return kids.get(0);
        }
        DockContainerBranch branch = bento.dockBuilding().branch();
        branch.setOrientation(b.horizontal() ? Orientation.HORIZONTAL : Orientation.VERTICAL);
        kids.forEach(branch::addContainer);
        if (keptDividers.size() >= kids.size() - 1) {
            setDividers(branch, keptDividers.stream().limit(kids.size() - 1L)
                    .mapToDouble(d -> Math.max(0.02, Math.min(0.98, d))).toArray());
        }
        return branch;
    }

    /**
     * Sets a split's dividers once it has its real size. A SplitPane moves dividers set before its
     * first layout (nested splits especially), so a restored layout would drift; setting them again
     * after the first layout pass keeps what the user left.
     */
    private static void setDividers(javafx.scene.control.SplitPane split, double[] positions) {
        split.setDividerPositions(positions);
        if (split.getWidth() > 0 && split.getHeight() > 0) {
            return;
        }
        javafx.beans.InvalidationListener[] once = new javafx.beans.InvalidationListener[1];
        once[0] = obs -> {
            if (split.getWidth() > 0 && split.getHeight() > 0) {
                split.widthProperty().removeListener(once[0]);
                split.heightProperty().removeListener(once[0]);
                javafx.application.Platform.runLater(() -> split.setDividerPositions(positions));
            }
        };
        split.widthProperty().addListener(once[0]);
        split.heightProperty().addListener(once[0]);
    }

    private DockContainer leafOf(List<PaneProvider> panes) {
        if (panes == null || panes.isEmpty()) {
            return null;
        }
        DockContainerLeaf leaf = bento.dockBuilding().leaf();
        panes.forEach(p -> leaf.addDockable(dockable(p)));
        leaf.selectDockable(dockable(panes.get(0)));
        return leaf;
    }

    /**
     * Of the leaves holding a pane of {@code region}, the one with the fewest tabs (the first such in
     * the panes' order on a tie): the panes a task layout does not name are shared out among them, so
     * that no strip gets more tabs than its width shows (a 510 px strip of six tabs hid the last one).
     */
    private Optional<DockContainerLeaf> fewestTabs(DockRegion region) {
        DockContainerLeaf best = null;
        for (PaneProvider p : providers.values()) {
            Dockable d = dockables.get(p.id());
            if (p.defaultRegion() == region && d != null && d.getContainer() != null && isUnder(d.getContainer(), root)) {
                DockContainerLeaf leaf = d.getContainer();
                if (best == null || leaf.getDockables().size() < best.getDockables().size()) {
                    best = leaf;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /** The leaf holding another pane of the region, else the first leaf, else a new one at the root. */
    private DockContainerLeaf leafForRegion(DockRegion region) {
        root();
        DockContainerLeaf first = null;
        for (PaneProvider p : providers.values()) {
            Dockable d = dockables.get(p.id());
            if (d != null && d.getContainer() != null && isUnder(d.getContainer(), root)) {
                if (p.defaultRegion() == region) {
                    return d.getContainer();
                }
                if (first == null) {
                    first = d.getContainer();
                }
            }
        }
        if (region == DockRegion.CENTER || first == null) {
            DockContainerLeaf leaf = bento.dockBuilding().leaf();
            // A column of the board's row: the root itself, or its first part when the bottom dock
            // spans the window under that row.
            DockContainerBranch boardRow = root;
            if (root.getOrientation() == Orientation.VERTICAL && !root.getChildContainers().isEmpty()
                    && root.getChildContainers().get(0) instanceof DockContainerBranch b && b.getOrientation() == Orientation.HORIZONTAL) {
                boardRow = b;
            }
            if (region == DockRegion.LEFT) {
                boardRow.addContainer(0, leaf);
            } else {
                boardRow.addContainer(leaf);
            }
            return leaf;
        }
        return first;
    }

    private Dockable dockable(PaneProvider p) {
        return dockables.computeIfAbsent(p.id(), id -> {
            Dockable d = bento.dockBuilding().dockable(id);
            d.titleProperty().bind(i18n.text(p.titleKey()));
            d.setNode(p.create());
            d.setClosable(true);
            return d;
        });
    }

    private DockContainerRootBranch newRoot() {
        DockContainerRootBranch r = bento.dockBuilding().root("kibitz-root");
        r.setPruneWhenEmpty(false);
        return r;
    }

    private void install(DockContainerRootBranch r) {
        if (root != null) {
            bento.unregisterRoot(root);
        }
        root = r;
        bento.registerRoot(r);
        rootListeners.forEach(l -> l.accept(r));
    }

    private final List<java.util.function.Consumer<Region>> rootListeners = new ArrayList<>();

    /** Called with the new root whenever the layout is rebuilt (reset, restore). */
    public void onRootChanged(java.util.function.Consumer<Region> listener) {
        rootListeners.add(listener);
    }

    private static boolean isUnder(DockContainer c, DockContainer top) {
        for (DockContainer x = c; x != null; x = x.getParentContainer()) {
            if (x == top) {
                return true;
            }
        }
        return false;
    }
}
