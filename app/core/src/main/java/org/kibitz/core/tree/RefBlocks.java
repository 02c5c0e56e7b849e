package org.kibitz.core.tree;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The opening tree's references from positions to the games that reached them, kept as sorted runs
 * cut into compressed blocks (schema 3, decision 0037): a run is one import batch's (position, game)
 * pairs in key order (position hash as SQLite orders integers, signed; then game id), each pair once;
 * every {@value #BLOCK} pairs make one row of {@code ref_blocks(run, last_hash, seq, first_hash, data)}.
 * A block's bytes hold its pairs delta-coded as variable-length numbers: the first position hash in 8
 * bytes, then per pair the distance from the previous hash (0 for the same position) and the game id
 * (after the previous one's when the position is the same, whole otherwise).
 *
 * <p>The pairs of a position are found in each run by one index seek to the first block whose last hash
 * is not below it, reading blocks on while their first hash is not above it. A row per pair (schema 2)
 * cost SQLite about half a microsecond each, most of an import's writing; a block of {@value #BLOCK}
 * costs about as much as one row.
 */
final class RefBlocks {

    /** Pairs per block. */
    static final int BLOCK = 256;

    private RefBlocks() {
    }

    /** Creates the tables of schema 3's references. */
    static void create(Statement st) throws SQLException {
        st.execute("""
                CREATE TABLE ref_blocks(run INTEGER NOT NULL, last_hash INTEGER NOT NULL, seq INTEGER NOT NULL,
                                        first_hash INTEGER NOT NULL, data BLOB NOT NULL,
                                        PRIMARY KEY(run, last_hash, seq)) WITHOUT ROWID""");
        st.execute("CREATE TABLE ref_runs(run INTEGER PRIMARY KEY, pairs INTEGER NOT NULL)");
    }

    /**
     * Writes pairs {@code [0, n)}, sorted by hash (signed) and then game, as run {@code run}; equal pairs
     * are written once. Adds the run to {@code ref_runs}. Nothing is written for no pairs.
     *
     * @return the pairs written
     */
    static long write(Connection db, long run, long[] hashes, long[] games, int n) throws SQLException {
        if (n == 0) {
            return 0;
        }
        long written = 0;
        try (PreparedStatement ps = db.prepareStatement(
                "INSERT INTO ref_blocks(run, last_hash, seq, first_hash, data) VALUES (?, ?, ?, ?, ?)")) {
            Encoder enc = new Encoder();
            int seq = 0;
            long prevHash = 0;
            long prevGame = 0;
            boolean any = false;
            for (int i = 0; i < n; i++) {
                long h = hashes[i];
                long g = games[i];
                if (any && h == prevHash && g == prevGame) {
                    continue;
                }
                if (any && (Long.compare(h, prevHash) < 0 || h == prevHash && g < prevGame)) {
                    throw new IllegalArgumentException("references not sorted at " + i);
                }
                any = true;
                prevHash = h;
                prevGame = g;
                enc.add(h, g);
                written++;
                if (enc.count == BLOCK) {
                    enc.flush(ps, run, seq++);
                }
            }
            if (enc.count > 0) {
                enc.flush(ps, run, seq);
            }
        }
        try (PreparedStatement ps = db.prepareStatement("INSERT INTO ref_runs(run, pairs) VALUES (?, ?)")) {
            ps.setLong(1, run);
            ps.setLong(2, written);
            ps.executeUpdate();
        }
        return written;
    }

    /** Builds one block's bytes (in a plain array: a stream's synchronized writes cost a tenth of the writing). */
    private static final class Encoder {
        byte[] out = new byte[BLOCK * 20];
        int size;
        int count;
        long first;
        long last;
        long prevGame;

        void add(long h, long g) {
            if (out.length - size < 20) {
                out = Arrays.copyOf(out, out.length * 2);
            }
            if (count == 0) {
                first = h;
                for (int s = 56; s >= 0; s -= 8) {
                    out[size++] = (byte) (h >>> s);
                }
                varint(g);
            } else if (h == last) {
                out[size++] = 0;
                varint(g - prevGame);
            } else {
                varint(h - last);
                varint(g);
            }
            last = h;
            prevGame = g;
            count++;
        }

        private void varint(long v) {
            while ((v & ~0x7FL) != 0) {
                out[size++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            out[size++] = (byte) v;
        }

        void flush(PreparedStatement ps, long run, int seq) throws SQLException {
            ps.setLong(1, run);
            ps.setLong(2, last);
            ps.setInt(3, seq);
            ps.setLong(4, first);
            ps.setBytes(5, Arrays.copyOf(out, size));
            ps.executeUpdate();
            size = 0;
            count = 0;
        }
    }

    /** Hears a block's pairs. */
    interface PairSink {
        /** A pair; returns false to stop reading the block. */
        boolean pair(long hash, long game);
    }

    /** Reads a block's pairs in order, until {@code sink} says stop. */
    static void decode(byte[] data, PairSink sink) {
        int[] at = {0};
        long h = 0;
        for (int i = 0; i < 8; i++) {
            h = h << 8 | (data[i] & 0xFF);
        }
        at[0] = 8;
        long g = varint(data, at);
        if (!sink.pair(h, g)) {
            return;
        }
        while (at[0] < data.length) {
            long dh = varint(data, at);
            if (dh == 0) {
                g += varint(data, at);
            } else {
                h += dh;
                g = varint(data, at);
            }
            if (!sink.pair(h, g)) {
                return;
            }
        }
    }

    private static long varint(byte[] data, int[] at) {
        long v = 0;
        int shift = 0;
        int i = at[0];
        while (true) {
            byte b = data[i++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                break;
            }
            shift += 7;
        }
        at[0] = i;
        return v;
    }

    /** The statement {@link #gamesOf} reads a run's blocks of a position with. */
    static final String BLOCKS_OF_POSITION =
            "SELECT first_hash, data FROM ref_blocks WHERE run = ? AND last_hash >= ? ORDER BY last_hash, seq";

    /** The runs, in order. */
    static long[] runs(Connection db) throws SQLException {
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT run FROM ref_runs ORDER BY run")) {
            long[] out = new long[8];
            int n = 0;
            while (rs.next()) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = rs.getLong(1);
            }
            return Arrays.copyOf(out, n);
        }
    }

    /**
     * The games that reached the position of {@code hash}, ascending, each once; {@code blocks} is a
     * statement of {@link #BLOCKS_OF_POSITION} on the tree's connection.
     */
    static long[] gamesOf(Connection db, PreparedStatement blocks, long hash) throws SQLException {
        long[][] out = {new long[16]};
        int[] n = {0};
        for (long run : runs(db)) {
            blocks.setLong(1, run);
            blocks.setLong(2, hash);
            try (ResultSet rs = blocks.executeQuery()) {
                while (rs.next()) {
                    if (rs.getLong(1) > hash) {
                        break;
                    }
                    decode(rs.getBytes(2), (h, g) -> {
                        if (h == hash) {
                            if (n[0] == out[0].length) {
                                out[0] = Arrays.copyOf(out[0], n[0] * 2);
                            }
                            out[0][n[0]++] = g;
                        }
                        return h <= hash;
                    });
                }
            }
        }
        long[] games = Arrays.copyOf(out[0], n[0]);
        Arrays.sort(games);
        int k = 0;
        for (int i = 0; i < games.length; i++) {
            if (k == 0 || games[i] != games[k - 1]) {
                games[k++] = games[i];
            }
        }
        return k == games.length ? games : Arrays.copyOf(games, k);
    }

    /** Every pair of the given runs, in (hash, game) order, each once: {@code [hashes, games]}. */
    static long[][] pairsOf(Connection db, List<Long> runs) throws SQLException {
        long[][] buf = {new long[1 << 12], new long[1 << 12]};
        int[] n = {0};
        try (PreparedStatement ps = db.prepareStatement("SELECT data FROM ref_blocks WHERE run = ? ORDER BY last_hash, seq")) {
            for (long run : runs) {
                ps.setLong(1, run);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        decode(rs.getBytes(1), (h, g) -> {
                            if (n[0] == buf[0].length) {
                                buf[0] = Arrays.copyOf(buf[0], n[0] * 2);
                                buf[1] = Arrays.copyOf(buf[1], n[0] * 2);
                            }
                            buf[0][n[0]] = h;
                            buf[1][n[0]] = g;
                            n[0]++;
                            return true;
                        });
                    }
                }
            }
        }
        long[] hashes = Arrays.copyOf(buf[0], n[0]);
        long[] games = Arrays.copyOf(buf[1], n[0]);
        // By game, then (stably) by hash: (hash, game) order.
        PairSort.sort(games, hashes, n[0]);
        PairSort.sort(hashes, games, n[0]);
        return new long[][]{hashes, games};
    }

    /** The runs and their pair counts, in run order: {@code [run, pairs]} each. */
    static List<long[]> runSizes(Connection db) throws SQLException {
        List<long[]> out = new ArrayList<>();
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT run, pairs FROM ref_runs ORDER BY run")) {
            while (rs.next()) {
                out.add(new long[]{rs.getLong(1), rs.getLong(2)});
            }
        }
        return out;
    }
}
