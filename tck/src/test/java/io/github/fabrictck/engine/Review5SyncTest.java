package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.fixtures.review5.SyncAttack;
import io.github.fabrictck.report.TraceEvent;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Review5 attacks on the synchronized-as-block rewrite. */
class Review5SyncTest {

    @BeforeAll
    static void attachAgent() {
        FixtureAgent.attach();
    }

    @Test
    void javacShapes() throws Exception {
        SyncAttack.Base b = new SyncAttack.Base();
        assertEquals(0, b.spin(5));
        assertEquals(2.5, b.half(5.0));
        assertEquals(11L, b.rec(10));
        assertEquals(1, b.finallyShape(false));
        assertThrows(IllegalStateException.class, () -> b.finallyShape(true));
        assertEquals(1, b.withBlock());
        assertEquals(3, SyncAttack.Base.stat(2));
        assertThrows(ArithmeticException.class, () -> SyncAttack.Base.stat(-1));
        SyncAttack.Sub s = new SyncAttack.Sub();
        assertEquals(1000, s.spin(3));
        assertEquals(3.5, s.half(5.0));
        assertTrue(!Thread.holdsLock(b) && !Thread.holdsLock(s) && !Thread.holdsLock(SyncAttack.Base.class));
        assertTrue(Agent.failures().keySet().stream().noneMatch(k -> k.contains("SyncAttack")), Agent.failures().toString());
    }

    private static final class Loader extends ClassLoader {
        Loader() {
            super(Review5SyncTest.class.getClassLoader());
        }

        Class<?> define(String name, byte[] b) {
            return defineClass(name, b, 0, b.length);
        }
    }

    private static byte[] staticSync(int version, String internal) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(version, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, internal, null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_SYNCHRONIZED, "f", "(I)I", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitInsn(Opcodes.IADD);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void anOldLibraryClassWithAStaticSynchronizedMethod() throws Exception {
        List<String> problems = new ArrayList<>();
        for (int v : new int[] {Opcodes.V1_2, Opcodes.V1_4, Opcodes.V1_5, Opcodes.V1_6}) {
            String name = "io.github.fabrictck.fixtures.review5.Old" + (v & 0xffff);
            try {
                Class<?> c = new Loader().define(name, staticSync(v, name.replace('.', '/')));
                Object r = c.getMethod("f", int.class).invoke(null, 41);
                if (!Integer.valueOf(42).equals(r)) {
                    problems.add(name + " returned " + r);
                }
            } catch (Throwable t) {
                problems.add(name + ": " + t);
            }
        }
        System.out.println("REVIEW5 old: " + problems + " failures " + Agent.failures());
        assertEquals(List.of(), problems);
        assertTrue(Agent.failures().keySet().stream().noneMatch(k -> k.contains("review5.Old")), Agent.failures().toString());
    }

    /** ProGuard-style variable reallocation: the int parameter's slot is reused for a String. */
    @Test
    void aParameterSlotReusedForAnotherType() throws Exception {
        String name = "io.github.fabrictck.fixtures.review5.Reused";
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name.replace('.', '/'), null, "java/lang/Object", null);
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_SYNCHRONIZED, "m", "(I)Ljava/lang/String;", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/String", "valueOf", "(I)Ljava/lang/String;", false);
        mv.visitVarInsn(Opcodes.ASTORE, 1);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        Object r;
        try {
            Class<?> c = new Loader().define(name, cw.toByteArray());
            Object o = c.getConstructor().newInstance();
            Method m = c.getMethod("m", int.class);
            r = m.invoke(o, 7);
        } catch (Throwable t) {
            r = t;
        }
        System.out.println("REVIEW5 reused: " + r + " failures " + Agent.failures());
        assertEquals("7", r);
    }
}
