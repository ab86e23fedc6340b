package io.github.fabrictck.adapters.nettyuring;

import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One of Netty's {@code IOUringEventLoop}s (a group of one thread) in a {@link NettyUringLoader}, driven through the
 * JDK interfaces it implements and, for {@code shutdownGracefully}, reflection: no Netty type is on this module's class
 * path.
 */
public final class NettyEventLoop implements AutoCloseable {

    static final String EVENT_LOOP_CLASS = NativeRedirect.EVENT_LOOP.replace('/', '.');

    /**
     * How the loop thread ended a run: terminated, or waiting forever in the kernel at {@code frame}, with the SQEs
     * Netty had queued in its submission ring and never published to the kernel.
     */
    public record Outcome(String version, String uringSha256, boolean terminated, String frame, String kernelState,
                          List<String> unpublishedSqes, List<SimulatedUring.EventFdWrite> eventFdWrites,
                          List<LoopPoints.Reached> trace) {
        @Override
        public String toString() {
            return "Netty io_uring " + version + " (sha256 " + uringSha256 + "): "
                + (terminated ? "the loop thread terminated" : "the loop thread hangs at " + frame + "; " + kernelState
                    + "; queued by Netty, never published to the kernel: " + unpublishedSqes)
                + "; eventfd writes " + eventFdWrites;
        }
    }

    private final NettyUringLoader loader;
    private final ScheduledExecutorService loop;
    private volatile Thread thread;
    private volatile Throwable endedWith;

    private NettyEventLoop(NettyUringLoader loader) throws ReflectiveOperationException {
        this.loader = loader;
        Object group = loader.loadClass(EVENT_LOOP_CLASS + "Group").getConstructor(int.class).newInstance(1);
        this.loop = (ScheduledExecutorService) group.getClass().getMethod("next").invoke(group);
    }

    public static NettyEventLoop open(NettyUringLoader loader) {
        try {
            return new NettyEventLoop(loader);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("Netty's IOUringEventLoopGroup failed under the simulated kernel", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    public NettyUringLoader loader() {
        return loader;
    }

    public void execute(Runnable task) {
        loop.execute(() -> {
            thread = Thread.currentThread();
            task.run();
        });
    }

    /**
     * Runs {@code firstTask} as the loop's first task, which starts the loop thread, and returns the loop thread. The
     * thread is held before its first {@code nextWakeupNanos.set} in {@code run()} until {@code execute} has returned,
     * so the first task's wakeup finds the loop awake and writes no eventfd, in every run.
     */
    public Thread start(Runnable firstTask, Duration guard) {
        LoopPoints.Hold beforeFirstAnnouncement = loader.points().hold(r -> r.method().equals("run")
            && r.call().equals("set") && r.before());
        CompletableFuture<Thread> ran = new CompletableFuture<>();
        execute(() -> {
            firstTask.run();
            ran.complete(Thread.currentThread());
        });
        if (beforeFirstAnnouncement.awaitHeld(guard) == null) {
            throw new IllegalStateException("the loop thread never reached run()");
        }
        beforeFirstAnnouncement.release();
        return ran.orTimeout(guard.toMillis(), TimeUnit.MILLISECONDS).join();
    }

    /**
     * Places a hold on the calling loop thread's next {@code nextWakeupNanos.set} in {@code run()} (after the call): the
     * loop is held where it has announced its sleep and not yet looked at its task queue. Call it in a task on the loop.
     */
    public LoopPoints.Hold holdAtNextSleepAnnouncement() {
        String me = Thread.currentThread().getName();
        return loader.points().hold(r -> r.thread().equals(me) && r.method().equals("run") && r.call().equals("set")
            && !r.before());
    }

    /** Executes a task on the loop that places {@link #holdAtNextSleepAnnouncement()} and returns the hold. */
    public LoopPoints.Hold holdAtNextSleepAnnouncement(Duration guard) {
        CompletableFuture<LoopPoints.Hold> placed = new CompletableFuture<>();
        execute(() -> placed.complete(holdAtNextSleepAnnouncement()));
        return placed.orTimeout(guard.toMillis(), TimeUnit.MILLISECONDS).join();
    }

    /** {@code shutdownGracefully(0, 5, SECONDS)}: no quiet period. */
    public void shutdownGracefully() {
        shutdownGracefully(Duration.ZERO);
    }

    /** {@code shutdownGracefully(quietPeriod, 5 s)}. */
    public void shutdownGracefully(Duration quietPeriod) {
        try {
            loop.getClass().getMethod("shutdownGracefully", long.class, long.class, TimeUnit.class)
                .invoke(loop, quietPeriod.toMillis(), 5_000L, TimeUnit.MILLISECONDS);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Waits until the loop thread has terminated or waits forever in the kernel ({@link SimulatedUring#waitsForever});
     * both states are final, so which one is reached decides, not when. {@code guard} only bounds a run gone wrong.
     */
    public Outcome awaitEnd(Duration guard) throws InterruptedException {
        Thread t = thread;
        long deadline = System.nanoTime() + guard.toNanos();
        SimulatedUring kernel = loader.kernel();
        while (true) {
            if (t.getState() == Thread.State.TERMINATED) {
                return outcome(true, null, "", List.of());
            }
            if (kernel.waitsForever(t)) {
                String frame = Arrays.stream(t.getStackTrace())
                    .filter(f -> f.getClassName().equals(EVENT_LOOP_CLASS)).findFirst()
                    .map(f -> f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber()
                        + ")").orElse("?");
                return outcome(false, frame, kernel.describeWait(t), kernel.unpublished(t, submissionQueueTail()));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the loop thread neither terminated nor waits forever in the kernel: "
                    + t.getState() + " " + Arrays.toString(t.getStackTrace()));
            }
            t.join(5);
        }
    }

    /** Shuts the loop down; a loop thread that waits forever is woken by {@link SimulatedUring#abort()} and ends. */
    @Override
    public void close() throws InterruptedException {
        Thread t = thread;
        shutdownGracefully();
        if (t != null) {
            if (loader.kernel().waitsForever(t)) {
                t.setUncaughtExceptionHandler((th, e) -> endedWith = e);
                loader.kernel().abort();
            }
            t.join(10_000);
        }
    }

    /** What ended the loop thread after an abort (Netty's RuntimeException from ioUringWaitCqe), or null. */
    public Throwable endedWith() {
        return endedWith;
    }

    private Outcome outcome(boolean terminated, String frame, String kernelState, List<String> unpublished) {
        return new Outcome(loader.version(), loader.uringSha256(), terminated, frame, kernelState, unpublished,
            loader.kernel().journal(), loader.points().trace());
    }

    /** The tail Netty's IOUringSubmissionQueue has written up to (its own field; the ring's is only set on submit). */
    private int submissionQueueTail() {
        try {
            Object ringBuffer = field(loop, "ringBuffer");
            return (Integer) field(field(ringBuffer, "ioUringSubmissionQueue"), "tail");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Netty's IOUringSubmissionQueue changed shape", e);
        }
    }

    private static Object field(Object o, String name) throws ReflectiveOperationException {
        java.lang.reflect.Field f = o.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(o);
    }
}
