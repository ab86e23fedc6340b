package io.github.fabrictck.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The machine the figures were measured on, from system properties and the OS. */
public final class Machine {

    private Machine() {
    }

    /** Cores, JVM, OS and the load average now. */
    public static Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("cpu", cpuModel());
        m.put("memoryMiB", totalMemoryMiB());
        m.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vendor") + ")");
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        m.put("loadAverage", loadAverage());
        return m;
    }

    /** The 1-, 5- and 15-minute load averages ({@code /proc/loadavg}), or the JVM's 1-minute figure. */
    public static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException | RuntimeException e) {
            double one = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            return one < 0 ? "unknown" : String.valueOf(one);
        }
    }

    /** The 1-minute load average, or -1 when unknown. */
    public static double oneMinuteLoad() {
        try {
            return Double.parseDouble(loadAverage().split(" ")[0]);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // said below
        }
        return "unknown";
    }

    private static long totalMemoryMiB() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // said below
        }
        return -1;
    }
}
