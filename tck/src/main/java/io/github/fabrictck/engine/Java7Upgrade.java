package io.github.fabrictck.engine;

import java.io.IOException;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.WeakHashMap;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.AsmClassWriter;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * A library class compiled for Java 6 or older, as a Java 7 class file with its stack map frames computed, before
 * the agent rewrites it: a point calls the original through a method handle, which a class file older than Java 7
 * cannot hold in its constant pool (Netty's {@code netty-transport-native-unix-common} is compiled for Java 6). The
 * code is unchanged; the frames are computed from the class hierarchy as the class path describes it (no class is
 * loaded for it). A class that cannot be so written is left as it is, and its rewrite then fails and is reported as
 * every other class the agent could not rewrite.
 */
final class Java7Upgrade {

    private static final int JAVA_7 = 51;

    private Java7Upgrade() {
    }

    /** The class file, as a Java 7 class file when it is older; the same bytes otherwise. */
    static byte[] upgrade(byte[] classFile, TypePool pool) {
        if (!olderThanJava7(classFile)) {
            return classFile;
        }
        try {
            ClassReader reader = OpenedClassReader.of(classFile);
            ClassWriter writer = new AsmClassWriter.FrameComputingClassWriter(ClassWriter.COMPUTE_FRAMES, pool);
            reader.accept(new ClassVisitor(OpenedClassReader.ASM_API, writer) {
                @Override
                public void visit(int version, int access, String name, String signature, String superName,
                                  String[] interfaces) {
                    super.visit(JAVA_7, access, name, signature, superName, interfaces);
                }
            }, ClassReader.SKIP_FRAMES);
            return writer.toByteArray();
        } catch (RuntimeException cannot) {
            return classFile;
        }
    }

    /**
     * The library classes a loader defines, upgraded before the agent's own transformer sees them; one pool per loader,
     * so that the class files of a hierarchy are read once, not again for each class that loader defines.
     */
    static ClassFileTransformer transformer() {
        Map<ClassLoader, TypePool> pools = java.util.Collections.synchronizedMap(new WeakHashMap<>());
        return new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String internalName, Class<?> redefined, ProtectionDomain domain,
                                    byte[] classFile) {
                if (internalName == null || !Libraries.inLibrary(internalName) || !olderThanJava7(classFile)) {
                    return null;
                }
                TypePool pool = pools.computeIfAbsent(loader, l -> TypePool.Default.of(l == null
                        ? ClassFileLocator.ForClassLoader.ofBootLoader() : ClassFileLocator.ForClassLoader.of(l)));
                byte[] upgraded = upgrade(classFile, pool);
                return upgraded == classFile ? null : upgraded;
            }
        };
    }

    private static boolean olderThanJava7(byte[] classFile) {
        return classFile.length >= 8 && ((classFile[6] & 0xFF) << 8 | (classFile[7] & 0xFF)) < JAVA_7;
    }

    /** A locator that gives the library classes of {@code delegate} upgraded, the scan's view of them. */
    static ClassFileLocator locator(ClassFileLocator delegate) {
        TypePool pool = TypePool.Default.of(delegate);
        return new ClassFileLocator() {
            @Override
            public Resolution locate(String name) throws IOException {
                Resolution r = delegate.locate(name);
                if (!r.isResolved() || !Libraries.inLibrary(name)) {
                    return r;
                }
                return new Resolution.Explicit(upgrade(r.resolve(), pool));
            }

            @Override
            public void close() throws IOException {
                delegate.close();
            }
        };
    }
}
