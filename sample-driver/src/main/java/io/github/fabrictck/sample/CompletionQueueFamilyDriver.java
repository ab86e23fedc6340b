package io.github.fabrictck.sample;

import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.DriverContext;
import io.github.fabrictck.spi.Family;
import io.github.fabrictck.spi.cq.CompletionQueueDriver;
import io.github.fabrictck.spi.cq.QueuePair;
import java.io.IOException;
import java.io.InputStream;
import java.util.EnumSet;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;

/** A driver of this module: a name and the endpoint it opens for the completion-queue family. */
abstract class CompletionQueueFamilyDriver implements Driver {

    private static final String VERSION = readVersion();

    private final String name;
    private final Function<QueuePair, CompletionQueueDriver> open;

    CompletionQueueFamilyDriver(String name, Function<QueuePair, CompletionQueueDriver> open) {
        this.name = name;
        this.open = open;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String version() {
        return VERSION;
    }

    @Override
    public Set<Family> families() {
        return EnumSet.of(Family.COMPLETION_QUEUE);
    }

    @Override
    public CompletionQueueDriver openCompletionQueue(DriverContext context, QueuePair queuePair) {
        return open.apply(queuePair);
    }

    private static String readVersion() {
        try (InputStream in = CompletionQueueFamilyDriver.class.getResourceAsStream("sample-driver.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
