package io.github.fabrictck.engine;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isAnnotatedWith;
import static net.bytebuddy.matcher.ElementMatchers.isBridge;
import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isEquals;
import static net.bytebuddy.matcher.ElementMatchers.isHashCode;
import static net.bytebuddy.matcher.ElementMatchers.isMethod;
import static net.bytebuddy.matcher.ElementMatchers.isOverriddenFrom;
import static net.bytebuddy.matcher.ElementMatchers.isSubTypeOf;
import static net.bytebuddy.matcher.ElementMatchers.isToString;
import static net.bytebuddy.matcher.ElementMatchers.isTypeInitializer;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.none;
import static net.bytebuddy.matcher.ElementMatchers.not;

import io.github.fabrictck.spi.Environment;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.asm.MemberSubstitution;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

/**
 * The {@code -javaagent}: rewrites the driver's classes, and only those ({@link AgentConfig}), so
 * that every call the driver makes to the environment or to JDK synchronisation goes through
 * {@link Points}, and every SPI method reports its entry and exit. Which classes were rewritten
 * and which failed is kept for the verdicts: a failure makes every window ERROR.
 */
public final class Agent {

    private static volatile Instrumentation instrumentation;
    private static volatile AgentConfig config;
    private static final Set<String> TRANSFORMED = ConcurrentHashMap.newKeySet();
    private static final Map<String, String> FAILED = new ConcurrentHashMap<>();

    private Agent() {
    }

    /** Entry point of {@code -javaagent}; reads {@link AgentConfig} from system properties. */
    public static void premain(String arguments, Instrumentation inst) {
        install(inst, AgentConfig.fromSystemProperties(System.getProperties()));
    }

    /** Installs the transformer (once per JVM; later calls are ignored). */
    public static synchronized void install(Instrumentation inst, AgentConfig cfg) {
        if (instrumentation != null) {
            return;
        }
        config = cfg;
        // Byte Buddy ignores synthetic methods by default, and lambda bodies are synthetic: a call in
        // a lambda would escape the kit (Byte Buddy issue #1679). Ignore nothing.
        new AgentBuilder.Default(new ByteBuddy().ignore(none()))
                .with(AgentBuilder.RedefinitionStrategy.DISABLED)
                .with(new Recorder())
                .type((type, loader, module, redefined, domain) -> cfg.isDriverClass(type.getName(), domain))
                .transform((builder, type, loader, module, domain) -> builder
                        .visit(substitute(environmentMethods(), "environment"))
                        .visit(substitute(syncMethods(), "sync"))
                        .visit(substitute(exitMethods(), "terminate"))
                        .visit(Advice.to(SpiAdvice.class).on(spiMethods())))
                .installOn(inst);
        instrumentation = inst;
    }

    private static AsmVisitorWrapper substitute(ElementMatcher<? super MethodDescription> targets, String hook) {
        Method m;
        try {
            m = Points.class.getMethod(hook, Object[].class, java.lang.invoke.MethodHandle.class, String.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
        return MemberSubstitution.relaxed()
                .method(targets)
                .replaceWithChain(MemberSubstitution.Substitution.Chain.Step.ForDelegation.to(m),
                        MemberSubstitution.Substitution.Chain.Step.ForAssignment.castToSubstitutionResult())
                // Byte Buddy 1.18.17 cannot read the invokedynamic that records' equals, hashCode and
                // toString make (a field-getter handle among the bootstrap arguments); those methods
                // call no environment or synchronisation, so they are left as they are.
                .on(not(isTypeInitializer()).and(not(isEquals().or(isHashCode()).or(isToString()))));
    }

    /** Methods of the environment interfaces (the SPI types marked {@link Environment}). */
    static ElementMatcher.Junction<MethodDescription> environmentMethods() {
        return isMethod().and(isDeclaredBy(isAnnotatedWith(Environment.class)));
    }

    /** JDK synchronisation: atomics, locks and conditions, wait/notify, park, sleep, join, queues, latches. */
    static ElementMatcher.Junction<MethodDescription> syncMethods() {
        ElementMatcher.Junction<TypeDescription> owners = nameStartsWith("java.util.concurrent.atomic.")
                .or(nameStartsWith("java.util.concurrent.locks."))
                .or(namedOneOf("java.util.concurrent.CountDownLatch", "java.util.concurrent.Semaphore",
                        "java.util.concurrent.CyclicBarrier", "java.util.concurrent.Phaser",
                        "java.util.concurrent.Exchanger"))
                .or(isSubTypeOf(BlockingQueue.class));
        return isMethod().and(isDeclaredBy(owners)
                .or(namedOneOf("wait", "notify", "notifyAll").and(isDeclaredBy(Object.class)))
                .or(namedOneOf("sleep", "join", "yield", "onSpinWait", "start", "interrupt").and(isDeclaredBy(Thread.class)))
                .or(named("get").and(isDeclaredBy(isSubTypeOf(Future.class))))
                // wakes of a thread blocked in Future.get: the stuck detector must see them
                .or(nameStartsWith("complete").or(nameStartsWith("obtrude")).or(named("cancel"))
                        .and(isDeclaredBy(java.util.concurrent.CompletableFuture.class))));
    }

    /** Calls that would end the JVM. */
    static ElementMatcher.Junction<MethodDescription> exitMethods() {
        return isMethod().and(named("exit").and(isDeclaredBy(System.class))
                .or(namedOneOf("exit", "halt").and(isDeclaredBy(Runtime.class))));
    }

    /** The driver's implementations of driver-side SPI methods. */
    static ElementMatcher.Junction<MethodDescription> spiMethods() {
        return isMethod().and(not(isAbstract())).and(not(isBridge())).and(isOverriddenFrom(
                nameStartsWith("io.github.fabrictck.spi.").and(not(isAnnotatedWith(Environment.class)))));
    }

    /** Whether the agent is attached to this JVM. */
    public static boolean attached() {
        return instrumentation != null;
    }

    /** The configuration the agent runs with, or {@code null} when it is not attached. */
    public static AgentConfig config() {
        return config;
    }

    /** How many driver classes were rewritten so far. */
    public static int instrumentedClasses() {
        return TRANSFORMED.size();
    }

    /** Whether this class was rewritten. */
    public static boolean isInstrumented(String className) {
        return TRANSFORMED.contains(className);
    }

    /** The classes that failed to transform, with the reason, sorted by name. */
    public static Map<String, String> failures() {
        return new TreeMap<>(FAILED);
    }

    private static final class Recorder extends AgentBuilder.Listener.Adapter {
        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                                     DynamicType dynamicType) {
            TRANSFORMED.add(type.getName());
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            FAILED.put(typeName, String.valueOf(error));
            if (Boolean.getBoolean("fabric-tck.debug")) {
                error.printStackTrace();
            }
        }
    }
}
