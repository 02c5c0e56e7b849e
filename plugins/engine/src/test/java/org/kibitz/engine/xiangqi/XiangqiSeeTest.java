package org.kibitz.engine.xiangqi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.xiangqi.XiangqiFen;
import org.kibitz.xiangqi.board.Board;

/** Exchanges worked out by hand, with the values of {@link XiangqiSee#VALUE} (soldier 100 ... chariot 900). */
class XiangqiSeeTest {

    @ParameterizedTest(name = "{3}")
    @CsvSource(delimiter = '|', textBlock = """
            3ak4/4a4/b8/9/2n1R3c/9/9/9/4A4/3AK4 w - - 0 1   | e5i5 | 450  | a chariot takes a cannon no one defends
            3ak4/4a4/b8/9/2n1R3c/9/9/9/4A4/3AK4 w - - 0 1   | e5c5 | -500 | a chariot takes a horse the elephant defends
            4k4/9/9/9/9/4p4/4P4/9/9/3K5 w - - 0 1           | e3e4 | 100  | a soldier takes a soldier
            4k4/9/9/9/9/3pp4/4P4/9/9/3K5 w - - 0 1          | e3e4 | 0    | a soldier takes a crossed soldier, retaken sideways
            4k4/9/9/9/4r4/4P4/9/9/9/3K5 w - - 0 1           | e4e5 | 900  | a soldier takes a chariot
            4k4/9/4r4/9/4n4/9/9/4C4/9/3K5 w - - 0 1         | e2e7 | 900  | a cannon takes over its screen
            4k4/9/9/9/4r4/9/9/4R4/9/4K4 w - - 0 1           | e2e5 | 900  | the general behind does not defend
            3k5/4r4/9/4r4/9/9/4R4/4R4/9/4K4 w - - 0 1       | e3e6 | 900  | two chariots against two: the x-ray counts
            3k5/4r4/9/4r4/9/9/4R4/9/9/4K4 w - - 0 1         | e3e6 | 0    | one chariot against two
            4k4/9/9/9/9/9/9/4r4/9/2B1K4 w - - 0 1           | c0e2 | 900  | an elephant takes on its own side of the river
            4k4/9/9/4r4/4n4/9/9/4C4/9/3K5 w - - 0 1         | e2e6 | 900  | a cannon jumps the horse onto the chariot
            """)
    void exchanges(String fen, String move, int expected, String what) throws Exception {
        Board b = XiangqiFen.board(fen);
        int m = new XiangqiSearchBoard(b).parseMove(move);
        assertEquals(expected, new XiangqiSee().see(b, m), what);
    }
}
