import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/**
 * A bare JavaFX window, the yardstick of bench/startup.sh: a label in a 1400x900 stage, timed to
 * its first frame the way the workbench is (org.kibitz.workbench.FirstFrame: the pulse after the
 * first one that laid the window out while showing), printed as {@code first-frame <ms since the
 * process started>}, then it quits. Its few lines repeat FirstFrame's on purpose: a bare window
 * loads none of our classes.
 */
public class BareWindow extends Application {

    public static void main(String[] args) {
        launch(args);
    }

    @Override
    public void start(Stage stage) {
        Scene scene = new Scene(new StackPane(new Label("Kibitz")), 1400, 900);
        stage.setScene(scene);
        stage.setTitle("Kibitz");
        stage.show();
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            if (!stage.isShowing()) {
                return;
            }
            scene.removePostLayoutPulseListener(listener[0]);
            new AnimationTimer() {
                @Override
                public void handle(long now) {
                    stop();
                    long ms = ProcessHandle.current().info().startInstant()
                            .map(t -> java.time.Duration.between(t, java.time.Instant.now()).toMillis()).orElse(0L);
                    System.out.println("first-frame " + ms);
                    System.out.flush();
                    Platform.exit();
                }
            }.start();
        };
        scene.addPostLayoutPulseListener(listener[0]);
    }
}
