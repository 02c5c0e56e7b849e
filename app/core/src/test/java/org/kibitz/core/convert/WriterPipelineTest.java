package org.kibitz.core.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.tree.GameTree;
import org.kibitz.xiangqi.XiangqiPlugin;

/** The writer thread gets every game, in order, batches or not, and its failures reach the caller. */
class WriterPipelineTest {

    private static final XiangqiPlugin XIANGQI = new XiangqiPlugin();

    /** A writer that hands each game to {@code sink}. */
    private static GameWriter writer(IoConsumer sink) {
        return new GameWriter() {
            @Override
            public void write(GameTree game) throws IOException {
                sink.accept(game);
            }

            @Override
            public void close() {
            }
        };
    }

    private interface IoConsumer {
        void accept(GameTree game) throws IOException;
    }

    private static List<GameTree> games(int n) {
        List<GameTree> games = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            GameTree g = new GameTree(XIANGQI.startPosition());
            g.tags().put("Round", Integer.toString(i));
            games.add(g);
        }
        return games;
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void everyGameIsWrittenInOrderEvenWhenTheLastBatchIsNotFull() throws IOException {
        // 4 batches of 4 fill the queue; 2 more games stay in the batch being filled until close.
        int n = WriterPipeline.BATCH * (WriterPipeline.BATCHES + 1) + 2;
        List<GameTree> in = games(n);
        List<GameTree> written = Collections.synchronizedList(new ArrayList<>());
        List<GameTree> counted = Collections.synchronizedList(new ArrayList<>());
        try (WriterPipeline pipeline = new WriterPipeline(writer(written::add), counted::add)) {
            for (GameTree g : in) {
                pipeline.put(g);
            }
        }
        assertEquals(in, written);
        assertEquals(in, counted);
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void aWriterFailureReachesTheCallerAndNeverBlocksIt() {
        List<GameTree> written = Collections.synchronizedList(new ArrayList<>());
        GameWriter failing = writer(g -> {
            if (written.size() == 5) {
                throw new IOException("disk full");
            }
            written.add(g);
        });
        IOException e = assertThrows(IOException.class, () -> {
            try (WriterPipeline pipeline = new WriterPipeline(failing, g -> { })) {
                for (GameTree g : games(200)) { // far more than the queue holds
                    pipeline.put(g);
                }
            }
        });
        assertTrue(e.getMessage().contains("disk full"), e.getMessage());
        assertEquals(5, written.size());
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void aFailureOnTheLastGamesIsThrownByClose() throws IOException {
        WriterPipeline pipeline = new WriterPipeline(writer(g -> {
            throw new IOException("no space left");
        }), g -> { });
        for (GameTree g : games(WriterPipeline.BATCH - 1)) { // never a full batch: written only at close
            pipeline.put(g);
        }
        IOException e = assertThrows(IOException.class, pipeline::close);
        assertTrue(e.getMessage().contains("no space left"), e.getMessage());
    }
}
