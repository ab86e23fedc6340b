package io.github.fabrictck.adapters.nettyuring.kernel;

/**
 * The natives of Netty's {@code io.netty.channel.unix.FileDescriptor} and {@code io.netty.channel.unix.Socket} that
 * the event loop's life reaches: closing its eventfd, and {@code Socket.initialize} when the transport registers
 * (no socket is opened). Every other native of those classes is the kit's to answer (ERROR if reached).
 */
public final class UnixKernel {

    private UnixKernel() {
    }

    /** {@code FileDescriptor.close(int)}. */
    public static int close(int fd) {
        return UringKernel.close(fd);
    }

    /** {@code Socket.isIPv6Preferred0(boolean)}. */
    public static boolean isIPv6Preferred0(boolean ipv4Preferred) {
        return false;
    }
}
