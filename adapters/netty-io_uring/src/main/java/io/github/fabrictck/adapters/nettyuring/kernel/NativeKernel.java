package io.github.fabrictck.adapters.nettyuring.kernel;

/**
 * What the natives of Netty's {@code io.netty.incubator.channel.uring.Native} do when the kit runs Netty: the agent
 * redirects each call Netty makes to one of them to the method here of the same name and descriptor (a point, at
 * Netty's line), {@link io.github.fabrictck.adapters.nettyuring.NettyAdapter#redirects()}. Only natives are declared
 * here; a native of {@code Native} not declared here is the kit's to answer (ERROR if reached).
 */
public final class NativeKernel {

    private NativeKernel() {
    }

    public static long[][] ioUringSetup(int entries) {
        return UringKernel.setup(entries);
    }

    /** Every op Netty requires is reported supported; an op the kit's ring does not model is an ERROR when used. */
    public static boolean ioUringProbe(int ringFd, int[] ops) {
        return true;
    }

    public static int ioUringEnter(int ringFd, int toSubmit, int minComplete, int flags) {
        return UringKernel.enter(ringFd, toSubmit, minComplete, flags);
    }

    public static void eventFdWrite(int fd, long value) {
        UringKernel.eventFdWrite(fd, value);
    }

    public static void ioUringExit(long sqes, int sqEntries, long sqRing, int sqRingSize, long cqRing, int cqRingSize,
                                   int ringFd) {
        UringKernel.exit(ringFd);
    }

    public static int blockingEventFd() {
        return UringKernel.eventFd();
    }

    /** {@code Native}'s initialiser calls it to see whether its JNI library is loaded: it answers, so none is loaded. */
    public static int createFile(String name) {
        return 0;
    }

    public static int registerUnix() {
        return 0;
    }

    public static String kernelVersion() {
        return "6.1.0-fabric-tck-simulated";
    }
}
