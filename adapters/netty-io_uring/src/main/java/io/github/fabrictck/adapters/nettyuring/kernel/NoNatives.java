package io.github.fabrictck.adapters.nettyuring.kernel;

/**
 * Answers none of the natives of the classes it stands for (Netty's {@code LinuxSocket}, unix {@code Buffer}, the
 * errno and limit constants): the event loop's life reaches none of them, and a window that does is ERROR, naming it.
 */
public final class NoNatives {

    private NoNatives() {
    }
}
