package org.kibitz.protocols.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.kibitz.api.analysis.Score;
import org.kibitz.protocols.session.InfoLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Raw info lines and what they must read as (a table, as cutechess tests its parsers). */
class InfoParserTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            info depth 20 seldepth 28 multipv 1 score cp 35 nodes 1 nps 2 hashfull 3 tbhits 4 time 5 pv e2e4 e7e5 | UCI  | 20 | 28 | 1  | cp 35    | 2
            info depth 9 score cp -12 upperbound pv d2d4                                                      | UCI  | 9  | -1 | -1 | cp -12 < | 1
            info depth 9 score cp 12 lowerbound pv d2d4                                                       | UCI  | 9  | -1 | -1 | cp 12 >  | 1
            info depth 30 score mate -3 pv h7h8q                                                              | UCI  | 30 | -1 | -1 | mate -3  | 1
            info depth 5 score 35 pv h0g2                                                                     | UCCI | 5  | -1 | -1 | cp 35    | 1
            info depth 5 score 35 pv h0g2                                                                     | UCI  | 5  | -1 | -1 | none     | 1
            info depth 6 score -9997 pv g7e6                                                                  | UCCI | 6  | -1 | -1 | mate -2  | 1
            info depth 6 score 9800 pv g7e6                                                                   | UCCI | 6  | -1 | -1 | cp 9800  | 1
            info depth 6 score mate 4 pv g7e6                                                                 | UCCI | 6  | -1 | -1 | mate 4   | 1
            info depth 12 currmove e2e4 currmovenumber 1                                                      | UCI  | 12 | -1 | -1 | none     | 0
            info   depth  3   score  cp  1   pv   a2a3                                                        | UCI  | 3  | -1 | -1 | cp 1     | 1
            info depth 1 cpuload 500 ebf 2.1 movesleft 40 score cp 7 pv a2a3                                  | UCI  | 1  | -1 | -1 | cp 7     | 1
            info depth x score cp y pv                                                                        | UCI  | -  | -1 | -1 | none     | 0
            info depth 4 pv e2e4 e7e5 multipv 2                                                               | UCI  | 4  | -1 | 2  | none     | 2
            """)
    void readsWhatEnginesWrite(String line, String dialect, String depth, int seldepth, int multipv, String score, int pv) {
        InfoParser p = new InfoParser(dialect.equals("UCCI") ? InfoParser.BareScore.UCCI : InfoParser.BareScore.NONE);
        InfoLine out = new InfoLine();
        p.parse(line, out);
        assertEquals(depth.equals("-") ? InfoLine.ABSENT_DEPTH : Integer.parseInt(depth), out.depth);
        assertEquals(seldepth, out.seldepth);
        assertEquals(multipv, out.multipv);
        assertEquals(score, describe(out.score));
        assertEquals(pv, out.pv.size());
    }

    private static String describe(Score s) {
        if (s == null) {
            return "none";
        }
        String b = switch (s.bound()) {
            case LOWER -> " >";
            case UPPER -> " <";
            case EXACT -> "";
        };
        return switch (s) {
            case Score.Centipawns c -> "cp " + c.cp() + b;
            case Score.Mate m -> "mate " + m.moves() + b;
        };
    }

    @Test
    void fieldsAndText() {
        InfoParser p = new InfoParser(InfoParser.BareScore.NONE);
        InfoLine out = new InfoLine();
        p.parse("info depth 20 seldepth 28 multipv 1 score cp 35 wdl 300 600 100 nodes 123456789012 nps 1500000 "
                + "hashfull 512 tbhits 7 time 81234 pv e2e4 e7e5 g1f3", out);
        assertEquals(123456789012L, out.nodes);
        assertEquals(1500000, out.nps);
        assertEquals(512, out.hashfull);
        assertEquals(7, out.tbhits);
        assertEquals(81234, out.timeMs);
        assertEquals(List.of(300, 600, 100), List.of(out.wdlWin, out.wdlDraw, out.wdlLoss));
        assertEquals(List.of("e2e4", "e7e5", "g1f3"), out.pv);
        p.parse("info string NNUE evaluation using nn-ad9b42354671.nnue enabled", out);
        assertEquals("NNUE evaluation using nn-ad9b42354671.nnue enabled", out.text);
        assertFalse(out.hasSearchData());
        p.parse("info message 开局库命中", out);
        assertEquals("开局库命中", out.text);
        assertFalse(p.parse("information", out));
        assertFalse(p.parse("bestmove e2e4", out));
        p.parse("info depth 3 currmove e2e4 currmovenumber 1", out);
        assertEquals("e2e4", out.currmove);
        assertEquals(1, out.currmoveNumber);
        assertNull(out.score);
    }
}
