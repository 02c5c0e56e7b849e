package org.kibitz.workbench;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testfx.api.FxToolkit;

/**
 * The JavaFX lifecycle every window test shares: TestFX's primary stage registered before the class's
 * tests, and every stage a test opened closed after it (after the test's own {@code @AfterEach}
 * methods, which close what they opened first).
 */
final class FxStages implements BeforeAllCallback, AfterEachCallback {

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        FxToolkit.cleanupStages();
    }
}
