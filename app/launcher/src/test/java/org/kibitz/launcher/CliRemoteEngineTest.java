package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.TestGames;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.protocols.ssh.SshCommand;
import org.kibitz.testing.RealEngines;

/**
 * Engines on another machine (issue 44, decision 0032), through a real {@code sshd} on 127.0.0.1 with
 * keys made here: the command line refuses a computer whose host key nobody accepted, takes it once
 * accepted, and runs Stockfish there for {@code analyse}, {@code evaluate} and a {@code match} against
 * a local engine. After each, nothing runs on the "other machine" (this one, under our sshd): also after
 * the Kibitz process was killed and after the connection was cut mid-search.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CliRemoteEngineTest {

    private static final String STOCKFISH = "stockfish";

    private static Sshd sshd;
    private static String remoteStockfish;
    private static String before;

    @BeforeAll
    static void serve(@TempDir Path dir) throws Exception {
        remoteStockfish = RealEngines.require(STOCKFISH);
        sshd = Sshd.start(dir.resolve("sshd"));
        // The client side reads the test's ssh config (its known_hosts and key), never ~/.ssh.
        before = System.getProperty(SshCommand.CONFIG_PROPERTY);
        System.setProperty(SshCommand.CONFIG_PROPERTY, sshd.clientConfig.toString());
    }

    @AfterAll
    static void stop() {
        if (before == null) {
            System.clearProperty(SshCommand.CONFIG_PROPERTY);
        } else {
            System.setProperty(SshCommand.CONFIG_PROPERTY, before);
        }
        if (sshd != null) {
            sshd.close();
        }
    }

    private static String remote() {
        return sshd.url(remoteStockfish);
    }

    /** Nothing runs on the other machine any more: no engine, no helper, not even the connection. */
    private static void assertNothingLeft(String after) throws Exception {
        List<String> left = sshd.awaitNothing(60);
        assertTrue(left.isEmpty(), after + ": still running on the other machine: " + left);
    }

    /**
     * Stockfish quits when its input ends, even mid-search; many engines do not. This one never sees the
     * end (a {@code cat} then a long {@code sleep} feed it), as an engine that does not read while it
     * thinks: only something that ends it from outside can.
     */
    private static String stubborn() {
        return remote().replace(remoteStockfish, "/bin/sh") + " -c \"(cat; exec sleep 100000) | exec " + remoteStockfish + "\"";
    }

    private static Run cli(Path home, String... args) {
        try (CliHarness cli = CliHarness.open(home)) {
            return cli.run(args);
        }
    }

    @Test
    @Order(1)
    void anUnknownHostIsRefusedThenAcceptedOnceAndUsed(@TempDir Path home) throws Exception {
        // Nobody accepted the key: nothing starts, and the message says how to accept it.
        Run refused = cli(home, "analyse", "--game", "chess", "--engine", remote(), "--depth", "8");
        assertEquals(2, refused.exit(), refused.err());
        assertTrue(refused.err().contains("[127.0.0.1]:" + sshd.port()) && refused.err().contains("engine trust-host " + remote()),
                refused.err());
        assertTrue(sshd.connections().isEmpty(), "nothing was even connected");
        assertFalse(Files.exists(sshd.knownHosts));

        // A fingerprint that is not the computer's adds nothing.
        Run wrong = cli(home, "engine", "trust-host", "--fingerprint", "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", remote());
        assertEquals(1, wrong.exit(), wrong.err());
        assertFalse(Files.exists(sshd.knownHosts), "nothing added for a fingerprint that does not match");
        // Without a fingerprint and no console to ask at, nothing is added either.
        Run unasked = cli(home, "engine", "trust-host", remote());
        assertEquals(1, unasked.exit(), unasked.err());
        String fingerprint = sshd.fingerprint();
        assertTrue(unasked.out().stream().anyMatch(l -> l.contains(fingerprint)), "the keys are shown: " + unasked.out());
        assertFalse(Files.exists(sshd.knownHosts));

        // Accepted once, with the fingerprint its owner reads on the computer.
        Run trusted = cli(home, "engine", "trust-host", "--fingerprint", sshd.fingerprint(), remote());
        assertEquals(0, trusted.exit(), trusted.err());
        assertTrue(Files.readString(sshd.knownHosts).startsWith("[127.0.0.1]:" + sshd.port() + " ssh-ed25519 "),
                Files.readString(sshd.knownHosts));
        Run again = cli(home, "engine", "trust-host", remote());
        assertEquals(0, again.exit(), "known already: " + again.err());

        // Then used: a search on the other machine, its round trip in the engine log.
        Path log = home.resolve("engine.log");
        Run r = cli(home, "analyse", "--game", "chess", "--engine", remote(), "--depth", "8", "--log=" + log);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.last().matches("bestmove [a-h][1-8][a-h][1-8]"), r.out().toString());
        assertTrue(Files.readString(log).contains("round trip over the network"), Files.readString(log));
        assertNothingLeft("analyse");
    }

    @Test
    @Order(2)
    void evaluateAGameWithTheRemoteEngine(@TempDir Path home) throws Exception {
        Path out = home.resolve("out.pgn");
        Run r = cli(home, "evaluate", "--progress", "none", TestGames.shared("chess/pgn/Capablanca.pgn").toString(),
                "--games", "1", "--engine", remote(), "--nodes", "3000", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.last().matches("games 1 positions \\d+ evaluated \\d+ cached 0 failed 0"), r.last());
        assertTrue(Files.readString(out).contains("[%eval "), "evaluations written");
        assertNothingLeft("evaluate");
    }

    @Test
    @Order(3)
    void aMatchOfAnEngineOfTheListOnAnotherMachineAgainstALocalOne(@TempDir Path home) throws Exception {
        // An entry of engines.json with its ssh part, as the engine manager writes it.
        Files.createDirectories(home.resolve("config"));
        Files.writeString(home.resolve("config").resolve("engines.json"), """
                {"version": 1, "offersAnswered": true, "engines": [
                  {"id": "remote-sf", "name": "Remote SF", "command": ["%s"], "workingDirectory": "/tmp",
                   "ssh": {"host": "127.0.0.1", "port": %d, "options": ["ConnectionAttempts=2"]}}]}
                """.formatted(remoteStockfish, sshd.port()));
        Path pgn = home.resolve("match.pgn");
        Run r = cli(home, "match", "--engine", "remote-sf", "--engine", remoteStockfish, "name=Local", "--each", "nodes=2000",
                "--games", "2", "--pgnout", pgn.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().stream().anyMatch(l -> l.startsWith("Score of Remote SF vs Local:")), r.out().toString());
        assertTrue(r.err().contains("Remote SF") && r.err().contains("round trip"), "the round trip is shown: " + r.err());
        assertEquals(2, Files.readString(pgn).split("\\[Event ", -1).length - 1);
        assertNothingLeft("match");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    @Order(4)
    void killingKibitzEndsTheRemoteEngine(boolean stubborn, @TempDir Path home) throws Exception {
        String engine = stubborn ? stubborn() : remote();
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dkibitz.home=" + home, "-D" + SshCommand.CONFIG_PROPERTY + "=" + sshd.clientConfig,
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "analyse", "--game", "chess", "--engine", engine, "--depth", "99"));
        Process child = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(home.resolve("child.log").toFile()).start();
        try {
            assertTrue(sshd.awaitRunning(STOCKFISH, child::isAlive), "the search started: " + Files.readString(home.resolve("child.log")));
            assertTrue(child.isAlive(), Files.readString(home.resolve("child.log")));
            List<ProcessHandle> local = child.descendants().toList(); // its ssh client
            assertFalse(local.isEmpty());
            child.destroyForcibly(); // SIGKILL: no shutdown hook runs
            child.waitFor(30, TimeUnit.SECONDS);
            assertNothingLeft("Kibitz killed");
            for (ProcessHandle h : local) {
                assertTrue(h.onExit().orTimeout(60, TimeUnit.SECONDS).handle((p, t) -> t == null).join() || !Sshd.running(h),
                        "the local ssh client ended too: " + h.info());
            }
        } finally {
            child.destroyForcibly();
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    @Order(5)
    void aConnectionCutMidSearchEndsTheRemoteEngineAndTheSearchFails(boolean stubborn, @TempDir Path home) throws Exception {
        String engine = stubborn ? stubborn() : remote();
        CompletableFuture<Run> run = CompletableFuture.supplyAsync(() ->
                cli(home, "analyse", "--game", "chess", "--engine", engine, "--depth", "99"));
        assertTrue(sshd.awaitRunning(STOCKFISH, () -> !run.isDone()), "the search started: " + (run.isDone() ? run.join() : ""));
        List<ProcessHandle> connections = sshd.connections();
        assertEquals(1, connections.size(), connections.toString());
        connections.get(0).destroyForcibly(); // the connection drops
        Run r = run.get(5, TimeUnit.MINUTES);
        assertNotEquals(0, r.exit(), "a search whose engine was lost is no result: " + r.out());
        assertTrue(r.out().stream().noneMatch(l -> l.startsWith("bestmove")), r.out().toString());
        assertNothingLeft("connection cut");
    }

    @Test
    @Order(6)
    void aConnectionCutDuringAnEvaluationIsRetriedOnANewSession(@TempDir Path home) throws Exception {
        Path out = home.resolve("out.pgn");
        CompletableFuture<Run> run = CompletableFuture.supplyAsync(() -> cli(home, "evaluate", "--progress", "none",
                TestGames.shared("chess/pgn/Capablanca.pgn").toString(), "--games", "1-2", "--engine", remote(),
                "--nodes", "50000", "--out", out.toString()));
        assertTrue(sshd.awaitRunning(STOCKFISH, () -> !run.isDone()), "the evaluation started");
        // Cut once it searches (its processor time grows), not while it is being started: a start that
        // fails is reported as such, a session lost in the middle of the work is started again.
        while (!run.isDone() && sshd.running(STOCKFISH).stream().mapToLong(h -> h.info().totalCpuDuration()
                .map(java.time.Duration::toMillis).orElse(0L)).sum() < 500) {
            Thread.sleep(20);
        }
        List<ProcessHandle> connections = sshd.connections();
        assertFalse(run.isDone(), "cut while it runs");
        assertFalse(connections.isEmpty());
        connections.forEach(ProcessHandle::destroyForcibly); // every session of the run loses its connection
        Run r = run.get(10, TimeUnit.MINUTES);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("started again"), "reported as an engine that died, and retried: " + r.err());
        assertTrue(r.last().matches("games 2 positions \\d+ evaluated \\d+ cached 0 failed 0"), r.last());
        assertNothingLeft("evaluation after a cut connection");
    }
}
