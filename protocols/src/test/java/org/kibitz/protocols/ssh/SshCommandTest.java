package org.kibitz.protocols.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.kibitz.protocols.process.LineSafety;

/** The ssh command line and the {@code ssh://} references (decision 0032), without a network. */
class SshCommandTest {

    @Test
    void aReferenceNamesTheUserHostPortAndProgram() {
        SshTarget.Reference r = SshTarget.parse("ssh://me@gpu-box:2222/opt/engines/stockfish");
        assertEquals("gpu-box", r.target().host());
        assertEquals(Optional.of(2222), r.target().port());
        assertEquals(Optional.of("me"), r.target().user());
        assertEquals("/opt/engines/stockfish", r.program());
        SshTarget.Reference plain = SshTarget.parse("SSH://server/usr/games/stockfish");
        assertEquals(Optional.empty(), plain.target().port());
        assertEquals(Optional.empty(), plain.target().user());
        assertEquals("[::1]", "[" + SshTarget.parse("ssh://[::1]:22/x/y").target().host() + "]");
    }

    @Test
    void whatIsNoReferenceIsRefusedWithAReason() {
        for (String bad : List.of("ssh://host", "ssh://host/", "ssh:///usr/games/stockfish", "ssh://host:99999/x",
                "ssh://-oProxyCommand=x/y", "ssh://host/x?y=1")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SshTarget.parse(bad), bad);
            assertFalse(e.getMessage().isBlank());
        }
        assertThrows(IllegalArgumentException.class, () -> new SshTarget("host", Optional.empty(), Optional.of("-oX"),
                Optional.empty(), List.of()));
        assertThrows(IllegalArgumentException.class, () -> SshTarget.of("host").withOptions(List.of("-oStrictHostKeyChecking=no")));
        assertThrows(IllegalArgumentException.class, () -> SshTarget.of("host").withOptions(List.of("NoValue")));
    }

    @Test
    void hostKeysAreCheckedStrictlyWhateverTheEntrysOptionsSay() {
        SshTarget t = SshTarget.of("server").withPort(Optional.of(2222)).withUser(Optional.of("me"))
                .withOptions(List.of("StrictHostKeyChecking=no", "ServerAliveInterval=5"));
        List<String> argv = SshCommand.command(t, Optional.empty(), List.of("/usr/games/stockfish"));
        // ssh keeps the first value given: ours come before the user's.
        int strict = argv.indexOf("StrictHostKeyChecking=yes");
        int loose = argv.indexOf("StrictHostKeyChecking=no");
        assertTrue(strict > 0 && strict < loose, argv.toString());
        assertTrue(argv.contains("BatchMode=yes"), "nothing asked: " + argv);
        // The user's keep-alive wins over the default, which comes after it.
        assertTrue(argv.indexOf("ServerAliveInterval=5") < argv.indexOf("ServerAliveInterval=15"), argv.toString());
        assertEquals(List.of("-p", "2222"), argv.subList(argv.indexOf("-p"), argv.indexOf("-p") + 2));
        assertEquals(List.of("-l", "me"), argv.subList(argv.indexOf("-l"), argv.indexOf("-l") + 2));
        assertTrue(argv.contains("-T"), "no terminal: " + argv);
        assertEquals("server", argv.get(argv.indexOf("--") + 1), "the host after --, never read as an option");
        for (String a : argv) {
            assertFalse(LineSafety.breaksLine(a), "every argument one line: " + a);
        }
    }

    /** The remote line, run by a real sh here: the folder and each argument arrive as given, quotes and all. */
    @Test
    void theRemoteLineKeepsEveryArgumentWholeAndRunsInTheFolder() throws Exception {
        String line = SshCommand.remoteLine(Optional.of("/tmp"), List.of("/bin/sh", "-c",
                "pwd; printf '%s|' \"$0\" \"$1\"; echo", "it's", "two words"));
        // Its own process group, as sshd gives the remote command (the wrapper ends its group).
        Process p = new ProcessBuilder("setsid", "sh", "-c", line).start();
        // Input stays open: the "engine" ends by itself, the wrapper then ends the group (cat too).
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the wrapper ended once its engine had");
        p.getOutputStream().close();
        assertEquals("/tmp\nit's|two words|\n", out);
        assertTrue(err.contains("kibitz-ssh: the engine ended with code 0"), err);
    }

    @Test
    void theEnginesOwnExitCodeIsReadFromTheWrappersLastWord() {
        assertEquals(Optional.of(java.util.OptionalInt.of(139)), SshCommand.engineExitCode(
                List.of("info depth 3", "kibitz-ssh: the engine ended with code 139")));
        assertEquals(Optional.empty(), SshCommand.engineExitCode(List.of("Host key verification failed.")));
    }

    @Test
    void onlyAnSshProgramIsTimed() {
        assertTrue(SshCommand.isSsh("ssh"));
        assertTrue(SshCommand.isSsh("/usr/bin/ssh"));
        assertTrue(SshCommand.isSsh("C:\\Windows\\System32\\OpenSSH\\ssh.exe") || !System.getProperty("os.name").startsWith("Windows"));
        assertFalse(SshCommand.isSsh("/usr/games/stockfish"));
        assertFalse(SshCommand.isSsh("sshd"));
    }
}
