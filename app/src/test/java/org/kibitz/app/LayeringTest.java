package org.kibitz.app;

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
                    "picocli..", "org.kibitz.app..", "org.kibitz.cli..", "org.kibitz.ui..", "org.kibitz.workbench..")
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

    static final ArchRule HEADLESS_SERVICES_HAVE_NO_JAVAFX = noClasses().that().resideInAnyPackage("org.kibitz.workbench..", "org.kibitz.cli..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.kibitz.ui..", "org.controlsfx..", "software.coley.bentofx..")
            .because("the CLI shares the workbench services and must run without JavaFX");

    static final ArchRule GUICE_ONLY_IN_APP = noClasses().that().resideOutsideOfPackage("org.kibitz.app..")
            .and().resideInAPackage("org.kibitz..")
            .should().dependOnClassesThat().resideInAPackage("com.google.inject..")
            .because("classes stay plain, with constructor injection; only the app package wires them");

    static final ArchRule PICOCLI_ONLY_IN_CLI = noClasses().that().resideOutsideOfPackages("org.kibitz.cli..", "org.kibitz.app..")
            .and().resideInAPackage("org.kibitz..")
            .should().dependOnClassesThat().resideInAPackage("picocli..")
            .because("commands are thin; the work they call is testable without picocli");

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

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.kibitz");
    }

    @Test
    void theImportSeesEveryLayer() {
        assertTrue(classes.containPackage("org.kibitz.api.game"));
        assertTrue(classes.containPackage("org.kibitz.app"));
        assertTrue(classes.containPackage("org.kibitz.cli"));
        assertTrue(classes.containPackage("org.kibitz.ui"));
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
    void headlessServicesAndCliHaveNoJavaFx() {
        HEADLESS_SERVICES_HAVE_NO_JAVAFX.check(classes);
    }

    @Test
    void guiceOnlyInTheAppPackage() {
        GUICE_ONLY_IN_APP.check(classes);
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
                org.kibitz.workbench.archfixture.UsesGuice.class,
                org.kibitz.xiangqi.archfixture.AllowedToPrint.class,
                org.kibitz.xiangqi.archfixture.UsesFormats.class);
        assertTrue(NO_UI_OR_WIRING_BELOW_APP.evaluate(bad).hasViolation());
        assertTrue(XIANGQI_DEPENDS_ONLY_ON_API.evaluate(bad).hasViolation());
        assertFalse(CHESS_DEPENDS_ONLY_ON_API.evaluate(bad).hasViolation());
        assertTrue(CONSOLE_ONLY_IN_CLI.evaluate(bad).hasViolation());
        assertTrue(GUICE_ONLY_IN_APP.evaluate(bad).hasViolation());
        JavaClasses allowed = new ClassFileImporter().importClasses(org.kibitz.xiangqi.archfixture.AllowedToPrint.class,
                org.kibitz.api.game.Side.class);
        assertFalse(CONSOLE_ONLY_IN_CLI.evaluate(allowed).hasViolation(), "an annotated class may use the console");
    }
}
