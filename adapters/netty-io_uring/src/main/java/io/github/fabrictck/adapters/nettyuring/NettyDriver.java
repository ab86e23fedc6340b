package io.github.fabrictck.adapters.nettyuring;

import io.github.fabrictck.adapters.nettyuring.kernel.UringKernel;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.el.EventLoop;
import io.github.fabrictck.spi.el.Ring;
import io.netty.channel.EventLoopTaskQueueFactory;
import io.netty.incubator.channel.uring.IOUring;
import io.netty.incubator.channel.uring.IOUringEventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.RejectedExecutionHandler;
import io.netty.util.concurrent.RejectedExecutionHandlers;
import io.netty.util.concurrent.ThreadPerTaskExecutor;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * {@code netty-io_uring}: Netty's {@code IOUringEventLoop}, unmodified, as the event loop of the EL windows: one loop
 * whose thread comes from the context's factory, on the kit's ring through {@link UringKernel}. {@code execute} is
 * the loop's; {@code shutdownGracefully} is Netty's with no quiet period
 * ({@code shutdownGracefully(0, 5, SECONDS)}, the short-lived loops of netty-incubator-transport-io_uring issue #226).
 * The Netty version is the one on the class path ({@code -Dnetty-io_uring.version} in this module's build).
 */
public final class NettyDriver implements Driver {

    @Override
    public String name() {
        return "netty-io_uring";
    }

    @Override
    public String version() {
        return NettyAdapter.nettyVersion();
    }

    @Override
    public Set<Family> families() {
        return Set.of(Family.EVENT_LOOP);
    }

    @Override
    public EventLoop openEventLoop(DriverContext context, Ring ring) {
        // Netty probes io_uring once, when IOUring initialises (a ring set up, probed and exited): not the kit's ring
        IOUring.ensureAvailability();
        EventExecutor loop = UringKernel.opening(ring, () -> newLoop(context));
        return new EventLoop() {
            @Override
            public void execute(Runnable task) {
                loop.execute(task);
            }

            @Override
            public void shutdownGracefully() {
                loop.shutdownGracefully(0, 5, TimeUnit.SECONDS);
            }
        };
    }

    /**
     * An {@code IOUringEventLoop} made as {@code IOUringEventLoopGroup.newChild} makes it (its default ring size and
     * async threshold, Netty's rejecting handler, its own task queues), on a {@code ThreadPerTaskExecutor} of the
     * context's factory, and without the group: a group's termination listener runs on Netty's
     * {@code GlobalEventExecutor}, whose thread Netty starts from a factory of its own, outside the kit. Its
     * constructor has had the same parameters from 0.0.23 to 0.0.26 (0.0.25 renamed the threshold's field).
     */
    private static EventExecutor newLoop(DriverContext context) {
        try {
            Class<?> loop = Class.forName("io.netty.incubator.channel.uring.IOUringEventLoop");
            Class<?> nativeClass = Class.forName("io.netty.incubator.channel.uring.Native");
            Constructor<?> make = loop.getDeclaredConstructor(IOUringEventLoopGroup.class, Executor.class, int.class,
                    int.class, RejectedExecutionHandler.class, EventLoopTaskQueueFactory.class);
            make.setAccessible(true);
            return (EventExecutor) make.newInstance(null, new ThreadPerTaskExecutor(context.threadFactory()),
                    constant(nativeClass, "DEFAULT_RING_SIZE"), constant(nativeClass, "DEFAULT_IOSEQ_ASYNC_THRESHOLD",
                            "DEFAULT_IOSQE_ASYNC_THRESHOLD"),
                    RejectedExecutionHandlers.reject(), null);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this Netty's IOUringEventLoop is not made as 0.0.23 to 0.0.26 make it", e);
        }
    }

    /** The first of these static int fields the type declares (0.0.25 renamed IOSEQ to IOSQE). */
    private static int constant(Class<?> type, String... names) throws ReflectiveOperationException {
        for (String name : names) {
            try {
                java.lang.reflect.Field f = type.getDeclaredField(name);
                f.setAccessible(true);
                return f.getInt(null);
            } catch (NoSuchFieldException renamed) {
                // the next name
            }
        }
        throw new NoSuchFieldException(type.getName() + " declares none of " + String.join(", ", names));
    }
}
