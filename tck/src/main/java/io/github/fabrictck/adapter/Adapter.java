package io.github.fabrictck.adapter;

import java.util.List;
import java.util.Map;

/**
 * What the kit must know to run a library as it ships, whose code was not written against the
 * kit's SPI (DiSNI's verbs: {@code RdmaCqProcessor.run} blocks in {@code getCqEvent}, acks,
 * re-arms and polls on a thread of its own). Found by {@link java.util.ServiceLoader} when the
 * agent starts ({@code META-INF/services/io.github.fabrictck.adapter.Adapter}), so an
 * implementation must name the library's types as strings and load none of them.
 *
 * <p>The adapter's own {@link io.github.fabrictck.spi.Driver} installs the kit's environment in
 * the library's own provider slot when it opens an endpoint (DiSNI: {@code RdmaProvider}'s
 * {@code provider}); no byte of the library is changed except at the call sites the agent rewrites
 * and lists ({@code rewrittenCallSites}): calls to {@link #boundaryTypes()} become points, calls to
 * {@link #stubs()} do nothing, and the library's JDK synchronisation becomes points as a driver's does.
 *
 * <p>Before any window the agent checks the declaration against the class path; each of these makes
 * every selected window ERROR: no package in {@link #packages()}, a package of it with no class there, a library that
 * never calls its boundary types, an {@link #environmentPackages()} package that overlaps any
 * adapter's library package or holds the driver's package, a {@link #replacedPackages()} package that
 * is not strictly inside this adapter's own packages, overlaps another adapter's, or holds the
 * driver's package, a {@link #redirects()} entry whose library type is not of its own packages or whose environment
 * type is outside its environment packages.
 *
 * <p>Stability: experimental; the first adapter (DiSNI) shapes it.
 */
public interface Adapter {

    /** The library as reports name it, {@code com.ibm.disni:disni:2.1}. */
    String library();

    /** Package prefixes of the library whose classes the agent rewrites, {@code com.ibm.disni.}. */
    List<String> packages();

    /**
     * The library's boundary: types whose instance methods the environment implements (DiSNI's
     * {@code RdmaVerbs}, {@code RdmaCm}, {@code StatefulVerbCall}). A call the library makes to one
     * of them is a point, as a call to an {@link io.github.fabrictck.spi.Environment} type is for a
     * driver written against the SPI. Before any window the agent rewrites the bytes of every class
     * of {@link #packages()} on the class path (loading none): the result lists every such call site
     * it rewrote ({@code rewrittenCallSites}), and a class with one it could not rewrite makes every
     * selected window ERROR. None by default: a library whose boundary is its JNI layer declares {@link #redirects()}.
     */
    default List<String> boundaryTypes() {
        return List.of();
    }

    /**
     * Static methods whose calls the agent replaces with nothing, as {@code Type.method}: native
     * calls the library makes beside its provider ({@code com.ibm.disni.util.NativeAffinity.setAffinity}).
     * Any other call, or static field use, that reaches a class with {@code native} methods, and any
     * {@code System.loadLibrary} outside such a class's static initialiser, is found by the agent's
     * scan before any window: a missed stub is an ERROR of every selected window, never an
     * {@link UnsatisfiedLinkError} in the middle of one. None by default.
     */
    default List<String> stubs() {
        return List.of();
    }

    /**
     * The library's classes of {@code native} methods whose calls the adapter's environment answers, as
     * library type to environment type (Netty's io_uring {@code io.netty.incubator.channel.uring.Native} to a
     * simulated kernel's class): every call a library class makes to a static {@code native} method of the
     * library type becomes a call to the environment type's public static method of the same name and
     * descriptor, and is a point, as a boundary call is (listed as {@code redirect} among the rewritten call
     * sites). A native of the library type that the environment type does not declare is answered by the kit:
     * the call throws {@link UnsatisfiedLinkError}, and a window in which the library reaches it is ERROR,
     * naming the native and where it was called, never a verdict on code the environment did not simulate.
     * The library type's other static methods and fields may be used: its static initialiser runs with its
     * natives so answered. The environment type must be in {@link #environmentPackages()}; the library type
     * must be a class of one of {@link #packages()} (else every selected window is ERROR).
     */
    default Map<String, String> redirects() {
        return Map.of();
    }

    /**
     * Package prefixes of the library's own provider, which the adapter's environment replaces
     * (DiSNI's JNI provider, {@code com.ibm.disni.verbs.impl.}): neither rewritten nor scanned for
     * native calls. The JVM may load such a class to verify the code that names it as a fallback
     * ({@code RdmaProvider.provider()} makes one only when its slot is empty); the adapter's driver
     * must fill the slot before the library opens anything.
     */
    default List<String> replacedPackages() {
        return List.of();
    }

    /**
     * Boundary receivers whose call re-arms a completion queue, as types the receiver is an instance
     * of (DiSNI: {@code com.ibm.disni.verbs.SVCReqNotify}, whose {@code execute} is
     * {@code ibv_req_notify_cq}): windows that hold a thread before its re-arm find it there, as
     * they find {@code CompletionQueue.requestNotify} for an SPI driver.
     */
    default List<String> rearmReceivers() {
        return List.of();
    }

    /**
     * Package prefixes of the adapter's own environment (the provider it installs): like the kit's
     * simulated device, not rewritten, so the points are the library's boundary calls, at the
     * library's own source lines, and not the environment's calls to the kit's device behind them.
     */
    default List<String> environmentPackages() {
        return List.of();
    }
}
