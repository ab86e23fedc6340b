package io.github.fabrictck.engine;

import io.github.fabrictck.report.Result;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.field.FieldList;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Makes every driver call site that reaches a method the kit must see ({@link Agent#environmentMethods()},
 * {@link Agent#syncMethods()}, {@link Agent#exitMethods()}) one that {@code MemberSubstitution} rewrites,
 * and checks afterwards that none was left: never a silent skip.
 *
 * <p>{@code MemberSubstitution} looks a call site's method up in the owner's method graph, which
 * merges an interface method with a same-signature method of another interface (the driver's own
 * generic {@code Armable<T>}) and then sees the other one; it also looks static and special calls
 * up in the owner alone. It skips what it does not find, without a word. So, before it runs:
 * <ul>
 *   <li>{@link #resolving} resolves each call site as the JVM does (the owner's class chain first,
 *       then its interfaces) and, when the method found is one the kit must see and is declared
 *       elsewhere than the owner, names its declaring type as the owner (same dispatch: the
 *       receiver is of the owner's type, which inherits that method);</li>
 *   <li>it turns a method reference to such a method ({@code queue::poll}, a
 *       {@code LambdaMetafactory} handle whose call the JDK's spun class would make) into a
 *       reference to a small static method of the driver's class that calls {@link Points}.</li>
 * </ul>
 * After every rewrite, {@link #verifying} reads the class as it will be loaded and records every
 * call site still reaching such a method, with its class, method and line, in {@link Agent#failures()}:
 * the class counts as not transformed, and every window is ERROR naming it.
 */
final class CallSites {

    /** Prefix of the static methods that stand for a method reference. */
    static final String REFERENCE_PREFIX = "fabrictck$reference$";

    private CallSites() {
    }

    /** Whether a method is one whose calls the kit must see, and by which {@link Points} hook. */
    static String hook(MethodDescription m) {
        if (Agent.environmentMethods().matches(m)) {
            return "environment";
        }
        if (Agent.syncMethods().matches(m)) {
            return "sync";
        }
        if (Agent.exitMethods().matches(m)) {
            return "terminate";
        }
        return null;
    }

    /**
     * The method a call site of this owner, name and descriptor reaches, as the JVM resolves it
     * (JVMS 5.4.3.3 and 5.4.3.4): the owner's class chain, then {@code Object} for an interface,
     * then every superinterface. {@code null} when the owner cannot be described or declares no
     * such method (the class would fail to link anyway).
     */
    static MethodDescription resolve(TypePool pool, String owner, String name, String descriptor) {
        if (owner.startsWith("[")) {
            return null;
        }
        TypePool.Resolution resolution = pool.describe(owner.replace('/', '.'));
        if (!resolution.isResolved()) {
            return null;
        }
        TypeDescription type = resolution.resolve();
        List<TypeDescription> interfaces = new ArrayList<>();
        for (TypeDefinition t = type; t != null; t = t.getSuperClass()) {
            MethodDescription found = declared(t.asErasure(), name, descriptor);
            if (found != null) {
                return found;
            }
            interfaces.addAll(t.getInterfaces().asErasures());
            if (t.isInterface()) {
                break;
            }
        }
        if (type.isInterface()) {
            MethodDescription found = declared(TypeDescription.ForLoadedType.of(Object.class), name, descriptor);
            if (found != null && found.isPublic()) {
                return found;
            }
        }
        Deque<TypeDescription> queue = new ArrayDeque<>(interfaces);
        Set<String> seen = new HashSet<>();
        MethodDescription abstractOne = null;
        while (!queue.isEmpty()) {
            TypeDescription i = queue.poll();
            if (!seen.add(i.getName())) {
                continue;
            }
            MethodDescription found = declared(i, name, descriptor);
            if (found != null && !found.isStatic() && !found.isPrivate()) {
                // a method the kit must see wins over a same-signature method of the driver's own interface
                if (hook(found) != null) {
                    return found;
                }
                abstractOne = abstractOne == null ? found : abstractOne;
            }
            queue.addAll(i.getInterfaces().asErasures());
        }
        return abstractOne;
    }

    private static MethodDescription declared(TypeDescription type, String name, String descriptor) {
        for (MethodDescription.InDefinedShape m : type.getDeclaredMethods()) {
            if (m.getInternalName().equals(name) && m.getDescriptor().equals(descriptor)) {
                return m;
            }
        }
        return null;
    }

    /**
     * A call site's method when it is one the kit must see.
     *
     * @param hook        the {@link Points} hook its calls go to
     * @param owner       its declaring type, internal name
     * @param onInterface whether that type is an interface
     * @param callable    whether a driver class may name it as a call site's owner (public type, public or protected method)
     * @param referable   whether a driver class may name it in a method handle (public type and method)
     * @param description as {@link java.lang.reflect.Method#toString()} writes it
     */
    record Resolved(String hook, String owner, boolean onInterface, boolean callable, boolean referable,
                    String description) {
    }

    /** The names {@link Agent#syncMethods()} and {@link Agent#exitMethods()} match outside java.util.concurrent. */
    private static final Set<String> JDK_NAMES = Set.of("wait", "notify", "notifyAll", "sleep", "join", "yield",
            "onSpinWait", "start", "get", "exit", "halt");

    /** Resolutions of call sites on JDK and SPI types, the same for every driver class. */
    private static final Map<String, java.util.Optional<Resolved>> SHARED = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The method a call site reaches when it is one the kit must see, else {@code null}; cached
     * across classes for owners of the JDK and the SPI, and in {@code local} for the others.
     */
    static Resolved target(TypePool pool, Map<String, java.util.Optional<Resolved>> local, String owner, String name,
                           String descriptor) {
        if (name.startsWith("<")) {
            return null;
        }
        boolean jdk = isJdk(owner);
        // on a JDK type outside java.util.concurrent only Object's, Thread's, Future's and the exit
        // methods can be ones the kit must see (environment types are never the JDK's): the rest
        // need not be resolved, which keeps the first driver classes quick to load
        if (jdk && !owner.startsWith("java/util/concurrent/") && !JDK_NAMES.contains(name)) {
            return null;
        }
        boolean shared = jdk || owner.startsWith("io/github/fabrictck/spi/");
        Map<String, java.util.Optional<Resolved>> cache = shared ? SHARED : local;
        return cache.computeIfAbsent(owner + '.' + name + descriptor, key -> {
            MethodDescription m = resolve(pool, owner, name, descriptor);
            String hook = m == null ? null : hook(m);
            if (hook == null) {
                return java.util.Optional.empty();
            }
            TypeDescription declaring = m.getDeclaringType().asErasure();
            return java.util.Optional.of(new Resolved(hook, declaring.getInternalName(), declaring.isInterface(),
                    declaring.isPublic() && (m.isPublic() || m.isProtected()), declaring.isPublic() && m.isPublic(),
                    m.toString()));
        }).orElse(null);
    }

    /**
     * Methods of the class's own (not the kit's) interfaces that it implements only by inheriting a
     * method the kit must see ({@code class MyLock extends ReentrantLock implements Lockable}): a call
     * through the interface reaches the JDK's method with no call site naming it, so no rewrite of
     * call sites can see it. Each as {@code Interface.method, implemented by Owner.method}.
     */
    static List<String> inheritedThroughOwnInterfaces(TypeDescription type) {
        List<String> found = new ArrayList<>();
        Deque<TypeDescription> queue = new ArrayDeque<>();
        for (TypeDefinition t = type; t != null; t = t.getSuperClass()) {
            queue.addAll(t.getInterfaces().asErasures());
        }
        Set<String> seen = new HashSet<>();
        while (!queue.isEmpty()) {
            TypeDescription i = queue.poll();
            if (!seen.add(i.getName())) {
                continue;
            }
            queue.addAll(i.getInterfaces().asErasures());
            if (isJdk(i.getName())) {
                // a call through Queue.offer on a LinkedBlockingQueue is unseen whatever the class:
                // a limit of rewriting call sites (README), not this class's doing
                continue;
            }
            for (MethodDescription m : i.getDeclaredMethods()) {
                if (m.isStatic() || m.isPrivate() || hook(m) != null) {
                    continue;
                }
                for (TypeDefinition t = type; t != null; t = t.getSuperClass()) {
                    MethodDescription impl = declared(t.asErasure(), m.getInternalName(), m.getDescriptor());
                    if (impl != null) {
                        if (!impl.isAbstract() && hook(impl) != null && !t.asErasure().equals(type)) {
                            found.add(i.getSimpleName() + "." + m.getName() + ", implemented by "
                                    + Target.parse(impl.toString()).display() + " which " + type.getName()
                                    + " inherits");
                        }
                        break;
                    }
                }
            }
        }
        return found;
    }

    /** The collection interfaces whose calls may reach a java.util.concurrent collection (internal names). */
    private static final Set<String> COLLECTION_TYPES = Set.of("java/util/Collection", "java/util/Queue",
            "java/util/Deque", "java/util/Set", "java/util/List", "java/util/Map", "java/util/SortedSet",
            "java/util/NavigableSet", "java/util/SortedMap", "java/util/NavigableMap", "java/util/AbstractQueue",
            "java/util/AbstractCollection");

    /**
     * The collection methods that look at or change its contents; a call is hooked when it takes at most two
     * arguments, none a {@code long} or {@code double} ({@code Map.put}, {@code List.set(int, E)}).
     */
    private static final Set<String> COLLECTION_METHODS = Set.of("isEmpty", "size", "poll", "peek", "element", "add",
            "offer", "remove", "contains", "containsKey", "containsValue", "get", "push", "pop", "pollFirst", "pollLast",
            "peekFirst", "peekLast", "offerFirst", "offerLast", "addFirst", "addLast", "removeFirst", "removeLast",
            "getFirst", "getLast", "clear", "first", "last", "put", "putIfAbsent", "replace", "set", "compute",
            "computeIfAbsent", "computeIfPresent", "getOrDefault");

    /** Whether a call site's owner may be a java.util.concurrent collection (the hook looks at the object itself). */
    private static boolean isCollection(String owner) {
        return COLLECTION_TYPES.contains(owner) || owner.startsWith("java/util/concurrent/")
                && owner.indexOf('/', "java/util/concurrent/".length()) < 0;
    }

    /** A member as reports name it: its type's name without the package, then its own ({@code VarHandle.compareAndSet}). */
    private static String member(String owner, String name) {
        return owner.substring(owner.lastIndexOf('/') + 1) + "." + name;
    }

    /** Whether a type (binary or internal name) is the JDK's. */
    private static boolean isJdk(String name) {
        return name.startsWith("java") && (name.startsWith("java.") || name.startsWith("java/")
                || name.startsWith("javax.") || name.startsWith("javax/"))
                || name.startsWith("jdk.") || name.startsWith("jdk/") || name.startsWith("sun.") || name.startsWith("sun/");
    }

    /** Names the declaring type as the owner of every call site that reaches a method the kit must see. */
    static AsmVisitorWrapper resolving() {
        // the static methods that stand for method references need their stack size computed
        return computingMaxs(Resolving::new);
    }

    /** A visitor of one class, given what it visits, its type and the pool that describes the types it names. */
    private interface ClassRewrite {
        ClassVisitor wrap(ClassVisitor next, TypeDescription type, TypePool pool);
    }

    /** A rewrite that changes code, so that the writer computes the methods' stack sizes. */
    private static AsmVisitorWrapper computingMaxs(ClassRewrite rewrite) {
        return new Wrapper() {
            @Override
            public ClassVisitor wrap(TypeDescription instrumentedType, ClassVisitor classVisitor,
                                     Implementation.Context context, TypePool pool,
                                     FieldList<FieldDescription.InDefinedShape> fields, MethodList<?> methods,
                                     int writerFlags, int readerFlags) {
                return rewrite.wrap(classVisitor, instrumentedType, pool);
            }

            @Override
            public int mergeWriter(int flags) {
                return flags | net.bytebuddy.jar.asm.ClassWriter.COMPUTE_MAXS;
            }
        };
    }

    /**
     * Rewrites every {@code synchronized} method as a method whose body is a {@code synchronized}
     * block ({@link SynchronizedAsBlock}). It must read what the SPI advice wrote (so the advice's code
     * is inside the block and the handler's frame comes after the advice's), so it is added before it.
     */
    static AsmVisitorWrapper synchronizedAsBlocks() {
        return new Wrapper() {
            @Override
            public ClassVisitor wrap(TypeDescription instrumentedType, ClassVisitor classVisitor,
                                     Implementation.Context context, TypePool pool,
                                     FieldList<FieldDescription.InDefinedShape> fields, MethodList<?> methods,
                                     int writerFlags, int readerFlags) {
                String owner = instrumentedType.getInternalName();
                return new ClassVisitor(OpenedClassReader.ASM_API, classVisitor) {
                    @Override
                    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                                     String[] exceptions) {
                        if ((access & Opcodes.ACC_SYNCHRONIZED) == 0
                                || (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0
                                // before Java 5 (49) a class constant cannot be loaded: a static one stays as it is (review5)
                                || (access & Opcodes.ACC_STATIC) != 0 && context.getClassFileVersion().isLessThan(
                                        net.bytebuddy.ClassFileVersion.JAVA_V5)) {
                            return super.visitMethod(access, name, descriptor, signature, exceptions);
                        }
                        // an SPI method's entry point (the advice's Points.enter) comes before its monitor, as the
                        // call of a synchronized method does: a hold there leaves the monitor free (#28)
                        boolean spi = methods.filter(net.bytebuddy.matcher.ElementMatchers.hasMethodName(name)
                                .and(net.bytebuddy.matcher.ElementMatchers.hasDescriptor(descriptor)))
                                .stream().anyMatch(m -> Agent.spiMethods().matches(m));
                        return new SynchronizedAsBlock(super.visitMethod(access & ~Opcodes.ACC_SYNCHRONIZED, name,
                                descriptor, signature, exceptions), owner, (access & Opcodes.ACC_STATIC) != 0, spi);
                    }
                };
            }

            @Override
            public int mergeWriter(int flags) {
                return flags | net.bytebuddy.jar.asm.ClassWriter.COMPUTE_MAXS;
            }
        };
    }

    /**
     * A library's calls to the static {@code native} methods of a type an adapter redirects
     * ({@link io.github.fabrictck.adapter.Adapter#redirects()}): to the environment type's method of the same name
     * and descriptor, which the substitutions then make a point; a native the environment type does not declare
     * becomes a call to {@link Points#unsimulated}, which throws (its arguments dropped, a value of the return type
     * left for the verifier). Every such call site is listed ({@code redirect}, {@code unsimulated}).
     */
    static AsmVisitorWrapper redirecting() {
        return computingMaxs(Redirecting::new);
    }

    /** A class visitor that knows the class's source file. */
    private abstract static class SourceAware extends ClassVisitor {
        String source;

        SourceAware(ClassVisitor next) {
            super(OpenedClassReader.ASM_API, next);
        }

        @Override
        public void visitSource(String file, String debug) {
            source = file;
            super.visitSource(file, debug);
        }
    }

    /** A method visitor that knows the source line of the instruction it visits. */
    private static class LineAware extends MethodVisitor {
        int line;

        LineAware(MethodVisitor next) {
            super(OpenedClassReader.ASM_API, next);
        }

        @Override
        public void visitLineNumber(int number, Label start) {
            line = number;
            super.visitLineNumber(number, start);
        }
    }

    private static final class Redirecting extends SourceAware {
        private final TypeDescription type;
        private final TypePool pool;
        private final Map<String, Boolean> answers = new java.util.HashMap<>();

        Redirecting(ClassVisitor next, TypeDescription type, TypePool pool) {
            super(next);
            this.type = type;
            this.pool = pool;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            return new LineAware(super.visitMethod(access, name, descriptor, signature, exceptions)) {
                @Override
                public void visitMethodInsn(int opcode, String owner, String callee, String desc, boolean onInterface) {
                    String to = opcode == Opcodes.INVOKESTATIC ? Libraries.redirectOf(owner) : null;
                    MethodDescription m = to == null ? null : resolve(pool, owner, callee, desc);
                    if (m == null || !m.isNative()) {
                        super.visitMethodInsn(opcode, owner, callee, desc, onInterface);
                        return;
                    }
                    String what = member(owner, callee);
                    String site = type.getName() + "." + name + "(" + source + ":" + line + ")";
                    if (answers.computeIfAbsent(to + "." + callee + desc, k -> declaresStatic(to, callee, desc))) {
                        Libraries.rewrote(new Result.CallSite("redirect", what, type.getName(), name, source, line));
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, to, callee, desc, false);
                        return;
                    }
                    Libraries.rewrote(new Result.CallSite("unsimulated", what, type.getName(), name, source, line));
                    Type[] arguments = Type.getArgumentTypes(desc);
                    for (int i = arguments.length - 1; i >= 0; i--) {
                        super.visitInsn(arguments[i].getSize() == 2 ? Opcodes.POP2 : Opcodes.POP);
                    }
                    super.visitLdcInsn(Target.parse(m.toString()).display());
                    super.visitLdcInsn(site);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(Points.class), "unsimulated",
                            "(Ljava/lang/String;Ljava/lang/String;)V", false);
                    pushDefault(Type.getReturnType(desc));
                }

                private void pushDefault(Type t) {
                    switch (t.getSort()) {
                        case Type.VOID -> { }
                        case Type.LONG -> super.visitInsn(Opcodes.LCONST_0);
                        case Type.FLOAT -> super.visitInsn(Opcodes.FCONST_0);
                        case Type.DOUBLE -> super.visitInsn(Opcodes.DCONST_0);
                        case Type.ARRAY, Type.OBJECT -> super.visitInsn(Opcodes.ACONST_NULL);
                        default -> super.visitInsn(Opcodes.ICONST_0);
                    }
                }
            };
        }

        private boolean declaresStatic(String owner, String callee, String desc) {
            TypePool.Resolution r = pool.describe(owner.replace('/', '.'));
            if (!r.isResolved()) {
                throw new IllegalStateException("the adapter's environment type " + owner.replace('/', '.')
                        + " is not on the class path");
            }
            MethodDescription m = declared(r.resolve(), callee, desc);
            return m != null && m.isStatic() && m.isPublic();
        }
    }

    /** Records every call site left that reaches a method the kit must see, in {@code failed} by class name. */
    static AsmVisitorWrapper verifying(Map<String, String> failed) {
        return verifying(failed, false);
    }

    /**
     * As {@link #verifying(Map)}; with {@code scan}, the class is read before anything reaches it
     * ({@link Agent#scanLibraries}), so a library class that declares {@code native} methods is not
     * failed for its own native calls and the {@code System.loadLibrary} of its static initialiser:
     * the call sites that reach it are (a static call, a {@code new}), unless stubbed. Loaded for
     * real, such a class is failed as always: something reached it.
     */
    static AsmVisitorWrapper verifying(Map<String, String> failed, boolean scan) {
        return new Wrapper() {
            @Override
            public ClassVisitor wrap(TypeDescription instrumentedType, ClassVisitor classVisitor,
                                     Implementation.Context context, TypePool pool,
                                     FieldList<FieldDescription.InDefinedShape> fields, MethodList<?> methods,
                                     int writerFlags, int readerFlags) {
                return new Verifying(classVisitor, instrumentedType, pool, failed, scan);
            }
        };
    }

    private abstract static class Wrapper implements AsmVisitorWrapper {
        @Override
        public int mergeWriter(int flags) {
            return flags;
        }

        @Override
        public int mergeReader(int flags) {
            return flags;
        }
    }

    private static boolean isLambdaFactory(Handle bootstrap) {
        return bootstrap.getOwner().equals("java/lang/invoke/LambdaMetafactory");
    }

    /** The method a handle constant names, resolved like a call site, when it is one the kit must see. */
    private static Resolved target(TypePool pool, Map<String, java.util.Optional<Resolved>> local, Handle h) {
        return h.getTag() >= Opcodes.H_INVOKEVIRTUAL && h.getTag() <= Opcodes.H_INVOKEINTERFACE
                && h.getTag() != Opcodes.H_NEWINVOKESPECIAL
                ? target(pool, local, h.getOwner(), h.getName(), h.getDesc()) : null;
    }

    /**
     * A {@code synchronized} method rewritten as a method whose whole body is a {@code synchronized}
     * block on the same monitor ({@code this}, or the class of a static method), with the exploration's
     * monitor point before it takes the monitor. A synchronized method takes its monitor before its
     * first instruction, so a thread of the kit that calls it (an SPI method such as {@code send})
     * would take it with no point first, and race a driver thread blocked on the same monitor; as a
     * block it is taken at a point like every other. The monitor is released before every return and,
     * by a handler that covers the whole body (after the body's own handlers), on every throw.
     *
     * <p>In an SPI method the block begins after the SPI advice's entry point ({@link Points#enter}): a
     * window that holds a thread at the method's entry holds it before the monitor, where a caller of
     * the synchronized method would be, so the driver's other threads can take the monitor meanwhile
     * (a handshake whose {@code onReceive} is synchronized, with more than one receive thread). The
     * advice's exit point stays inside the block.
     */
    private static final class SynchronizedAsBlock extends MethodVisitor {
        private final String owner;
        private final boolean isStatic;
        private final Label start = new Label();
        private final Label end = new Label();
        private final Label handler = new Label();
        private boolean begun;
        /** An SPI method whose advice's entry point ({@link Points#enter}) has not been passed yet. */
        private boolean awaitingEntry;
        /** The body's frames are compressed ({@code F_SAME}, ...): the handler's must be too ({@code F_FULL}). */
        private boolean compressed;

        SynchronizedAsBlock(MethodVisitor next, String owner, boolean isStatic, boolean spi) {
            super(OpenedClassReader.ASM_API, next);
            this.owner = owner;
            this.isStatic = isStatic;
            this.awaitingEntry = spi;
        }

        /**
         * Before the body's first instruction, label or frame, after its own handlers were declared; in an
         * SPI method, right after the advice's entry point.
         */
        private void begin() {
            if (begun || awaitingEntry) {
                return;
            }
            begun = true;
            super.visitTryCatchBlock(start, end, handler, null);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(Points.class), "synchronizedMethod", "()V",
                    false);
            monitor();
            super.visitInsn(Opcodes.MONITORENTER);
            super.visitLabel(start);
        }

        private void monitor() {
            if (isStatic) {
                super.visitLdcInsn(Type.getObjectType(owner));
            } else {
                super.visitVarInsn(Opcodes.ALOAD, 0);
            }
        }

        @Override
        public void visitInsn(int opcode) {
            begin();
            if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
                monitor();
                super.visitInsn(Opcodes.MONITOREXIT);
            }
            super.visitInsn(opcode);
        }

        @Override
        public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
            begin();
            compressed = type != Opcodes.F_NEW;
            super.visitFrame(type, numLocal, local, numStack, stack);
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            begin();
            super.visitIntInsn(opcode, operand);
        }

        @Override
        public void visitVarInsn(int opcode, int var) {
            begin();
            super.visitVarInsn(opcode, var);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            begin();
            super.visitTypeInsn(opcode, type);
        }

        @Override
        public void visitFieldInsn(int opcode, String fieldOwner, String name, String desc) {
            begin();
            super.visitFieldInsn(opcode, fieldOwner, name, desc);
        }

        @Override
        public void visitMethodInsn(int opcode, String methodOwner, String name, String desc, boolean onInterface) {
            begin();
            super.visitMethodInsn(opcode, methodOwner, name, desc, onInterface);
            if (awaitingEntry && opcode == Opcodes.INVOKESTATIC && name.equals("enter")
                    && methodOwner.equals(Type.getInternalName(Points.class))) {
                awaitingEntry = false;
                begin();
            }
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String desc, Handle bootstrap, Object... arguments) {
            begin();
            super.visitInvokeDynamicInsn(name, desc, bootstrap, arguments);
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            begin();
            super.visitJumpInsn(opcode, label);
        }

        @Override
        public void visitLabel(Label label) {
            begin();
            super.visitLabel(label);
        }

        @Override
        public void visitLdcInsn(Object value) {
            begin();
            super.visitLdcInsn(value);
        }

        @Override
        public void visitIincInsn(int var, int increment) {
            begin();
            super.visitIincInsn(var, increment);
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            begin();
            super.visitTableSwitchInsn(min, max, dflt, labels);
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            begin();
            super.visitLookupSwitchInsn(dflt, keys, labels);
        }

        @Override
        public void visitMultiANewArrayInsn(String desc, int dimensions) {
            begin();
            super.visitMultiANewArrayInsn(desc, dimensions);
        }

        @Override
        public void visitLineNumber(int line, Label label) {
            begin();
            super.visitLineNumber(line, label);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            if (awaitingEntry) {
                throw new IllegalStateException("the SPI advice's entry point was not found in a synchronized method of "
                        + owner);
            }
            begin();
            super.visitLabel(end);
            super.visitLabel(handler);
            List<Object> locals = new ArrayList<>();
            if (!isStatic) {
                locals.add(owner);
            }
            // only the monitor's slot: the body may reuse a parameter's slot for another type (optimisers do), and a
            // handler frame that named the parameters would then not verify (review5)
            super.visitFrame(compressed ? Opcodes.F_FULL : Opcodes.F_NEW, locals.size(), locals.toArray(), 1,
                    new Object[] {"java/lang/Throwable"});
            monitor();
            super.visitInsn(Opcodes.MONITOREXIT);
            super.visitInsn(Opcodes.ATHROW);
            super.visitMaxs(maxStack, maxLocals);
        }
    }

    private static final class Resolving extends ClassVisitor {
        private final TypeDescription type;
        private final TypePool pool;
        private final boolean library;
        private final List<Reference> references = new ArrayList<>();
        private final Map<String, java.util.Optional<Resolved>> local = new java.util.HashMap<>();
        private final Map<String, Boolean> synchronizedMethods = new java.util.HashMap<>();
        private final Map<String, Boolean> volatileFields = new java.util.HashMap<>();
        private boolean isInterface;
        private int line;
        private String source;

        Resolving(ClassVisitor next, TypeDescription type, TypePool pool) {
            super(OpenedClassReader.ASM_API, next);
            this.type = type;
            this.pool = pool;
            this.library = Libraries.inLibrary(type.getName());
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            isInterface = (access & Opcodes.ACC_INTERFACE) != 0;
            super.visit(version, access, name, signature, superName, interfaces);
        }

        @Override
        public void visitSource(String file, String debug) {
            source = file;
            super.visitSource(file, debug);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            String method = name;
            // a record's equals, hashCode and toString are not rewritten (Agent.rewritable): no site is written there
            boolean rewritten = !(type.isRecord() && (name.equals("equals") || name.equals("hashCode")
                    || name.equals("toString")));
            return new MethodVisitor(OpenedClassReader.ASM_API, super.visitMethod(access, name, descriptor, signature,
                    exceptions)) {
                /** Whether this method has passed a line number yet: a site is written only where the walk has one. */
                private boolean lined;

                @Override
                public void visitLineNumber(int number, Label start) {
                    line = number;
                    lined = true;
                    super.visitLineNumber(number, start);
                }

                /** This call site as {@link Site#caller()} finds it on the stack, or {@code null} when it has no line. */
                private String site() {
                    return lined && rewritten ? Site.format(type.getName(), method, source, line) : null;
                }

                @Override
                public void visitMethodInsn(int opcode, String owner, String callee, String desc, boolean onInterface) {
                    if (isSynchronized(owner, callee, desc)) {
                        // a synchronized method takes its monitor before its first instruction: the point is its call
                        monitorPoint(site());
                        if (library) {
                            Libraries.rewrote(new Result.CallSite("monitor", member(owner, callee) + " (synchronized)",
                                    type.getName(), name, source, line));
                        }
                    }
                    Resolved m = target(pool, local, owner, callee, desc);
                    if (m == null && rewritten && !method.startsWith("<")) {
                        memoryPoint(opcode, owner, callee, desc);
                    }
                    String at = m == null || Libraries.isStub(owner, callee) ? null : site();
                    if (at != null) {
                        // the call's site, written down for the hook it becomes: no stack walk at the point
                        super.visitLdcInsn(at);
                        super.visitLdcInsn(callee);
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(Points.class), "at",
                                "(Ljava/lang/String;Ljava/lang/String;)V", false);
                    }
                    // an adapter's boundary, stubs and JDK synchronisation: the agent lists every call site it
                    // rewrites in the library
                    if (library && m != null) {
                        listed(m, name);
                    } else if (library && opcode == Opcodes.INVOKESTATIC && Libraries.isStub(owner, callee)) {
                        Libraries.rewrote(new Result.CallSite("stub", member(owner, callee), type.getName(), name, source,
                                line));
                    }
                    // Iface.super.m() must name a direct superinterface: such a call is left to verifying()
                    if (m != null && !m.owner().equals(owner) && m.callable()
                            && !(opcode == Opcodes.INVOKESPECIAL && m.onInterface())) {
                        int op = opcode == Opcodes.INVOKESTATIC || opcode == Opcodes.INVOKESPECIAL ? opcode
                                : m.onInterface() ? Opcodes.INVOKEINTERFACE : Opcodes.INVOKEVIRTUAL;
                        super.visitMethodInsn(op, m.owner(), callee, desc, m.onInterface());
                        return;
                    }
                    super.visitMethodInsn(opcode, owner, callee, desc, onInterface);
                }

                @Override
                public void visitInsn(int opcode) {
                    if (opcode == Opcodes.MONITORENTER) {
                        // an exploration's scheduler decides who takes a monitor, as it decides every other step
                        monitorPoint(site());
                        if (library) {
                            Libraries.rewrote(new Result.CallSite("monitor", "synchronized block", type.getName(), name,
                                    source, line));
                        }
                    }
                    super.visitInsn(opcode);
                }

                @Override
                public void visitFieldInsn(int opcode, String owner, String field, String desc) {
                    if ((opcode == Opcodes.PUTFIELD || opcode == Opcodes.PUTSTATIC) && rewritten
                            && !method.startsWith("<") && isVolatile(owner, field)) {
                        // a flag a design announces its state with ("about to sleep"): a point before the write,
                        // so a window can hold a thread between its look at a queue and its announcement
                        volatilePoint(member(owner, field));
                    }
                    super.visitFieldInsn(opcode, owner, field, desc);
                }

                /**
                 * A point before a lock-free step the kit does not otherwise see: a VarHandle's access other than a
                 * read ({@code compareAndSet}, {@code setRelease}, ...), or a call to a collection (through its
                 * interface, {@code Queue.isEmpty}, or a java.util.concurrent class, {@code ConcurrentLinkedQueue.poll})
                 * that is a point when the collection is java.util.concurrent's. The stack is left as it was.
                 */
                private void memoryPoint(int opcode, String owner, String callee, String desc) {
                    if (owner.equals("java/lang/invoke/VarHandle") && (callee.startsWith("set")
                            || callee.startsWith("compareAnd") || callee.startsWith("weakCompareAnd")
                            || callee.startsWith("getAnd"))) {
                        volatilePoint(member(owner, callee));
                        return;
                    }
                    if (opcode == Opcodes.INVOKESTATIC || opcode == Opcodes.INVOKESPECIAL || !isCollection(owner)
                            || !COLLECTION_METHODS.contains(callee)) {
                        return;
                    }
                    Type[] arguments = Type.getArgumentTypes(desc);
                    if (arguments.length == 0) {
                        super.visitInsn(Opcodes.DUP); // the collection
                    } else if (arguments.length == 1 && arguments[0].getSize() == 1) {
                        super.visitInsn(Opcodes.DUP2); // the collection and the argument
                        super.visitInsn(Opcodes.POP);
                    } else if (arguments.length == 2 && arguments[0].getSize() == 1 && arguments[1].getSize() == 1) {
                        // c, a, b -> a, b, c, a, b -> a, b, c -> c, a, b, c: the collection on top, the call's stack kept
                        super.visitInsn(Opcodes.DUP2_X1);
                        super.visitInsn(Opcodes.POP2);
                        super.visitInsn(Opcodes.DUP_X2);
                    } else {
                        return;
                    }
                    pushSite();
                    super.visitLdcInsn(callee);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(Points.class), "collection",
                            "(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;)V", false);
                    listedMemory("collection", member(owner, callee));
                }

                /** A point before a write of a volatile field, or a VarHandle's access ({@code target}). */
                private void volatilePoint(String target) {
                    pushSite();
                    super.visitLdcInsn(target);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(Points.class), "volatileWrite",
                            "(Ljava/lang/String;Ljava/lang/String;)V", false);
                    listedMemory("volatile", target);
                }

                private void pushSite() {
                    String at = site();
                    if (at == null) {
                        super.visitInsn(Opcodes.ACONST_NULL);
                    } else {
                        super.visitLdcInsn(at);
                    }
                }

                private void listedMemory(String kind, String target) {
                    if (library) {
                        Libraries.rewrote(new Result.CallSite(kind, target, type.getName(), name, source, line));
                    }
                }

                /** The monitor's point: with its site when it has one. */
                private void monitorPoint(String at) {
                    if (at == null) {
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(Points.class), "monitorEnter",
                                "()V", false);
                    } else {
                        super.visitLdcInsn(at);
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(Points.class), "monitorEnter",
                                "(Ljava/lang/String;)V", false);
                    }
                }

                @Override
                public void visitInvokeDynamicInsn(String name, String desc, Handle bootstrap, Object... arguments) {
                    if (isLambdaFactory(bootstrap) && arguments.length >= 3 && arguments[1] instanceof Handle h
                            && !isInterface) {
                        Resolved m = target(pool, local, h);
                        if (m != null && h.getTag() != Opcodes.H_INVOKESPECIAL && m.referable()) {
                            if (library) {
                                listed(m, method);
                            }
                            Reference r = new Reference(REFERENCE_PREFIX + references.size(), h, m, line);
                            references.add(r);
                            Object[] changed = arguments.clone();
                            changed[1] = new Handle(Opcodes.H_INVOKESTATIC, type.getInternalName(), r.name,
                                    r.descriptor(), false);
                            super.visitInvokeDynamicInsn(name, desc, bootstrap, changed);
                            return;
                        }
                    }
                    super.visitInvokeDynamicInsn(name, desc, bootstrap, arguments);
                }
            };
        }

        /**
         * Whether a field the driver's code writes is {@code volatile}: one of its own classes' (or a library's),
         * declared where the instruction names it or in a superclass; the JDK's and the kit's are not driver code.
         */
        private boolean isVolatile(String owner, String field) {
            if (owner.startsWith("[") || isJdk(owner) || AgentConfig.isKitClass(owner.replace('/', '.'))) {
                return false;
            }
            return volatileFields.computeIfAbsent(owner + '.' + field, key -> {
                try {
                    TypeDefinition t = owner.equals(type.getInternalName()) ? type
                            : pool.describe(owner.replace('/', '.')).resolve();
                    for (; t != null; t = t.getSuperClass()) {
                        for (FieldDescription f : t.getDeclaredFields()) {
                            if (f.getInternalName().equals(field)) {
                                return f.isVolatile();
                            }
                        }
                    }
                } catch (RuntimeException e) {
                    // a type the pool cannot describe: its fields are not known, so no point
                }
                return false;
            });
        }

        /**
         * Whether a call site reaches a synchronized method of the driver's (or a library's) own classes,
         * as its static type resolves it; the JDK's and the kit's are not driver code.
         */
        private boolean isSynchronized(String owner, String callee, String desc) {
            if (callee.startsWith("<") || owner.startsWith("[") || isJdk(owner)
                    || AgentConfig.isKitClass(owner.replace('/', '.'))) {
                return false;
            }
            return synchronizedMethods.computeIfAbsent(owner + '.' + callee + desc, key -> {
                try {
                    MethodDescription m = resolve(pool, owner, callee, desc);
                    return m != null && m.isSynchronized();
                } catch (RuntimeException unresolvable) {
                    return false; // a type the pool cannot see: left as it is, like any call it cannot resolve
                }
            });
        }

        /**
         * Lists a library call site the rewrite makes a point: {@code boundary} (the adapter's
         * boundary), {@code sync} (JDK synchronisation), {@code exit} (an exit the kit stops) or
         * {@code environment} (an SPI environment type).
         */
        private void listed(Resolved m, String method) {
            String kind = Libraries.isBoundaryType(m.owner()) ? "boundary"
                    : m.hook().equals("terminate") ? "exit" : m.hook();
            Libraries.rewrote(new Result.CallSite(kind, Target.parse(m.description()).display(), type.getName(), method,
                    source, line));
        }

        @Override
        public void visitEnd() {
            for (Reference r : references) {
                r.write(super.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, r.name,
                        r.descriptor(), null, null));
            }
            super.visitEnd();
        }
    }

    /**
     * A method reference to a method the kit must see, made into a static method of the driver's
     * class that calls the {@link Points} hook as a rewritten call site would.
     */
    private record Reference(String name, Handle target, Resolved method, int line) {

        /** The target's type as a handle has it: the receiver first unless static. */
        String descriptor() {
            Type t = Type.getMethodType(target.getDesc());
            if (target.getTag() == Opcodes.H_INVOKESTATIC) {
                return t.getDescriptor();
            }
            Type[] parameters = new Type[t.getArgumentTypes().length + 1];
            parameters[0] = Type.getObjectType(target.getOwner());
            System.arraycopy(t.getArgumentTypes(), 0, parameters, 1, parameters.length - 1);
            return Type.getMethodDescriptor(t.getReturnType(), parameters);
        }

        void write(MethodVisitor mv) {
            Type[] parameters = Type.getArgumentTypes(descriptor());
            Type returned = Type.getReturnType(descriptor());
            mv.visitCode();
            Label start = new Label();
            mv.visitLabel(start);
            if (line > 0) {
                mv.visitLineNumber(line, start);
            }
            mv.visitLdcInsn(parameters.length);
            mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
            int slot = 0;
            for (int i = 0; i < parameters.length; i++) {
                mv.visitInsn(Opcodes.DUP);
                mv.visitLdcInsn(i);
                mv.visitVarInsn(parameters[i].getOpcode(Opcodes.ILOAD), slot);
                box(mv, parameters[i]);
                mv.visitInsn(Opcodes.AASTORE);
                slot += parameters[i].getSize();
            }
            mv.visitLdcInsn(target);
            mv.visitLdcInsn(method.description());
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(Points.class), method.hook(),
                    "([Ljava/lang/Object;Ljava/lang/invoke/MethodHandle;Ljava/lang/String;)Ljava/lang/Object;", false);
            unbox(mv, returned);
            mv.visitInsn(returned.getOpcode(Opcodes.IRETURN));
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }

        private static void box(MethodVisitor mv, Type t) {
            if (t.getSort() < Type.ARRAY) {
                String wrapper = wrapper(t);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, wrapper, "valueOf", "(" + t.getDescriptor() + ")L" + wrapper + ";",
                        false);
            }
        }

        private static void unbox(MethodVisitor mv, Type t) {
            if (t.getSort() == Type.VOID) {
                mv.visitInsn(Opcodes.POP);
            } else if (t.getSort() < Type.ARRAY) {
                String wrapper = wrapper(t);
                mv.visitTypeInsn(Opcodes.CHECKCAST, wrapper);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, wrapper, t.getClassName() + "Value", "()" + t.getDescriptor(),
                        false);
            } else {
                mv.visitTypeInsn(Opcodes.CHECKCAST, t.getInternalName());
            }
        }

        private static String wrapper(Type t) {
            return switch (t.getSort()) {
                case Type.BOOLEAN -> "java/lang/Boolean";
                case Type.CHAR -> "java/lang/Character";
                case Type.BYTE -> "java/lang/Byte";
                case Type.SHORT -> "java/lang/Short";
                case Type.INT -> "java/lang/Integer";
                case Type.FLOAT -> "java/lang/Float";
                case Type.LONG -> "java/lang/Long";
                default -> "java/lang/Double";
            };
        }
    }

    /**
     * A call a library class makes into native code, in words, else {@code null}: a {@code native}
     * method of the library, a static method or constructor of a library class that declares
     * {@code native} methods (its static initialiser may load a native library), or
     * {@code System.loadLibrary} and its kin. Stubbed calls are gone by the time this is asked.
     */
    static String nativeCall(TypePool pool, int opcode, String owner, String callee, String desc) {
        if ((owner.equals("java/lang/System") || owner.equals("java/lang/Runtime"))
                && (callee.equals("loadLibrary") || callee.equals("load"))) {
            return "a call to " + member(owner, callee);
        }
        if (!Libraries.inLibrary(owner) || owner.startsWith("[")) {
            return null;
        }
        TypePool.Resolution r = pool.describe(owner.replace('/', '.'));
        if (!r.isResolved()) {
            return null;
        }
        TypeDescription t = r.resolve();
        MethodDescription m = callee.equals("<init>") ? null : resolve(pool, owner, callee, desc);
        if (m != null && m.isNative()) {
            return "a call to the native method " + Target.parse(m.toString()).display();
        }
        boolean initialises = opcode == Opcodes.INVOKESTATIC || callee.equals("<init>") && opcode == Opcodes.INVOKESPECIAL;
        // a type whose natives an adapter's environment answers initialises with them answered
        if (initialises && Libraries.redirectOf(owner) == null
                && !t.getDeclaredMethods().filter(net.bytebuddy.matcher.ElementMatchers.isNative()).isEmpty()) {
            return "a call to " + t.getSimpleName() + "." + callee + ", of a class with native methods";
        }
        return null;
    }

    /** Whether a class (internal name) declares {@code native} methods; {@code false} when it cannot be described. */
    private static boolean declaresNative(TypePool pool, String owner) {
        TypePool.Resolution r = owner.startsWith("[") ? null : pool.describe(owner.replace('/', '.'));
        return r != null && r.isResolved()
                && !r.resolve().getDeclaredMethods().filter(net.bytebuddy.matcher.ElementMatchers.isNative()).isEmpty();
    }

    private static final class Verifying extends SourceAware {
        private final TypeDescription type;
        private final TypePool pool;
        private final Map<String, String> failed;
        private final boolean library;
        /** Scanned before anything reached it, and of native code itself: its own native calls are its callers' to answer for. */
        private final boolean nativeClass;
        private final List<String> left = new ArrayList<>();
        private final Map<String, java.util.Optional<Resolved>> local = new java.util.HashMap<>();

        Verifying(ClassVisitor next, TypeDescription type, TypePool pool, Map<String, String> failed, boolean scan) {
            super(next);
            this.library = Libraries.inLibrary(type.getName());
            this.nativeClass = scan && library
                    && !type.getDeclaredMethods().filter(net.bytebuddy.matcher.ElementMatchers.isNative()).isEmpty();
            this.type = type;
            this.pool = pool;
            this.failed = failed;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            return new LineAware(super.visitMethod(access, name, descriptor, signature, exceptions)) {

                @Override
                public void visitMethodInsn(int opcode, String owner, String callee, String desc, boolean onInterface) {
                    Resolved m = target(pool, local, owner, callee, desc);
                    if (m != null) {
                        left(m, "");
                    }
                    boolean own = nativeClass && (owner.equals(type.getInternalName())
                            || name.equals("<clinit>") && owner.startsWith("java/lang/"));
                    if (library && !own) {
                        String nativeCall = nativeCall(pool, opcode, owner, callee, desc);
                        if (nativeCall != null) {
                            left.add(nativeCall + " at " + type.getName() + "." + name + "(" + source + ":" + line
                                    + "), with no stub (Adapter.stubs())");
                        }
                    }
                    super.visitMethodInsn(opcode, owner, callee, desc, onInterface);
                }

                @Override
                public void visitFieldInsn(int opcode, String owner, String field, String desc) {
                    // a static field of another class initialises it, as a static call does
                    if (library && (opcode == Opcodes.GETSTATIC || opcode == Opcodes.PUTSTATIC)
                            && !owner.equals(type.getInternalName()) && Libraries.inLibrary(owner)
                            && Libraries.redirectOf(owner) == null && declaresNative(pool, owner)) {
                        left.add("a use of " + member(owner, field)
                                + ", of a class with native methods, at " + type.getName() + "." + name + "(" + source
                                + ":" + line + "), with no stub (Adapter.stubs())");
                    }
                    super.visitFieldInsn(opcode, owner, field, desc);
                }

                @Override
                public void visitInvokeDynamicInsn(String indy, String desc, Handle bootstrap, Object... arguments) {
                    if (isLambdaFactory(bootstrap) && arguments.length >= 2 && arguments[1] instanceof Handle h) {
                        Resolved m = target(pool, local, h);
                        if (m != null) {
                            left(m, "a method reference to ");
                        }
                    }
                    super.visitInvokeDynamicInsn(indy, desc, bootstrap, arguments);
                }

                private void left(Resolved m, String how) {
                    left.add(how + Target.parse(m.description()).display() + " at " + type.getName() + "." + name + "("
                            + source + ":" + line + ")");
                }
            };
        }

        @Override
        public void visitEnd() {
            if (!type.isInterface()) {
                inheritedThroughOwnInterfaces(type).forEach(m -> left.add("calls through " + m));
            }
            if (!left.isEmpty()) {
                failed.put(type.getName(), "the agent could not rewrite " + left.size() + " call site(s) the kit must "
                        + "see, so the kit would miss the driver's calls there: " + String.join("; ", left));
            }
            super.visitEnd();
        }
    }
}
