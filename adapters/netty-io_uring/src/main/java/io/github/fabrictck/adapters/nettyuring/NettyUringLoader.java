package io.github.fabrictck.adapters.nettyuring;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Netty's io_uring transport as Maven Central serves it, in a class loader of its own over the unmodified jars: classes
 * of {@code io.netty} are loaded here first (child-first), through {@link NativeRedirect}; everything else, this
 * adapter included, from the parent. Each loader has its own {@link SimulatedUring} and {@link LoopPoints}: a
 * redirected call site names its class, and so its loader.
 */
public final class NettyUringLoader extends URLClassLoader {

    static {
        registerAsParallelCapable();
    }

    /** The Netty artifacts an event loop needs besides the io_uring classes, at {@code netty-io_uring.netty.version}. */
    static final List<String> NETTY_ARTIFACTS =
        List.of("netty-common", "netty-buffer", "netty-resolver", "netty-transport", "netty-transport-native-unix-common");
    static final String URING_ARTIFACT = "netty-incubator-transport-classes-io_uring";

    private final String version;
    private final Map<String, String> sha256;
    private final SimulatedUring kernel = new SimulatedUring();
    private final LoopPoints points = new LoopPoints();

    private NettyUringLoader(String version, List<Path> jars, ClassLoader parent) {
        super("netty-io_uring-" + version, urls(jars), parent);
        this.version = version;
        Map<String, String> digests = new LinkedHashMap<>();
        jars.forEach(jar -> digests.put(jar.getFileName().toString(), sha256(jar)));
        this.sha256 = Map.copyOf(digests);
    }

    /**
     * A loader over {@code dir}'s {@code netty-incubator-transport-classes-io_uring-<version>.jar} and the Netty jars
     * of {@code nettyVersion} (the module's build copies them into {@code target/netty-io_uring}).
     */
    public static NettyUringLoader open(Path dir, String version, String nettyVersion) {
        List<Path> jars = new java.util.ArrayList<>();
        jars.add(dir.resolve(URING_ARTIFACT + "-" + version + ".jar"));
        NETTY_ARTIFACTS.forEach(a -> jars.add(dir.resolve(a + "-" + nettyVersion + ".jar")));
        for (Path jar : jars) {
            if (!Files.isRegularFile(jar)) {
                throw new IllegalArgumentException("no " + jar + " (the module's build copies Netty's jars there)");
            }
        }
        return new NettyUringLoader(version, jars, NettyUringLoader.class.getClassLoader());
    }

    /** The loader of a class Netty's rewritten code runs in. */
    static NettyUringLoader of(Class<?> caller) {
        return (NettyUringLoader) caller.getClassLoader();
    }

    public String version() {
        return version;
    }

    public SimulatedUring kernel() {
        return kernel;
    }

    public LoopPoints points() {
        return points;
    }

    /** The SHA-256 of every jar this loader reads, by file name: the bytes the verdict is about. */
    public Map<String, String> sha256() {
        return sha256;
    }

    /** The SHA-256 of the io_uring classes jar under test. */
    public String uringSha256() {
        return sha256.get(URING_ARTIFACT + "-" + version + ".jar");
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith("io.netty.")) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = findClass(name);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        URL resource = findResource(name.replace('.', '/') + ".class");
        if (resource == null) {
            throw new ClassNotFoundException(name);
        }
        try (InputStream in = resource.openStream()) {
            byte[] bytes = NativeRedirect.rewrite(in.readAllBytes());
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }

    private static URL[] urls(List<Path> jars) {
        try {
            URL[] urls = new URL[jars.size()];
            for (int i = 0; i < urls.length; i++) {
                urls[i] = jars.get(i).toUri().toURL();
            }
            return urls;
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static String sha256(Path jar) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(jar)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
