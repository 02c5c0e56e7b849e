package org.kibitz.core.opening;

import java.util.*;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.TestGames;
import org.junit.jupiter.api.Test;

class ScratchEccoStudyTest {
    @Test
    void study() throws Exception {
        Map<String, Integer> shown = new HashMap<>();
        for (GameTree g : OpeningAgreementTest.games(TestGames.shared("xiangqi/pgn/ccpd-tournaments-big5.pgn"))) {
            String want = g.tags().get("ECCO").orElse("");
            Optional<Opening> got = Openings.classify(g);
            if (got.isEmpty() || want.equals(got.get().code())) continue;
            String k = want + "->" + got.get().code();
            if (shown.merge(k, 1, Integer::sum) > 2) continue;
            List<Move> ms = new ArrayList<>();
            for (GameNode n : g.mainline()) n.move().ifPresent(ms::add);
            System.out.println("STUDY " + k + " " + String.join(" ", Ecco.words(g.startPosition(), ms)));
        }
    }
}
