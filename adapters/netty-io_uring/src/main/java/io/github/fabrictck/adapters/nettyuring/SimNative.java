package io.github.fabrictck.adapters.nettyuring;

/**
 * What the native methods of Netty's {@code io.netty.incubator.channel.uring.Native} do under the simulated kernel.
 * {@link NativeRedirect} turns each call to such a native into a call to the method here of the same name and
 * descriptor with the calling class appended; the caller's {@link NettyUringLoader} names the kernel. Only natives are
 * declared here (the redirect matches by name and descriptor).
 */
public final class SimNative {

    private SimNative() {
    }

    public static long[][] ioUringSetup(int entries, Class<?> caller) {
        return kernel(caller).setup(entries);
    }

    public static boolean ioUringProbe(int ringFd, int[] ops, Class<?> caller) {
        return true; // every op Netty requires is "supported"; the ones the simulation leaves out complete with -EINVAL
    }

    public static int ioUringEnter(int ringFd, int toSubmit, int minComplete, int flags, Class<?> caller) {
        return kernel(caller).enter(ringFd, toSubmit, minComplete, flags);
    }

    /** Netty's JNI throws a ChannelException when eventfd_write fails (a closed number: EBADF). */
    public static void eventFdWrite(int fd, long value, Class<?> caller) {
        int res = kernel(caller).eventFdWrite(fd, value);
        if (res < 0) {
            RuntimeException e;
            try {
                e = (RuntimeException) caller.getClassLoader().loadClass("io.netty.channel.ChannelException")
                    .getConstructor(String.class).newInstance("eventfd_write(...) failed: errno " + -res);
            } catch (ReflectiveOperationException notNetty) {
                throw new IllegalStateException(notNetty);
            }
            throw e;
        }
    }

    public static void ioUringExit(long sqes, int sqEntries, long sqRing, int sqRingSize, long cqRing, int cqRingSize,
                                   int ringFd, Class<?> caller) {
        kernel(caller).exit(ringFd);
    }

    public static int blockingEventFd(Class<?> caller) {
        return kernel(caller).eventFd();
    }

    /** Netty's Native initializer calls it to see whether its library is loaded: it is, so nothing is loaded. */
    public static int createFile(String name, Class<?> caller) {
        return 0;
    }

    public static int registerUnix(Class<?> caller) {
        return 0;
    }

    public static String kernelVersion(Class<?> caller) {
        return "6.1.0-fabric-tck-simulated";
    }

    static SimulatedUring kernel(Class<?> caller) {
        return NettyUringLoader.of(caller).kernel();
    }
}
