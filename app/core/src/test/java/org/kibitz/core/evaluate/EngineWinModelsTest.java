package org.kibitz.core.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.evaluate.judge.JudgementModel;

/** Issue 39: which k an engine is judged with, and that engines.json keeps a saved one. */
class EngineWinModelsTest {

    private static final EngineEntry FAIRY = EngineEntry.of("fairy", "Fairy Stockfish", List.of("/usr/games/fairy-stockfish"));

    @Test
    void aSavedFitIsUsedForItsGameOnlyAndAKGivenWins() {
        EngineEntry fitted = FAIRY.withWinModel("xiangqi", new EngineEntry.FittedModel(0.0051, "nodes 20000", 900, 900, 0.0048, 0.0054));
        JudgementModel base = JudgementModel.xiangqi();
        EngineWinModels.Chosen c = EngineWinModels.choose(base, fitted, "xiangqi", false);
        assertEquals(EngineWinModels.Source.SAVED, c.source());
        assertEquals(0.0051, c.model().win().k());
        assertEquals("Fairy_Stockfish@nodes=20000 k=0.0051", c.winText());
        assertEquals("xiangqi*", c.model().name());
        // Every other number is the preset's, and the text reads back to the same model.
        assertEquals(base.blunder(), c.model().blunder());
        assertEquals(c.model().describe(), JudgementModel.parse(c.model().describe(), "xiangqi").describe());

        assertEquals(JudgementModel.lichess(), EngineWinModels.choose(JudgementModel.lichess(), fitted, "chess", false).model());
        assertEquals(EngineWinModels.Source.DEFAULT, EngineWinModels.choose(base, FAIRY, "xiangqi", false).source());
        EngineWinModels.Chosen given = EngineWinModels.choose(JudgementModel.parse("k=0.006", "xiangqi"), fitted, "xiangqi", true);
        assertEquals(EngineWinModels.Source.GIVEN, given.source());
        assertEquals(0.006, given.model().win().k());
        assertTrue(JudgementModel.setsK("lichess:k=0.004"));
        assertTrue(!JudgementModel.setsK("lichess:blunder=0.25"));
    }

    @Test
    void theBuiltInEngineHasItsOwnFitForBothGames() {
        for (String game : List.of("chess", "xiangqi")) {
            EngineWinModels.Chosen c = EngineWinModels.choose(JudgementModel.forGame(game), EngineEntry.builtinEngine(), game, false);
            assertEquals(EngineWinModels.Source.BUILTIN, c.source());
            assertEquals(EngineWinModels.BUILTIN.get(game).k(), c.model().win().k());
        }
    }

    @Test
    void engineJsonKeepsTheFitAndOldFilesReadWithout() throws Exception {
        ObjectMapper json = new ObjectMapper().registerModule(new Jdk8Module());
        EngineEntry fitted = FAIRY.withWinModel("xiangqi", new EngineEntry.FittedModel(0.0051, "nodes 20000", 900, 900, 0.0048, 0.0054));
        String text = json.writeValueAsString(fitted);
        assertTrue(text.contains("\"winModels\":{\"xiangqi\":{\"k\":0.0051"), text);
        assertEquals(fitted, json.readValue(text, EngineEntry.class));
        assertEquals(fitted.withName("renamed").winModels(), fitted.winModels(), "edits keep the fit");
        String old = text.replaceAll(",\"winModels\":\\{.*\\}\\}\\}", "}");
        assertTrue(json.readValue(old, EngineEntry.class).winModels().isEmpty(), old);
    }
}
