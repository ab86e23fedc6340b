package io.github.fabrictck.adapters.nettyuring;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import io.github.fabrictck.adapters.nettyuring.kernel.NativeConstants;
import java.util.concurrent.atomic.AtomicLong;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * The one change made to Netty's classes, at their call sites only (no Netty method body is replaced): a call to a
 * native method of Netty's {@code Native}, {@code NativeStaticallyReferencedJniMethods}, unix {@code FileDescriptor} or
 * unix {@code Socket} becomes a call to the simulated one ({@link SimNative}, {@link NativeConstants} (no caller appended: constants name no kernel),
 * {@link SimUnixFileDescriptor}, {@link SimUnixSocket}: same name, same arguments, the calling class appended), and in
 * {@code IOUringEventLoop} a call to {@code AtomicLong.set/get/getAndSet} becomes a call to {@link LoopPoints} with
 * its method and source line. A native the simulation does not declare is left alone (calling it fails loudly).
 */
public final class NativeRedirect {

    static final String EVENT_LOOP = "io/netty/incubator/channel/uring/IOUringEventLoop";
    private static final String ATOMIC_LONG = Type.getInternalName(AtomicLong.class);
    private static final String POINTS = Type.getInternalName(LoopPoints.class);
    private static final Map<String, Class<?>> NATIVES = Map.of(
        "io/netty/incubator/channel/uring/Native", SimNative.class,
        "io/netty/incubator/channel/uring/NativeStaticallyReferencedJniMethods", NativeConstants.class,
        "io/netty/channel/unix/FileDescriptor", SimUnixFileDescriptor.class,
        "io/netty/channel/unix/Socket", SimUnixSocket.class);
    /** owner + "." + name + descriptor (without the appended caller) of every simulated native. */
    private static final Set<String> SIMULATED = simulated();

    private NativeRedirect() {
    }

    /** Netty's class file with its native and loop-point call sites redirected (the same bytes if it has none). */
    public static byte[] rewrite(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        boolean[] changed = {false};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            private String className;

            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                              String[] interfaces) {
                className = name;
                super.visit(version, access, name, signature, superName, interfaces);
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                return new CallSites(mv, className, name, changed);
            }
        }, 0);
        return changed[0] ? writer.toByteArray() : classFile;
    }

    private static final class CallSites extends MethodVisitor {
        private final String className;
        private final String methodName;
        private final boolean[] changed;
        private int line;

        CallSites(MethodVisitor mv, String className, String methodName, boolean[] changed) {
            super(Opcodes.ASM9, mv);
            this.className = className;
            this.methodName = methodName;
            this.changed = changed;
        }

        @Override
        public void visitLineNumber(int line, Label start) {
            this.line = line;
            super.visitLineNumber(line, start);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            Class<?> sim = NATIVES.get(owner);
            if (opcode == Opcodes.INVOKESTATIC && sim == NativeConstants.class && SIMULATED.contains(owner + "." + name + descriptor)) {
                super.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(sim), name, descriptor, false);
                changed[0] = true;
            } else if (opcode == Opcodes.INVOKESTATIC && sim != null && SIMULATED.contains(owner + "." + name + descriptor)) {
                super.visitLdcInsn(Type.getObjectType(className));
                super.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(sim), name, withCaller(descriptor), false);
                changed[0] = true;
            } else if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals(ATOMIC_LONG) && className.equals(EVENT_LOOP)
                && (name.equals("set") || name.equals("get") || name.equals("getAndSet"))) {
                super.visitLdcInsn(methodName + ":" + line);
                super.visitLdcInsn(Type.getObjectType(className));
                String receiverFirst = "(L" + ATOMIC_LONG + ";" + descriptor.substring(1);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, POINTS, name, withSiteAndCaller(receiverFirst), false);
                changed[0] = true;
            } else {
                super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            }
        }
    }

    private static String withCaller(String descriptor) {
        return descriptor.replace(")", "Ljava/lang/Class;)");
    }

    private static String withSiteAndCaller(String descriptor) {
        return descriptor.replace(")", "Ljava/lang/String;Ljava/lang/Class;)");
    }

    private static Set<String> simulated() {
        Set<String> names = new HashSet<>();
        NATIVES.forEach((owner, sim) -> {
            for (Method m : sim.getDeclaredMethods()) {
                Class<?>[] params = m.getParameterTypes();
                if (Modifier.isPublic(m.getModifiers()) && sim == NativeConstants.class) {
                    names.add(owner + "." + m.getName() + Type.getMethodDescriptor(m));
                } else if (Modifier.isPublic(m.getModifiers()) && params.length > 0 && params[params.length - 1] == Class.class) {
                    String d = Type.getMethodDescriptor(m);
                    names.add(owner + "." + m.getName() + d.replace("Ljava/lang/Class;)", ")"));
                }
            }
        });
        return Set.copyOf(names);
    }
}
