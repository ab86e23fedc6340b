package io.github.fabrictck.launcher;

import io.github.fabrictck.spi.Driver;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the driver chosen by name without instantiating the others: the agent rewrites every
 * driver class as it loads, and instantiating all the drivers a module lists loads and rewrites
 * the classes of all of them (the sample module's 17 drivers: 45 classes, 2 to 3 s of a fork's
 * start), although one runs.
 *
 * <p>A driver's name is known only from an instance, so this reads, without loading them, the class
 * files of the providers listed in {@code META-INF/services/io.github.fabrictck.spi.Driver} and
 * instantiates only those whose constant pool holds the name as a string literal (the usual
 * {@code super("name", ...)} or {@code return "name";}). It answers only when exactly one of them
 * is named so; in every other case (no name, no provider with the literal, two with it, one that
 * cannot be read, loaded or instantiated) it answers {@code null} and the launcher instantiates
 * every listed driver as before, so every message about bad input is the same. What it cannot see:
 * a second driver that computes the same name without the literal (that duplicate is not reported).
 */
final class NamedDriver {

    private static final String SERVICES = "META-INF/services/" + Driver.class.getName();

    private NamedDriver() {
    }

    /** The one driver named {@code name} whose class holds the name as a literal, or {@code null} to look the slow way. */
    static Driver find(ClassLoader loader, String name) {
        if (name == null || name.isBlank()) {
            return null;
        }
        try {
            List<Driver> named = new ArrayList<>();
            for (String provider : listed(loader)) {
                byte[] classFile;
                try (InputStream in = loader.getResourceAsStream(provider.replace('.', '/') + ".class")) {
                    if (in == null) {
                        return null; // ServiceLoader's error, said the slow way
                    }
                    classFile = in.readAllBytes();
                }
                if (!stringLiterals(classFile).contains(name)) {
                    continue;
                }
                Class<?> type = Class.forName(provider, false, loader);
                if (!Driver.class.isAssignableFrom(type) || !java.lang.reflect.Modifier.isPublic(type.getModifiers())) {
                    return null;
                }
                Driver driver = (Driver) type.getConstructor().newInstance();
                if (name.equals(driver.name())) {
                    named.add(driver);
                }
            }
            return named.size() == 1 ? named.get(0) : null;
        } catch (IOException | ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** The provider class names the service files list, in {@link java.util.ServiceLoader}'s order, each once. */
    static List<String> listed(ClassLoader loader) throws IOException {
        Set<String> names = new LinkedHashSet<>();
        Enumeration<URL> files = loader.getResources(SERVICES);
        while (files.hasMoreElements()) {
            try (InputStream in = files.nextElement().openStream()) {
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    int comment = line.indexOf('#');
                    String name = (comment >= 0 ? line.substring(0, comment) : line).strip();
                    if (!name.isEmpty()) {
                        names.add(name);
                    }
                }
            }
        }
        return List.copyOf(names);
    }

    /** The values of the class file's {@code CONSTANT_String} entries (its string literals). */
    static Set<String> stringLiterals(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor
        in.readUnsignedShort(); // major
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        List<Integer> strings = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 8 -> strings.add(in.readUnsignedShort());
                case 7, 16, 19, 20 -> in.skipNBytes(2);
                case 15 -> in.skipNBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                case 5, 6 -> {
                    in.skipNBytes(8);
                    i++; // a long or a double takes two entries
                }
                default -> throw new IOException("constant pool tag " + tag);
            }
        }
        Set<String> literals = new HashSet<>();
        for (int index : strings) {
            if (index > 0 && index < count && utf8[index] != null) {
                literals.add(utf8[index]);
            }
        }
        return literals;
    }
}
