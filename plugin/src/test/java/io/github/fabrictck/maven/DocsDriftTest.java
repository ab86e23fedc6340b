package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.launcher.Catalog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The hand-written docs (README.md and the site's Markdown pages) against the code: every {@code fabric-tck.*}
 * setting they name is one the plugin or the fork reads, and every window id they name is in the catalog. The
 * catalog and the settings table themselves are generated into the site ({@code io.github.fabrictck.docs.SitePages});
 * this test catches the prose that still names them.
 */
class DocsDriftTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** Names the docs may use that are no setting, each for a reason. */
    private static final Map<String, String> NOT_SETTINGS = Map.of(
            "fabric-tck.jar", "the kit's jar, a file name",
            "fabric-tck.html", "the report goal's page, a file name",
            "fabric-tck.windowz", "the misspelling the unknown-setting sentence is shown with",
            "fabric-tck.NAME", "a placeholder",
            "fabric-tck.instrument", "the prefix of the plugin's internal fabric-tck.instrument.* settings");

    /** Window ids the docs may name that are not in the catalog, each for a reason. */
    private static final Map<String, String> NOT_WINDOWS = Map.of(
            "CQ-0", "the stock unknown id, which can never exist (numbers start at 1: CatalogTest)");

    @Test
    void everySettingTheDocsNameIsOneTheKitReads() throws IOException {
        Set<String> known = UnknownSettings.knownProperties(descriptorProperties());
        Map<String, List<String>> unknown = new TreeMap<>();
        for (Path doc : docs()) {
            Matcher m = Pattern.compile("fabric-tck\\.[A-Za-z][A-Za-z.]*[A-Za-z]").matcher(read(doc));
            while (m.find()) {
                String name = m.group();
                if (!known.contains(name) && !NOT_SETTINGS.containsKey(name)) {
                    unknown.computeIfAbsent(name, n -> new ArrayList<>()).add(ROOT.relativize(doc).toString());
                }
            }
        }
        assertEquals(Map.of(), unknown, "settings the docs name that nothing reads (a rename the docs missed?)");
    }

    @Test
    void theShortRunThresholdThePluginPageNamesIsTheForksOwn() throws IOException {
        String page = Files.readString(ROOT.resolve("site/src/site/markdown/plugin.md"), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("A scripted fork of at most (\\d+) repeats \\(`-Dfabric-tck.repeat`, "
                + "`ForkCommand.SHORT_RUN_REPEATS`\\)").matcher(page);
        assertTrue(m.find(), "plugin.md no longer says how many repeats a C1-only fork runs at most");
        assertEquals(ForkCommand.SHORT_RUN_REPEATS, Integer.parseInt(m.group(1)), "the threshold plugin.md names");
    }

    @Test
    void theImminentTimerTheGuideNamesIsTheEnginesOwn() throws IOException {
        String page = Files.readString(ROOT.resolve("site/src/site/markdown/guide.md"), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("a one-shot timer of yours due within (\\d+) ms \\(`WindowRun.IMMINENT_TIMER_NANOS`")
                .matcher(page);
        assertTrue(m.find(), "guide.md no longer says when a wall-clock timer counts as work under way");
        assertEquals(java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(
                io.github.fabrictck.engine.WindowRun.IMMINENT_TIMER_NANOS), Long.parseLong(m.group(1)), "guide.md");
    }

    @Test
    void everyWindowIdTheDocsNameIsInTheCatalog() throws IOException {
        Set<String> ids = Catalog.discover(true).info().keySet();
        Map<String, List<String>> unknown = new TreeMap<>();
        for (Path doc : docs()) {
            Matcher m = Pattern.compile("\\b(CQ|HS|CS)-[0-9]+\\b").matcher(read(doc));
            while (m.find()) {
                String id = m.group();
                if (!ids.contains(id) && !NOT_WINDOWS.containsKey(id)) {
                    unknown.computeIfAbsent(id, n -> new ArrayList<>()).add(ROOT.relativize(doc).toString());
                }
            }
        }
        assertEquals(Map.of(), unknown, "window ids the docs name that the catalog does not have");
    }

    @Test
    void theReadmeIsAFrontDoor() throws IOException {
        long lines = read(ROOT.resolve("README.md")).lines().count();
        assertTrue(lines <= 220, "README.md has " + lines + " lines: the rest belongs on the site (site/src/site/markdown/)");
    }

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> pages = Files.list(ROOT.resolve("site/src/site/markdown"))) {
            pages.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    /** The properties of the plugin's parameters, from the descriptor the build generated. */
    private static Set<String> descriptorProperties() throws IOException {
        Path descriptor = Path.of("target/classes/META-INF/maven/plugin.xml");
        Set<String> properties = new TreeSet<>();
        Matcher m = Pattern.compile("\\$\\{(fabric-tck\\.[A-Za-z.]+)}").matcher(read(descriptor));
        while (m.find()) {
            properties.add(m.group(1));
        }
        assertTrue(properties.contains("fabric-tck.windows"), "no plugin descriptor at " + descriptor.toAbsolutePath());
        return properties;
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
