package org.kibitz.chess.board;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoardPerftTest {

    @Test
    void sharedEpd() throws IOException {
        List<String> lines = Files.readAllLines(Path.of(System.getProperty("kibitz.shared"), "data/chess/perft.epd"));
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.split(";");
            Board b = Board.fromFen(parts[0].trim());
            for (int i = 1; i < parts.length; i++) {
                String[] dn = parts[i].trim().split(" ");
                int depth = Integer.parseInt(dn[0].substring(1));
                assertEquals(Long.parseLong(dn[1]), b.perft(depth), parts[0] + " depth " + depth);
            }
        }
    }
}
