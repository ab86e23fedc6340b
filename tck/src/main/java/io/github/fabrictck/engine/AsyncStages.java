package io.github.fabrictck.engine;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Async stages a driver adds to a {@code CompletableFuture} that has not completed yet ({@code future.thenRunAsync(task)}
 * on a running future): their task is handed to its pool later, inside the JDK, on the thread that completes the
 * source, where the kit sees no call. From the moment the source completes until the stage's task begins (or the stage
 * completes without running it), the driver is not idle: the kit's view of it carries such a stage as a running thread
 * ({@link WindowRun#views}, virtual time). The task is wrapped (a proxy of its functional interface) to say when it
 * begins, on which thread (tracked from then on as the driver's). An unseen vendor's CompletableFuture chain got a
 * false CQ-3 FAIL in 3 of 130 runs without it: every known thread was idle while the JDK started the stage's thread.
 */
final class AsyncStages {

    /** The single-source async stages whose task may be handed off later, by their source. */
    private static final Set<String> DEFERRED = Set.of("thenApplyAsync", "thenAcceptAsync", "thenRunAsync",
            "thenComposeAsync", "handleAsync", "whenCompleteAsync", "exceptionallyAsync", "exceptionallyComposeAsync");

    /** One stage: its source, whether its task began, the stage itself once the call returned it. */
    private static final class Stage {
        final CompletableFuture<?> source;
        final AtomicBoolean began = new AtomicBoolean();
        volatile CompletableFuture<?> stage;

        Stage(CompletableFuture<?> source) {
            this.source = source;
        }

        /** Its source completed, its task has not begun and the stage is not complete: a hand-off under way. */
        boolean pending() {
            CompletableFuture<?> s = stage;
            return source.isDone() && !began.get() && s != null && !s.isDone();
        }

        boolean over() {
            CompletableFuture<?> s = stage;
            return began.get() || s != null && s.isDone();
        }
    }

    private final Set<Stage> stages = ConcurrentHashMap.newKeySet();
    private final Consumer<Thread> track;

    /** @param track tells the engine a thread that began a stage's task is the driver's */
    AsyncStages(Consumer<Thread> track) {
        this.track = track;
    }

    /**
     * Before a call: when it adds a single-source async stage to a future that has not completed, wraps its task in
     * {@code args} (in place) and returns the stage's record for {@link #made}; else {@code null}.
     */
    Object before(Target target, Object[] args) {
        if (target.isStatic() || !"java.util.concurrent.CompletableFuture".equals(target.owner())
                || !DEFERRED.contains(target.method()) || args.length < 2
                || !(args[0] instanceof CompletableFuture<?> source) || source.isDone()) {
            return null;
        }
        Stage stage = new Stage(source);
        Object wrapped = wrap(args[1], stage);
        if (wrapped == null) {
            return null;
        }
        args[1] = wrapped;
        stages.add(stage);
        return stage;
    }

    /** After the call: the stage it returned. */
    void made(Object record, Object result) {
        if (record instanceof Stage s) {
            if (result instanceof CompletableFuture<?> f) {
                s.stage = f;
            } else {
                stages.remove(s);
            }
        }
    }

    /** Whether an async stage's task is being handed to its pool inside the JDK now. */
    boolean pending() {
        stages.removeIf(Stage::over);
        for (Stage s : stages) {
            if (s.pending()) {
                return true;
            }
        }
        return false;
    }

    /** The task as a proxy of its interfaces that records when it begins, or {@code null} when it cannot be wrapped. */
    private Object wrap(Object task, Stage stage) {
        if (task == null) {
            return null;
        }
        Class<?>[] interfaces = task.getClass().getInterfaces();
        if (interfaces.length == 0) {
            return null;
        }
        InvocationHandler handler = (proxy, method, a) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> proxy == a[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> "async stage task " + task;
                };
            }
            if (!stage.began.get()) {
                track.accept(Thread.currentThread()); // before it counts as begun: never an unknown thread running
                stage.began.set(true);
            }
            try {
                return method.invoke(task, a);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        try {
            return Proxy.newProxyInstance(AsyncStages.class.getClassLoader(), interfaces, handler);
        } catch (IllegalArgumentException | SecurityException notVisible) {
            return null; // an interface of the driver's the kit's loader cannot see: left as it is
        }
    }
}
