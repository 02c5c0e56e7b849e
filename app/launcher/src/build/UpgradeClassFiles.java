import java.io.IOException;
import java.io.OutputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Build step of the launcher (decision 0018), run by Maven with the build's JDK in source-file
 * mode: {@code java UpgradeClassFiles.java JAR...}. Rewrites the class files of each jar that are
 * older than Java 6 (major version 49 or less) as Java 8 class files, with the stack maps the
 * newer verifier needs computed, and replaces the jar when every rewritten class verifies.
 *
 * <p>Why: the JDK's ahead-of-time cache, which every command-line start of Kibitz maps, cannot
 * hold classes older than Java 6 ("Old class has been linked"), and picocli ships Java 5 class
 * files so that it runs anywhere. Its 170-odd classes were therefore read from the jar and
 * checked by the old inferring verifier at every start. Nothing else in them changes.
 *
 * <p>Needs the class-file API (JDK 24 or newer); on an older JDK this file does not compile, the
 * build says so and goes on with the jars as they are.
 */
public final class UpgradeClassFiles {

    private static final int OLDEST_CACHED = 50;
    private static final int TARGET = 52;

    public static void main(String[] args) throws IOException {
        for (String a : args) {
            upgrade(Path.of(a));
        }
    }

    private static void upgrade(Path jar) throws IOException {
        Path tmp = jar.resolveSibling(jar.getFileName() + ".upgrading");
        int upgraded = 0;
        int kept = 0;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
             ZipFile zip = new ZipFile(jar.toFile());
             OutputStream file = Files.newOutputStream(tmp);
             ZipOutputStream out = new ZipOutputStream(file)) {
            // Stack maps name the common super class where branches meet: the JDK's classes and the jar's own.
            ClassFile cf = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
                    ClassHierarchyResolver.defaultResolver().orElse(ClassHierarchyResolver.ofResourceParsing(loader))));
            for (ZipEntry e : Collections.list(zip.entries())) {
                byte[] bytes = zip.getInputStream(e).readAllBytes();
                String name = e.getName();
                if (name.endsWith(".class") && !name.endsWith("module-info.class") && !name.startsWith("META-INF/")) {
                    ClassModel model = cf.parse(bytes);
                    if (model.majorVersion() < OLDEST_CACHED) {
                        byte[] newer = rewrite(cf, model, name);
                        if (newer != null) {
                            bytes = newer;
                            upgraded++;
                        } else {
                            kept++;
                        }
                    }
                }
                ZipEntry copy = new ZipEntry(name);
                copy.setTime(e.getTime());
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        if (upgraded == 0) {
            Files.delete(tmp);
            System.out.println(jar.getFileName() + ": no class older than Java 6");
            return;
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.println(jar.getFileName() + ": " + upgraded + " classes rewritten as Java 8"
                + (kept > 0 ? ", " + kept + " kept as they were" : ""));
    }

    /** The class as a Java 8 class file, or null (kept as it is) when it cannot be made one that verifies. */
    private static byte[] rewrite(ClassFile cf, ClassModel model, String name) {
        try {
            // Passing every method body through the builder makes it write the code anew, with stack maps.
            byte[] newer = cf.transformClass(model, ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL)
                    .andThen((b, element) -> {
                        if (element instanceof ClassFileVersion) {
                            b.withVersion(TARGET, 0);
                        } else {
                            b.with(element);
                        }
                    }));
            List<VerifyError> errors = cf.verify(newer);
            if (!errors.isEmpty()) {
                System.out.println(name + ": kept (" + errors.get(0).getMessage() + ")");
                return null;
            }
            return newer;
        } catch (RuntimeException e) {
            System.out.println(name + ": kept (" + e + ")");
            return null;
        }
    }
}
