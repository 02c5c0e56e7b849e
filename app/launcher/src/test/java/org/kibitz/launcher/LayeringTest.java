package org.kibitz.launcher;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kibitz.api.UsesStandardStreams;

/**
 * The layers of the architecture page, checked on the compiled classes of every module: arrows point
 * down only, JavaFX, Guice and picocli stay in the app, and only the CLI writes to the console.
 */
class LayeringTest {

    /** Everything below the app: plugin contracts, rules, protocols, formats, the built-in engine. */
    static final String[] BELOW_APP = {
            "org.kibitz.api..", "org.kibitz.xiangqi..", "org.kibitz.chess..", "org.kibitz.protocols..",
            "org.kibitz.formats..", "org.kibitz.engine.."};

    static final ArchRule NO_UI_OR_WIRING_BELOW_APP = noClasses().that().resideInAnyPackage(BELOW_APP)
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.google.inject..", "jakarta.inject..",
                    "picocli..", "org.kibitz.launcher..", "org.kibitz.cli..", "org.kibitz.workbench..", "org.kibitz.core..")
            .because("plugins and rules are plain Java: the CLI and the batch jobs run them without a window, "
                    + "and third-party plugins must not need our UI or wiring libraries");

    static final ArchRule API_DEPENDS_ON_NOTHING = noClasses().that().resideInAPackage("org.kibitz.api..")
            .should().dependOnClassesThat().resideInAnyPackage("org.kibitz.xiangqi..", "org.kibitz.chess..",
                    "org.kibitz.protocols..", "org.kibitz.formats..", "org.kibitz.engine..")
            .because("the contracts are what everything else implements");

    /**
     * Each rules module and the protocols module sits on the API alone: none of them uses another one, nor
     * the formats or the engine. (A module naturally uses its own packages.)
     */
    static final ArchRule XIANGQI_DEPENDS_ONLY_ON_API = onlyOnApi("org.kibitz.xiangqi..",
            "org.kibitz.chess..", "org.kibitz.protocols..", "org.kibitz.formats..", "org.kibitz.engine..");
    static final ArchRule CHESS_DEPENDS_ONLY_ON_API = onlyOnApi("org.kibitz.chess..",
            "org.kibitz.xiangqi..", "org.kibitz.protocols..", "org.kibitz.formats..", "org.kibitz.engine..");
    static final ArchRule PROTOCOLS_DEPEND_ONLY_ON_API = onlyOnApi("org.kibitz.protocols..",
            "org.kibitz.xiangqi..", "org.kibitz.chess..", "org.kibitz.formats..", "org.kibitz.engine..");

    private static ArchRule onlyOnApi(String module, String... others) {
        return noClasses().that().resideInAPackage(module)
                .should().dependOnClassesThat().resideInAnyPackage(others)
                .allowEmptyShould(true)
                .because("rules and protocols sit directly on the API");
    }

    static final ArchRule FORMATS_DO_NOT_USE_ENGINES = noClasses().that().resideInAPackage("org.kibitz.formats..")
            .should().dependOnClassesThat().resideInAnyPackage("org.kibitz.protocols..", "org.kibitz.engine..")
            .allowEmptyShould(true)
            .because("reading files needs games, not engines");

    /*
     * The app's four modules (app/core, app/cli, app/workbench, app/launcher). Maven's module graph already
     * keeps a lower module from compiling against a higher one; these rules say the same of packages, so a
     * class put in the wrong module, or a dependency added to the wrong pom, fails here with the reason.
     */

    static final ArchRule CORE_IS_HEADLESS = noClasses().that().resideInAPackage("org.kibitz.core..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "software.coley.bentofx..",
                    "org.jfree.chart.fx..", "picocli..", "me.tongfei..", "org.kibitz.cli..", "org.kibitz.workbench..",
                    "org.kibitz.launcher..")
            .because("the core is the one home of engines, jobs, the analysis store and charts for both faces: "
                    + "the CLI and cluster jobs run it without a display, and the workbench and CLI only call down into it");

    static final ArchRule CLI_DOES_NOT_KNOW_THE_WORKBENCH = noClasses().that().resideInAPackage("org.kibitz.cli..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "software.coley.bentofx..",
                    "org.jfree.chart.fx..", "org.kibitz.workbench..", "org.kibitz.launcher..")
            .because("commands run headless on machines without JavaFX (clusters, CI); what they share with the "
                    + "workbench lives in the core");

    static final ArchRule WORKBENCH_DOES_NOT_KNOW_THE_CLI = noClasses().that().resideInAPackage("org.kibitz.workbench..")
            .should().dependOnClassesThat().resideInAnyPackage("picocli..", "me.tongfei..", "org.kibitz.cli..",
                    "org.kibitz.launcher..")
            .because("a pane and a command are two faces of one core service; neither calls the other");

    /* Inside the core: the packages every later service builds on stay at the bottom. */

    static final ArchRule JOBS_ARE_GENERIC = noClasses().that().resideInAPackage("org.kibitz.core.jobs..")
            .should().dependOnClassesThat().resideInAnyPackage("org.kibitz.core.analysis..", "org.kibitz.core.store..",
                    "org.kibitz.core.engines..", "org.kibitz.core.chart..", "org.kibitz.core.convert..")
            .because("batch evaluation, comparison, matches and tree building all run as jobs: the runner and its "
                    + "journal know items and results, never what the items are");

    static final ArchRule LIVE_ANALYSIS_DOES_NOT_KNOW_THE_STORE = noClasses().that().resideInAPackage("org.kibitz.core.analysis..")
            .should().dependOnClassesThat().resideInAnyPackage("org.kibitz.core.store..", "org.kibitz.core.jobs..")
            .because("a slot hands what it finds to an AnalysisSink; where it is kept is the wiring's choice, and "
                    + "tests and one-off searches run without a store");

    static final ArchRule ENGINES_ARE_THE_BOTTOM = noClasses().that().resideInAPackage("org.kibitz.core.engines..")
            .should().dependOnClassesThat().resideInAnyPackage("org.kibitz.core.analysis..", "org.kibitz.core.store..",
                    "org.kibitz.core.jobs..", "org.kibitz.core.chart..")
            .because("the engine list and the session pool serve every analysis service, so they use none of them");

    static final ArchRule GUICE_ONLY_IN_LAUNCHER = noClasses().that().resideOutsideOfPackage("org.kibitz.launcher..")
            .and().resideInAPackage("org.kibitz..")
            .should().dependOnClassesThat().resideInAPackage("com.google.inject..")
            .because("classes stay plain, with constructor injection (the standard jakarta.inject annotations at most); "
                    + "only the start-up module wires them");

    static final ArchRule PICOCLI_ONLY_IN_CLI = noClasses().that().resideOutsideOfPackages("org.kibitz.cli..", "org.kibitz.launcher..")
            .and().resideInAPackage("org.kibitz..")
            .should().dependOnClassesThat().resideInAnyPackage("picocli..", "me.tongfei..")
            .because("commands are thin; the work they call is testable without picocli or a terminal");

    static final ArchRule CONSOLE_ONLY_IN_CLI = noClasses().that().resideOutsideOfPackage("org.kibitz.cli..")
            .and().resideInAPackage("org.kibitz..")
            .and().areNotAnnotatedWith(UsesStandardStreams.class)
            .should().accessField(System.class, "out")
            .orShould().accessField(System.class, "err")
            .orShould().accessField(System.class, "in")
            .orShould().callMethod(Throwable.class, "printStackTrace")
            .because("output belongs to the CLI (or to an engine speaking its protocol, which says why); "
                    + "everything else reports through return values, events and logs");

    private static JavaClasses classes;

    /** The core's test helpers reach this module as a test-jar, which DO_NOT_INCLUDE_TESTS does not recognise. */
    private static final ImportOption NO_TEST_JARS = location -> !location.contains("-tests.jar");

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(NO_TEST_JARS)
                .importPackages("org.kibitz");
    }

    @Test
    void theImportSeesEveryLayer() {
        assertTrue(classes.containPackage("org.kibitz.api.game"));
        assertTrue(classes.containPackage("org.kibitz.launcher"));
        assertTrue(classes.containPackage("org.kibitz.cli"));
        assertTrue(classes.containPackage("org.kibitz.workbench"));
    }

    @Test
    void noJavaFxGuiceOrPicocliBelowTheApp() {
        NO_UI_OR_WIRING_BELOW_APP.check(classes);
    }

    @Test
    void arrowsPointDownOnly() {
        API_DEPENDS_ON_NOTHING.check(classes);
        XIANGQI_DEPENDS_ONLY_ON_API.check(classes);
        CHESS_DEPENDS_ONLY_ON_API.check(classes);
        PROTOCOLS_DEPEND_ONLY_ON_API.check(classes);
        FORMATS_DO_NOT_USE_ENGINES.check(classes);
    }

    @Test
    void theCoreIsHeadless() {
        CORE_IS_HEADLESS.check(classes);
    }

    @Test
    void cliAndWorkbenchAreTwoFacesThatDoNotMeet() {
        CLI_DOES_NOT_KNOW_THE_WORKBENCH.check(classes);
        WORKBENCH_DOES_NOT_KNOW_THE_CLI.check(classes);
    }

    @Test
    void insideTheCoreJobsEnginesAndLiveAnalysisStayAtTheBottom() {
        JOBS_ARE_GENERIC.check(classes);
        LIVE_ANALYSIS_DOES_NOT_KNOW_THE_STORE.check(classes);
        ENGINES_ARE_THE_BOTTOM.check(classes);
    }

    @Test
    void guiceOnlyInTheLauncher() {
        GUICE_ONLY_IN_LAUNCHER.check(classes);
    }

    @Test
    void picocliOnlyInTheCli() {
        PICOCLI_ONLY_IN_CLI.check(classes);
    }

    @Test
    void noConsoleOutputOutsideTheCli() {
        CONSOLE_ONLY_IN_CLI.check(classes);
    }

    /** The rules must be able to fail: each is shown a class that breaks it. */
    @Test
    void theRulesCatchViolations() {
        JavaClasses bad = new ClassFileImporter().importClasses(
                org.kibitz.xiangqi.archfixture.UsesJavaFx.class,
                org.kibitz.xiangqi.archfixture.PrintsToConsole.class,
                org.kibitz.core.archfixture.UsesGuice.class,
                org.kibitz.xiangqi.archfixture.AllowedToPrint.class,
                org.kibitz.xiangqi.archfixture.UsesFormats.class);
        assertTrue(NO_UI_OR_WIRING_BELOW_APP.evaluate(bad).hasViolation());
        assertTrue(XIANGQI_DEPENDS_ONLY_ON_API.evaluate(bad).hasViolation());
        assertFalse(CHESS_DEPENDS_ONLY_ON_API.evaluate(bad).hasViolation());
        assertTrue(CONSOLE_ONLY_IN_CLI.evaluate(bad).hasViolation());
        assertTrue(GUICE_ONLY_IN_LAUNCHER.evaluate(bad).hasViolation());
        JavaClasses layers = new ClassFileImporter().importClasses(
                org.kibitz.core.archfixture.UsesJavaFxAndPicocli.class,
                org.kibitz.cli.archfixture.UsesWorkbench.class,
                org.kibitz.workbench.archfixture.UsesCli.class);
        assertTrue(CORE_IS_HEADLESS.evaluate(layers).hasViolation(), "JavaFX or picocli in the core");
        assertTrue(CLI_DOES_NOT_KNOW_THE_WORKBENCH.evaluate(layers).hasViolation(), "the CLI using a workbench class");
        assertTrue(WORKBENCH_DOES_NOT_KNOW_THE_CLI.evaluate(layers).hasViolation(), "the workbench using picocli or a command");
        assertTrue(PICOCLI_ONLY_IN_CLI.evaluate(layers).hasViolation(), "picocli outside the CLI");
        JavaClasses core = new ClassFileImporter().importClasses(
                org.kibitz.core.jobs.archfixture.JobThatKnowsTheStore.class,
                org.kibitz.core.analysis.archfixture.SlotThatWritesTheStore.class,
                org.kibitz.core.engines.archfixture.PoolThatKnowsAnalysis.class);
        assertTrue(JOBS_ARE_GENERIC.evaluate(core).hasViolation(), "the job runner using the store");
        assertTrue(LIVE_ANALYSIS_DOES_NOT_KNOW_THE_STORE.evaluate(core).hasViolation(), "a slot writing the store");
        assertTrue(ENGINES_ARE_THE_BOTTOM.evaluate(core).hasViolation(), "the engine list using live analysis");
        JavaClasses good = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.kibitz.core.analysis", "org.kibitz.cli");
        assertFalse(CORE_IS_HEADLESS.evaluate(good).hasViolation());
        assertFalse(CLI_DOES_NOT_KNOW_THE_WORKBENCH.evaluate(good).hasViolation());
        JavaClasses allowed = new ClassFileImporter().importClasses(org.kibitz.xiangqi.archfixture.AllowedToPrint.class,
                org.kibitz.api.game.Side.class);
        assertFalse(CONSOLE_ONLY_IN_CLI.evaluate(allowed).hasViolation(), "an annotated class may use the console");
    }
}
