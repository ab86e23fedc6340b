package io.github.fabrictck.adapters.nettyuring.kernel;

/**
 * The natives of Netty's {@code NativeStaticallyReferencedJniMethods}: the constants of Linux x86_64 (glibc headers and
 * include/uapi/linux/io_uring.h) Netty's JNI library returns.
 */
@SuppressWarnings("unused") // called from Netty's rewritten classes only
public final class NativeConstants {

    private NativeConstants() {
    }

    public static int sockNonblock() { return 0x800; }
    public static int sockCloexec() { return 0x80000; }
    public static int afInet() { return 2; }
    public static int afInet6() { return 10; }
    public static int sizeofSockaddrIn() { return 16; }
    public static int sizeofSockaddrIn6() { return 28; }
    public static int sockaddrInOffsetofSinFamily() { return 0; }
    public static int sockaddrInOffsetofSinPort() { return 2; }
    public static int sockaddrInOffsetofSinAddr() { return 4; }
    public static int inAddressOffsetofSAddr() { return 0; }
    public static int sockaddrIn6OffsetofSin6Family() { return 0; }
    public static int sockaddrIn6OffsetofSin6Port() { return 2; }
    public static int sockaddrIn6OffsetofSin6Flowinfo() { return 4; }
    public static int sockaddrIn6OffsetofSin6Addr() { return 8; }
    public static int sockaddrIn6OffsetofSin6ScopeId() { return 24; }
    public static int in6AddressOffsetofS6Addr() { return 0; }
    public static int sizeofSockaddrStorage() { return 128; }
    public static int sizeofSizeT() { return 8; }
    public static int sizeofIovec() { return 16; }
    public static int iovecOffsetofIovBase() { return 0; }
    public static int iovecOffsetofIovLen() { return 8; }
    public static int sizeofMsghdr() { return 56; }
    public static int msghdrOffsetofMsgName() { return 0; }
    public static int msghdrOffsetofMsgNamelen() { return 8; }
    public static int msghdrOffsetofMsgIov() { return 16; }
    public static int msghdrOffsetofMsgIovlen() { return 24; }
    public static int msghdrOffsetofMsgControl() { return 32; }
    public static int msghdrOffsetofMsgControllen() { return 40; }
    public static int msghdrOffsetofMsgFlags() { return 48; }
    public static int etime() { return 62; }
    public static int ecanceled() { return 125; }
    public static int pollin() { return 0x1; }
    public static int pollout() { return 0x4; }
    public static int pollrdhup() { return 0x2000; }
    public static byte ioringOpWritev() { return 2; }
    public static byte ioringOpPollAdd() { return 6; }
    public static byte ioringOpPollRemove() { return 7; }
    public static byte ioringOpSendmsg() { return 9; }
    public static byte ioringOpRecvmsg() { return 10; }
    public static byte ioringOpTimeout() { return UringKernel.OP_TIMEOUT; }
    public static byte ioringOpTimeoutRemove() { return 12; }
    public static byte ioringOpAccept() { return 13; }
    public static byte ioringOpConnect() { return 16; }
    public static byte ioringOpClose() { return 19; }
    public static byte ioringOpRead() { return UringKernel.OP_READ; }
    public static byte ioringOpWrite() { return 23; }
    public static byte ioringOpSend() { return 26; }
    public static byte ioringOpRecv() { return 27; }
    public static int ioringEnterGetevents() { return UringKernel.ENTER_GETEVENTS; }
    public static int iosqeAsync() { return 1 << 4; }
    public static int msgDontwait() { return 0x40; }
    public static int msgFastopen() { return 0x20000000; }
    public static int cmsgSpace() { return 24; }
    public static int cmsgLen() { return 18; }
    public static int solUdp() { return 17; }
    public static int udpSegment() { return 103; }
    public static int cmsghdrOffsetofCmsgLen() { return 0; }
    public static int cmsghdrOffsetofCmsgLevel() { return 8; }
    public static int cmsghdrOffsetofCmsgType() { return 12; }
}
