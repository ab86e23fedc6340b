package io.github.fabrictck.adapters.nettyuring;

/** The natives of Netty's {@code io.netty.channel.unix.FileDescriptor} that the event loop's life calls: close. */
public final class SimUnixFileDescriptor {

    private SimUnixFileDescriptor() {
    }

    public static int close(int fd, Class<?> caller) {
        return SimNative.kernel(caller).close(fd);
    }
}
