package org.kibitz.core.tree.deep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.PriorityQueue;
import java.util.Set;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.store.PositionKey;

/**
 * The analysed nodes of a deep analysis, keyed by position (transpositions share a node), with their
 * values minimaxed back to the root, and the choice of the next node to analyse. No engines here:
 * the tree is what the journal replays and what the exports and the workbench read.
 *
 * <p>A node's value is the best, from its side to move's view, of its lines: a line whose position is
 * analysed counts that node's value ({@link DeepValues#up}), any other the engine's score of the line.
 * A move is <em>in the window</em> when its value is at most {@code window} centipawns below the
 * node's; only such moves are expanded, so when a value changes, moves that come into the window are
 * expanded next (the re-check) and moves that fall out of it are not.
 *
 * <p>Thread-safe: every method locks the tree.
 */
public final class DeepTree {

    /** A move of an analysed node, as the tree sees it now. */
    public record Edge(Move move, String childKey, Position child, int value, boolean analysed, boolean inWindow,
                       DeepLine line) {
    }

    /** A position to analyse next: reached by {@code path}, {@code deviation} centipawns off the best line. */
    public record Candidate(String key, List<Move> path, Position position, int deviation) {
        public int ply() {
            return path.size();
        }
    }

    private final Position root;
    private final String rootKey;
    private final int window;
    private final int maxPlies;
    private final Map<String, DeepNode> nodes = new LinkedHashMap<>();
    /** How many times each node was searched again after its first search. */
    private final Map<String, Integer> rechecks = new HashMap<>();
    private Map<String, Integer> values = Map.of();

    /**
     * @param window   centipawns below the best move within which moves are expanded
     * @param maxPlies the longest line, in plies from the root: positions at this ply are not analysed
     */
    public DeepTree(Position root, int window, int maxPlies) {
        if (window < 0 || maxPlies < 1) {
            throw new IllegalArgumentException("window " + window + ", max plies " + maxPlies);
        }
        this.root = root;
        this.rootKey = key(root);
        this.window = window;
        this.maxPlies = maxPlies;
    }

    /** The key of a position: its FEN without move counters. */
    public static String key(Position p) {
        return PositionKey.normalFen(p.fen());
    }

    public Position root() {
        return root;
    }

    public String rootKey() {
        return rootKey;
    }

    public int window() {
        return window;
    }

    public int maxPlies() {
        return maxPlies;
    }

    public synchronized int size() {
        return nodes.size();
    }

    /** The analysed nodes, in the order they were analysed. */
    public synchronized List<DeepNode> nodes() {
        return List.copyOf(nodes.values());
    }

    public synchronized Optional<DeepNode> node(String key) {
        return Optional.ofNullable(nodes.get(key));
    }

    public synchronized boolean contains(String key) {
        return nodes.containsKey(key);
    }

    /** The minimaxed value of an analysed node, from its side to move's view. */
    public synchronized OptionalInt value(String key) {
        Integer v = values.get(key);
        return v == null ? OptionalInt.empty() : OptionalInt.of(v);
    }

    /** The root's minimaxed value; empty before the root is analysed. */
    public OptionalInt rootValue() {
        return value(rootKey);
    }

    /**
     * Adds an analysed node and minimaxes again.
     *
     * @return the keys of the nodes whose values moved by more than the window (re-checks)
     */
    public synchronized List<String> add(DeepNode node) {
        if (nodes.containsKey(node.key())) {
            throw new IllegalStateException("analysed twice: " + node.key());
        }
        nodes.put(node.key(), node);
        return minimaxAgain();
    }

    /**
     * A node searched again (a re-check): its lines become the new search's, it keeps the path it was
     * first reached by, and the tree is minimaxed again. A node not in the tree is added.
     *
     * @return the keys of the nodes whose values moved by more than the window
     */
    public synchronized List<String> addOrReplace(DeepNode node) {
        DeepNode old = nodes.get(node.key());
        if (old == null) {
            return add(node);
        }
        nodes.put(node.key(), new DeepNode(old.key(), old.path(), old.position(), node.engine(), node.depth(), node.lines()));
        rechecks.merge(node.key(), 1, Integer::sum);
        return minimaxAgain();
    }

    /** How many times a node was searched again after its first search. */
    public synchronized int rechecks(String key) {
        return rechecks.getOrDefault(key, 0);
    }

    private List<String> minimaxAgain() {
        Map<String, Integer> before = values;
        values = minimax();
        List<String> moved = new ArrayList<>();
        for (Map.Entry<String, Integer> e : before.entrySet()) {
            Integer now = values.get(e.getKey());
            if (now != null && Math.abs((long) now - e.getValue()) > window) {
                moved.add(e.getKey());
            }
        }
        return moved;
    }

    /** The moves of an analysed node, best first. */
    public synchronized List<Edge> edges(DeepNode node) {
        Integer v = values.get(node.key());
        int nodeValue = v == null ? Integer.MIN_VALUE : v;
        List<Edge> out = new ArrayList<>(node.lines().size());
        for (DeepLine l : node.lines()) {
            Position child = node.position().play(l.move());
            String ck = key(child);
            Integer cv = ck.equals(node.key()) ? null : values.get(ck);
            int value = cv != null ? DeepValues.up(cv) : l.value();
            out.add(new Edge(l.move(), ck, child, value, cv != null, (long) nodeValue - value <= window, l));
        }
        out.sort(Comparator.comparingInt(Edge::value).reversed());
        return out;
    }

    /**
     * The best line: from the root along the best moves while they lead to analysed nodes, then the
     * engine's line there.
     */
    public synchronized List<Move> bestLine() {
        List<Move> line = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        DeepNode n = nodes.get(rootKey);
        while (n != null && seen.add(n.key()) && line.size() < 200) {
            List<Edge> edges = edges(n);
            if (edges.isEmpty()) {
                break;
            }
            Edge best = edges.get(0);
            if (best.analysed()) {
                line.add(best.move());
                n = nodes.get(best.childKey());
            } else {
                line.addAll(best.line().pv().isEmpty() ? List.of(best.move()) : best.line().pv());
                break;
            }
        }
        return line;
    }

    /**
     * The next position to analyse: best first, by how far its line falls below the best line (the sum
     * of the moves' losses, each within the window), shallowest first among equals; positions the game
     * has ended, at the ply limit, in {@code skip}, or reached only through moves outside the window are
     * not candidates. The root first while it is not analysed.
     */
    public synchronized Optional<Candidate> next(Set<String> skip) {
        if (!nodes.containsKey(rootKey)) {
            return skip.contains(rootKey) || root.outcome().isPresent() ? Optional.empty()
                    : Optional.of(new Candidate(rootKey, List.of(), root, 0));
        }
        record Step(int deviation, List<Move> path, String key, Position position, long order) {
        }
        PriorityQueue<Step> queue = new PriorityQueue<>(Comparator.comparingInt(Step::deviation)
                .thenComparingInt(s -> s.path().size()).thenComparingLong(Step::order));
        Set<String> settled = new HashSet<>();
        long[] order = {0};
        queue.add(new Step(0, List.of(), rootKey, root, order[0]++));
        while (!queue.isEmpty()) {
            Step s = queue.poll();
            if (!settled.add(s.key())) {
                continue;
            }
            DeepNode n = nodes.get(s.key());
            if (n == null) {
                return Optional.of(new Candidate(s.key(), s.path(), s.position(), s.deviation()));
            }
            int ply = s.path().size();
            if (ply + 1 >= maxPlies) {
                continue;
            }
            int nodeValue = values.get(n.key());
            for (Edge e : edges(n)) {
                if (!e.inWindow() || settled.contains(e.childKey()) || e.child().outcome().isPresent()
                        || (!e.analysed() && skip.contains(e.childKey()))) {
                    continue;
                }
                List<Move> path = new ArrayList<>(ply + 1);
                path.addAll(s.path());
                path.add(e.move());
                queue.add(new Step(s.deviation() + Math.max(0, nodeValue - e.value()), path, e.childKey(), e.child(), order[0]++));
            }
        }
        return Optional.empty();
    }

    /** Values by key, computed from the root; a move back into a position on the way counts as its line. */
    private Map<String, Integer> minimax() {
        Map<String, Integer> memo = new HashMap<>();
        if (nodes.containsKey(rootKey)) {
            eval(nodes.get(rootKey), memo, new HashSet<>());
        }
        // Nodes the root no longer reaches (it cannot happen in a tree grown from the root) keep a value.
        for (DeepNode n : nodes.values()) {
            if (!memo.containsKey(n.key())) {
                eval(n, memo, new HashSet<>());
            }
        }
        return memo;
    }

    private int eval(DeepNode n, Map<String, Integer> memo, Set<String> stack) {
        Integer known = memo.get(n.key());
        if (known != null) {
            return known;
        }
        stack.add(n.key());
        int best = Integer.MIN_VALUE;
        for (DeepLine l : n.lines()) {
            String ck = key(n.position().play(l.move()));
            DeepNode child = nodes.get(ck);
            int v = child != null && !stack.contains(ck) ? DeepValues.up(eval(child, memo, stack)) : l.value();
            best = Math.max(best, v);
        }
        stack.remove(n.key());
        if (best == Integer.MIN_VALUE) {
            best = 0; // no lines: nothing known
        }
        memo.put(n.key(), best);
        return best;
    }
}
