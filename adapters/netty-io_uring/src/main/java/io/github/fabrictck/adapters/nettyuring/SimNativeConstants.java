package io.github.fabrictck.adapters.nettyuring;

/**
 * The natives of Netty's {@code NativeStaticallyReferencedJniMethods}: the constants of Linux x86_64 (glibc headers and
 * include/uapi/linux/io_uring.h) Netty's JNI library returns.
 */
@SuppressWarnings("unused") // called from Netty's rewritten classes only
public final class SimNativeConstants {

    private SimNativeConstants() {
    }

    public static int sockNonblock(Class<?> c) { return 0x800; }
    public static int sockCloexec(Class<?> c) { return 0x80000; }
    public static int afInet(Class<?> c) { return 2; }
    public static int afInet6(Class<?> c) { return 10; }
    public static int sizeofSockaddrIn(Class<?> c) { return 16; }
    public static int sizeofSockaddrIn6(Class<?> c) { return 28; }
    public static int sockaddrInOffsetofSinFamily(Class<?> c) { return 0; }
    public static int sockaddrInOffsetofSinPort(Class<?> c) { return 2; }
    public static int sockaddrInOffsetofSinAddr(Class<?> c) { return 4; }
    public static int inAddressOffsetofSAddr(Class<?> c) { return 0; }
    public static int sockaddrIn6OffsetofSin6Family(Class<?> c) { return 0; }
    public static int sockaddrIn6OffsetofSin6Port(Class<?> c) { return 2; }
    public static int sockaddrIn6OffsetofSin6Flowinfo(Class<?> c) { return 4; }
    public static int sockaddrIn6OffsetofSin6Addr(Class<?> c) { return 8; }
    public static int sockaddrIn6OffsetofSin6ScopeId(Class<?> c) { return 24; }
    public static int in6AddressOffsetofS6Addr(Class<?> c) { return 0; }
    public static int sizeofSockaddrStorage(Class<?> c) { return 128; }
    public static int sizeofSizeT(Class<?> c) { return 8; }
    public static int sizeofIovec(Class<?> c) { return 16; }
    public static int iovecOffsetofIovBase(Class<?> c) { return 0; }
    public static int iovecOffsetofIovLen(Class<?> c) { return 8; }
    public static int sizeofMsghdr(Class<?> c) { return 56; }
    public static int msghdrOffsetofMsgName(Class<?> c) { return 0; }
    public static int msghdrOffsetofMsgNamelen(Class<?> c) { return 8; }
    public static int msghdrOffsetofMsgIov(Class<?> c) { return 16; }
    public static int msghdrOffsetofMsgIovlen(Class<?> c) { return 24; }
    public static int msghdrOffsetofMsgControl(Class<?> c) { return 32; }
    public static int msghdrOffsetofMsgControllen(Class<?> c) { return 40; }
    public static int msghdrOffsetofMsgFlags(Class<?> c) { return 48; }
    public static int etime(Class<?> c) { return SimulatedUring.ETIME; }
    public static int ecanceled(Class<?> c) { return SimulatedUring.ECANCELED; }
    public static int pollin(Class<?> c) { return 0x1; }
    public static int pollout(Class<?> c) { return 0x4; }
    public static int pollrdhup(Class<?> c) { return 0x2000; }
    public static byte ioringOpWritev(Class<?> c) { return 2; }
    public static byte ioringOpPollAdd(Class<?> c) { return 6; }
    public static byte ioringOpPollRemove(Class<?> c) { return 7; }
    public static byte ioringOpSendmsg(Class<?> c) { return 9; }
    public static byte ioringOpRecvmsg(Class<?> c) { return 10; }
    public static byte ioringOpTimeout(Class<?> c) { return SimulatedUring.OP_TIMEOUT; }
    public static byte ioringOpTimeoutRemove(Class<?> c) { return SimulatedUring.OP_TIMEOUT_REMOVE; }
    public static byte ioringOpAccept(Class<?> c) { return 13; }
    public static byte ioringOpConnect(Class<?> c) { return 16; }
    public static byte ioringOpClose(Class<?> c) { return 19; }
    public static byte ioringOpRead(Class<?> c) { return SimulatedUring.OP_READ; }
    public static byte ioringOpWrite(Class<?> c) { return 23; }
    public static byte ioringOpSend(Class<?> c) { return 26; }
    public static byte ioringOpRecv(Class<?> c) { return 27; }
    public static int ioringEnterGetevents(Class<?> c) { return SimulatedUring.ENTER_GETEVENTS; }
    public static int iosqeAsync(Class<?> c) { return 1 << 4; }
    public static int msgDontwait(Class<?> c) { return 0x40; }
    public static int msgFastopen(Class<?> c) { return 0x20000000; }
    public static int cmsgSpace(Class<?> c) { return 24; }
    public static int cmsgLen(Class<?> c) { return 18; }
    public static int solUdp(Class<?> c) { return 17; }
    public static int udpSegment(Class<?> c) { return 103; }
    public static int cmsghdrOffsetofCmsgLen(Class<?> c) { return 0; }
    public static int cmsghdrOffsetofCmsgLevel(Class<?> c) { return 8; }
    public static int cmsghdrOffsetofCmsgType(Class<?> c) { return 12; }
}
