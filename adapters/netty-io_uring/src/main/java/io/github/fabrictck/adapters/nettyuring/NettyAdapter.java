package io.github.fabrictck.adapters.nettyuring;

import io.github.fabrictck.adapter.Adapter;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Netty's io_uring transport ({@code io.netty.incubator:netty-incubator-transport-classes-io_uring}) as it ships, with
 * the part of {@code io.netty:netty-transport-native-unix-common} it calls: their classes are rewritten so that their
 * JDK synchronisation (the loop's {@code nextWakeupNanos}, its state) is made of points, and their calls to the natives
 * of Netty's JNI library go to {@link io.github.fabrictck.adapters.nettyuring.kernel} (the simulated io_uring kernel over
 * the kit's ring), each a point at Netty's own line. No Netty class is loaded here: the types are named as strings.
 */
public final class NettyAdapter implements Adapter {

    static final String ARTIFACT = "io.netty.incubator:netty-incubator-transport-classes-io_uring";
    private static final String KERNEL = "io.github.fabrictck.adapters.nettyuring.kernel.";

    @Override
    public String library() {
        return ARTIFACT + ":" + nettyVersion();
    }

    @Override
    public List<String> packages() {
        return List.of("io.netty.incubator.channel.uring.", "io.netty.channel.unix.");
    }

    // no boundaryTypes() and no stubs(): Netty's event loop calls no instance method of an environment type, its
    // boundary is its JNI layer (redirects())

    @Override
    public Map<String, String> redirects() {
        return Map.of(
                "io.netty.incubator.channel.uring.Native", KERNEL + "NativeKernel",
                "io.netty.incubator.channel.uring.NativeStaticallyReferencedJniMethods", KERNEL + "NativeConstants",
                "io.netty.incubator.channel.uring.LinuxSocket", KERNEL + "NoNatives",
                "io.netty.channel.unix.FileDescriptor", KERNEL + "UnixKernel",
                "io.netty.channel.unix.Socket", KERNEL + "UnixKernel",
                "io.netty.channel.unix.Buffer", KERNEL + "NoNatives",
                "io.netty.channel.unix.ErrorsStaticallyReferencedJniMethods", KERNEL + "NoNatives",
                "io.netty.channel.unix.LimitsStaticallyReferencedJniMethods", KERNEL + "NoNatives");
    }

    @Override
    public List<String> environmentPackages() {
        return List.of(KERNEL);
    }

    /**
     * The io_uring classes jar's version, from its Maven descriptor: no Netty class is loaded for it, nor the driver,
     * whose code names Netty's types (the agent reads the adapter before it rewrites anything).
     */
    static String nettyVersion() {
        String descriptor = "META-INF/maven/io.netty.incubator/netty-incubator-transport-classes-io_uring/pom.properties";
        try (InputStream in = NettyAdapter.class.getClassLoader().getResourceAsStream(descriptor)) {
            if (in == null) {
                return "absent";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unreadable: " + e.getMessage();
        }
    }
}
