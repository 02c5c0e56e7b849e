package org.kibitz.core.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.TestGames;

class PuzzleFilesTest {

    @TempDir
    Path dir;

    private final PuzzleFiles files = new PuzzleFiles(TestGames.files());

    // Scholar's mate missed: after 1.e4 e5 2.Bc4 Nc6 3.Qh5, Black's 3...Nf6?? allows Qxf7#.
    static final Puzzle CHESS = Puzzle.of("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
            List.of("g8f6", "h5f7"), 1200, 100, List.of("mateIn1", "opening", "short"), "games.pgn:3",
            List.of("Kings_Pawn_Game"), "chess", "");
    // Xiangqi: the red chariot takes an undefended horse after black's blunder (a line of the start position).
    static final Puzzle XIANGQI = Puzzle.of("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            List.of("h2e2", "h9g7", "h0g2"), 1500, 120, List.of("advantage", "opening"), "file:x.pgn:1", List.of(),
            "xiangqi", "");

    @Test
    void csvKeepsLichessLayoutAndReadsBack() throws Exception {
        Path csv = dir.resolve("p.csv");
        files.write(csv, List.of(CHESS, XIANGQI));
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertEquals("PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags", lines.get(0));
        assertEquals(CHESS.id() + ",r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3,g8f6 h5f7,1200,100,0,0,"
                + "mateIn1 opening short,games.pgn:3,Kings_Pawn_Game", lines.get(1));
        assertEquals(List.of(CHESS, XIANGQI), files.read(csv));
    }

    @Test
    void pgnAndEpdReadBackToTheSamePuzzles() throws Exception {
        for (String name : List.of("p.pgn", "p.epd")) {
            Path f = dir.resolve(name);
            files.write(f, List.of(CHESS, XIANGQI));
            assertEquals(List.of(CHESS, XIANGQI), files.read(f), name + ":\n" + Files.readString(f));
        }
        String epd = Files.readString(dir.resolve("p.epd"));
        assertTrue(epd.startsWith("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#;"), epd);
    }

    @Test
    void anIllegalMoveIsAnErrorNamingThePuzzle() throws Exception {
        Path csv = dir.resolve("bad.csv");
        Files.writeString(csv, PuzzleFiles.CSV_HEADER + "\n" + PuzzleFiles.csvRow(CHESS).replace("h5f7", "h5f8") + "\n");
        PuzzleFileException e = assertThrows(PuzzleFileException.class, () -> files.read(csv));
        assertTrue(e.getMessage().contains("h5f8"), e.getMessage());
    }

    @Test
    void theIdIsDeterministicAndDependsOnTheLine() {
        assertEquals(Puzzle.idFor(CHESS.fen(), CHESS.moves()), CHESS.id());
        assertEquals(8, CHESS.id().length());
        assertTrue(!CHESS.id().equals(Puzzle.idFor(CHESS.fen(), List.of("g8f6", "h5f7", "e8f7"))));
        assertEquals("xiangqi", Puzzle.gameOfFen(XIANGQI.fen()));
        assertEquals("chess", Puzzle.gameOfFen(CHESS.fen()));
    }
}
