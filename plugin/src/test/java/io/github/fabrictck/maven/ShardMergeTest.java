package io.github.fabrictck.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.launcher.Repetition;
import io.github.fabrictck.launcher.Sharding;
import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.Evidence;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.ReportFiles;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowInfo;
import io.github.fabrictck.report.WindowResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShardMergeTest {

    @TempDir
    Path dir;

    private static final Map<String, WindowInfo> CATALOG = new LinkedHashMap<>();
    private static final List<String> VARIANTS = List.of("CQ-1/a", "CQ-1/b", "CQ-2");
    private static final int REPEAT = 3;
    private static final List<DriverArtifact> ARTIFACTS = List.of(new DriverArtifact(DriverArtifact.MODULE,
            "com.acme:acme", DriverArtifact.JAR, "target/acme-1.0.jar", "a".repeat(64)));

    /** A PASS is made only with evidence that the window opened. */
    private static final Evidence OPENED = new Evidence(true, List.of(new Evidence.Hold("cq-handler",
            "call CompletionQueue.requestNotify", "com.acme.Handler.onEvent(Handler.java:42)")), 4, 2);

    static {
        CATALOG.put("CQ-1", WindowInfo.of("CQ-1", "t", "completion-queue", "s", "b", new String[0], new String[0], "c")
                .withVariant("a", "waiter first").withVariant("b", "handler first"));
        CATALOG.put("CQ-2", WindowInfo.of("CQ-2", "t", "completion-queue", "s", "b", new String[0], new String[0], "c"));
    }

    /** The outcome of one run: {@code failing} names the runs (variant and repetition) that FAIL. */
    private static WindowResult run(Sharding.Unit u, List<Sharding.Unit> failing) {
        Outcome o = failing.contains(u) ? Outcome.FAIL : Outcome.PASS;
        String[] idVariant = u.window().split("/");
        return new WindowResult(idVariant[0], idVariant.length > 1 ? idVariant[1] : null, "t", "completion-queue", o,
                10L * u.repetition() + u.window().length(), o == Outcome.FAIL ? "lost at run " + u.repetition() : null,
                o == Outcome.FAIL ? List.of("every completion is delivered") : List.of(), o == Outcome.PASS ? OPENED
                : Evidence.none(),
                "mvn -Dfabric-tck.windows=" + u.window(), List.of());
    }

    private static Result.Run facts(Result.Shard shard) {
        return new Result.Run(List.of("completion-queue"), List.of("CQ-1", "CQ-2"), List.of(),
                new TreeMap<>(Map.of("fabric-tck.windowTimeout", "60")), shard);
    }

    private static Result result(List<WindowResult> windows, Result.Run run, boolean complete) {
        return new Result(Result.SCHEMA, "0.1.0", new Result.DriverInfo("acme", "1.0"), new Result.JvmInfo("17", "x"),
                complete, null, windows, run);
    }

    /** The whole run, as one fork would make it. */
    private static Result whole(List<Sharding.Unit> failing) {
        List<WindowResult> windows = new ArrayList<>();
        for (String v : VARIANTS) {
            List<WindowResult> runs = new ArrayList<>();
            for (int r = 1; r <= REPEAT; r++) {
                runs.add(run(new Sharding.Unit(v, r), failing));
            }
            windows.add(Repetition.aggregate(runs));
        }
        return result(windows, facts(null), true);
    }

    /** Shard {@code i} of {@code n} as its fork would make it, edited by {@code edit}, written into its own directory. */
    private Path shard(int i, int n, List<Sharding.Unit> failing, UnaryOperator<Result> edit) throws IOException {
        Sharding.Part part = new Sharding.Part(i, n);
        Map<String, List<WindowResult>> byVariant = new LinkedHashMap<>();
        List<Result.ShardRun> runs = new ArrayList<>();
        for (Result.ShardRun planned : Sharding.plan(part, VARIANTS, REPEAT).runs()) {
            WindowResult w = run(new Sharding.Unit(planned.window(), planned.repetition()), failing);
            byVariant.computeIfAbsent(planned.window(), k -> new ArrayList<>()).add(w);
            runs.add(new Result.ShardRun(planned.window(), planned.repetition(), w.outcome(), w.durationMillis()));
        }
        List<WindowResult> windows = new ArrayList<>();
        VARIANTS.stream().filter(byVariant::containsKey).forEach(v -> windows.add(Repetition.aggregate(byVariant.get(v))));
        Result r = edit.apply(result(windows, facts(new Result.Shard(i, n, VARIANTS, runs)), true));
        Path out = dir.resolve("shard-" + i + "-of-" + n + "-" + Integer.toHexString(r.hashCode()));
        ResultDocument.write(r, out.resolve(ResultJson.FILE_NAME));
        Certificate c = Certificate.of(r, CATALOG, ARTIFACTS, Map.of("fabric-tck.repeat", "" + REPEAT,
                "fabric-tck.forkTimeout", "600"), null, DriverArtifact.fileSha256(out.resolve(ResultJson.FILE_NAME)));
        ReportFiles.write(out.resolve(Certificate.FILE_NAME), CertificateDocument.text(c));
        return out;
    }

    private Path shard(int i, int n, List<Sharding.Unit> failing) throws IOException {
        return shard(i, n, failing, UnaryOperator.identity());
    }

    private static Result merge(Path... dirs) throws ShardMerge.Refused {
        List<ShardMerge.Shard> shards = new ArrayList<>();
        for (Path d : ShardMerge.inputs(List.of(dirs))) {
            shards.add(ShardMerge.read(d));
        }
        return ShardMerge.merge(shards, CATALOG);
    }

    private static String refusal(Path... dirs) {
        return assertThrows(ShardMerge.Refused.class, () -> merge(dirs)).getMessage();
    }

    @Test
    void theMergeOfNShardsIsTheWholeRunVerdictsStatisticsAndDetails() throws Exception {
        List<Sharding.Unit> failing = List.of(new Sharding.Unit("CQ-1/b", 2), new Sharding.Unit("CQ-1/b", 3),
                new Sharding.Unit("CQ-2", 3));
        Result whole = whole(failing);
        for (int n = 2; n <= 6; n++) {
            Path[] dirs = new Path[n];
            for (int i = 1; i <= n; i++) {
                dirs[n - i] = shard(i, n, failing);
            }
            Result merged = merge(dirs);
            assertEquals(whole.windows(), merged.windows(), "merged from " + n + " shards");
            assertEquals(whole, merged);
            assertNull(merged.run().shard());
        }
        assertEquals("flaky over 3 runs: 1 pass, 2 fail, 0 error; first FAIL: lost at run 2",
                whole.windows().get(1).reason());
    }

    @Test
    void theMergedCertificateRecordsItsShardsAndCertifiesAsAWholeRunWould() throws Exception {
        Path one = shard(1, 2, List.of());
        Path two = shard(2, 2, List.of());
        Result merged = merge(one, two);
        List<ShardMerge.Shard> shards = List.of(ShardMerge.read(one), ShardMerge.read(two));
        Certificate c = ShardMerge.certificate(merged, shards, CATALOG, "b".repeat(64));
        assertTrue(c.certified(), c.reasons().toString());
        assertEquals("certified", c.standing());
        assertNull(c.shard());
        assertEquals(List.of(new Certificate.MergedShard(1, 2, DriverArtifact.fileSha256(one.resolve(ResultJson.FILE_NAME)),
                        DriverArtifact.fileSha256(one.resolve(Certificate.FILE_NAME))),
                new Certificate.MergedShard(2, 2, DriverArtifact.fileSha256(two.resolve(ResultJson.FILE_NAME)),
                        DriverArtifact.fileSha256(two.resolve(Certificate.FILE_NAME)))), c.merged());
        assertEquals("3", c.settings().get("fabric-tck.repeat"));
        assertEquals(ARTIFACTS, c.artifacts());
        Certificate back = CertificateDocument.read(write(c));
        assertEquals(c, back);
        // a shard's certificate says which shard it is, and goes through its file too
        Certificate own = CertificateDocument.read(one.resolve(Certificate.FILE_NAME));
        assertEquals(new Certificate.Part(1, 2), own.shard());
        assertFalse(own.certified());
        assertEquals(List.of("shard 1/2: merge the shards"), own.reasons());
        // a failing verdict is not certified, merged or not
        Result failed = merge(shard(1, 2, List.of(new Sharding.Unit("CQ-2", 1))), two);
        assertFalse(ShardMerge.certificate(failed, shards, CATALOG, "b".repeat(64)).certified());
    }

    private Path write(Certificate c) throws IOException {
        Path f = dir.resolve("merged-" + Certificate.FILE_NAME);
        ReportFiles.write(f, CertificateDocument.text(c));
        return f;
    }

    @Test
    void aForkThatRanUnderOtherSettingsInAnyShardKeepsTheMergedRunFromCertifying() throws Exception {
        Path one = shard(1, 2, List.of());
        Path two = shard(2, 2, List.of());
        List<ShardMerge.Shard> shards = new ArrayList<>(List.of(ShardMerge.read(one), ShardMerge.read(two)));
        Certificate c2 = shards.get(1).certificate();
        List<String> reasons = new ArrayList<>(c2.reasons());
        reasons.add("the fork ran with fabric-tck.peers=2, but the build configures 8");
        shards.set(1, new ShardMerge.Shard(shards.get(1).resultFile(), shards.get(1).result(), shards.get(1).shard(),
                new Certificate(false, reasons, c2.standing(), c2.tckVersion(), c2.catalog(), c2.catalogSha256(),
                        c2.driver(), c2.families(), c2.selected(), c2.excluded(), c2.settings(), c2.jvm(), c2.artifacts(),
                        c2.resultSha256(), c2.complete(), c2.verdicts(), c2.shard(), null), "r", "c"));
        Certificate c = ShardMerge.certificate(merge(one, two), shards, CATALOG, "b".repeat(64));
        assertFalse(c.certified());
        assertEquals(List.of("shard 2/2: the fork ran with fabric-tck.peers=2, but the build configures 8"), c.reasons());
    }

    @Test
    void jacksonWritesAShardsResultAsTheForksEncoderDoes() throws Exception {
        Path one = shard(2, 3, List.of(new Sharding.Unit("CQ-1/b", 2)));
        Result r = ResultDocument.read(one.resolve(ResultJson.FILE_NAME));
        assertEquals(io.github.fabrictck.report.Json.pretty(ResultJson.toJson(r)), ResultDocument.text(r));
        assertEquals(2, r.run().shard().index());
        assertEquals(VARIANTS, r.run().shard().variants());
    }

    private static final List<Result.CallSite> SITES = List.of(new Result.CallSite("boundary", "RdmaVerbs.getCqEvent",
            "com.ibm.disni.verbs.IbvCompChannel", "getCqEvent", "IbvCompChannel.java", 83));

    private static Result withSites(Result r, List<Result.CallSite> sites) {
        return new Result(r.schema(), r.tckVersion(), r.driver(), r.jvm(), r.complete(), r.running(), r.windows(),
                r.run(), sites);
    }

    @Test
    void theMergeCarriesTheLibraryCallSitesAndRefusesShardsThatRewroteOthers() throws Exception {
        Path one = shard(1, 2, List.of(), r -> withSites(r, SITES));
        Path two = shard(2, 2, List.of(), r -> withSites(r, SITES));
        Result merged = merge(one, two);
        assertEquals(SITES, merged.rewrittenCallSites());
        Result back = ResultDocument.read(one.resolve(ResultJson.FILE_NAME));
        assertEquals(io.github.fabrictck.report.Json.pretty(ResultJson.toJson(back)), ResultDocument.text(back));
        assertEquals(SITES, back.rewrittenCallSites());
        Path none = shard(2, 2, List.of());
        assertEquals(none.resolve(ResultJson.FILE_NAME) + " lists 0 library call sites the agent rewrote, but "
                + one.resolve(ResultJson.FILE_NAME) + " 1 (not in both: boundary RdmaVerbs.getCqEvent at "
                + "com.ibm.disni.verbs.IbvCompChannel.getCqEvent(IbvCompChannel.java:83)): merge the shards of one run only.",
                refusal(one, none));
    }

    static final Result.AdapterDeclaration DISNI = new Result.AdapterDeclaration(
            "io.github.fabrictck.adapters.disni.DisniAdapter", "com.ibm.disni:disni:2.1", List.of("com.ibm.disni."),
            List.of("com.ibm.disni.verbs.RdmaVerbs"), List.of(), List.of("com.ibm.disni.verbs.impl."),
            List.of("com.ibm.disni.util.NativeAffinity.setAffinity"),
            List.of(new Result.Source("/home/a/.m2/repository/com/ibm/disni/disni/2.1/disni-2.1.jar", "ab12")));

    private static Result withAdapters(Result r, List<Result.AdapterDeclaration> adapters) {
        return new Result(r.schema(), r.tckVersion(), r.driver(), r.jvm(), r.complete(), r.running(), r.windows(),
                r.run(), r.rewrittenCallSites(), adapters);
    }

    @Test
    void theMergeCarriesTheAdaptersAndRefusesShardsOfOtherAdapters() throws Exception {
        Path one = shard(1, 2, List.of(), r -> withAdapters(r, List.of(DISNI)));
        // the same jar from another machine's local repository is the same library
        Result.AdapterDeclaration elsewhere = new Result.AdapterDeclaration(DISNI.adapterClass(), DISNI.library(),
                DISNI.packages(), DISNI.boundaryTypes(), DISNI.environmentPackages(), DISNI.replacedPackages(),
                DISNI.stubs(), List.of(new Result.Source("/home/b/disni-2.1.jar", "ab12")));
        Path two = shard(2, 2, List.of(), r -> withAdapters(r, List.of(elsewhere)));
        Result merged = merge(one, two);
        assertEquals(List.of(DISNI), merged.adapters());

        // an environment package over the library's own code is another adapter run, not a shard of this one
        Result.AdapterDeclaration hiding = new Result.AdapterDeclaration(DISNI.adapterClass(), DISNI.library(),
                DISNI.packages(), DISNI.boundaryTypes(), List.of("com.ibm.disni.verbs."), DISNI.replacedPackages(),
                DISNI.stubs(), DISNI.sources());
        Path hidden = shard(2, 2, List.of(), r -> withAdapters(r, List.of(hiding)));
        String refusal = refusal(one, hidden);
        assertTrue(refusal.startsWith(hidden.resolve(ResultJson.FILE_NAME) + " was run with the adapters [adapter "
                + "io.github.fabrictck.adapters.disni.DisniAdapter declares com.ibm.disni:disni:2.1 (packages "
                + "com.ibm.disni.; environment com.ibm.disni.verbs.;"), refusal);
        assertTrue(refusal.endsWith(": merge the shards of one run only."), refusal);
        Path plain = shard(2, 2, List.of());
        assertTrue(refusal(one, plain).startsWith(plain.resolve(ResultJson.FILE_NAME) + " was run with the adapters "
                + "no adapter, but "), refusal(one, plain));
        Path otherJar = shard(2, 2, List.of(), r -> withAdapters(r, List.of(new Result.AdapterDeclaration(
                DISNI.adapterClass(), DISNI.library(), DISNI.packages(), DISNI.boundaryTypes(), DISNI.environmentPackages(),
                DISNI.replacedPackages(), DISNI.stubs(), List.of(new Result.Source(DISNI.sources().get(0).path(), "cd34"))))));
        assertTrue(refusal(one, otherJar).contains("judged disni-2.1.jar sha256 cd34]"), refusal(one, otherJar));

        // a shard whose certificate names other adapters than its result is refused, naming the file
        editCertificate(two, c -> new Certificate(c.certified(), c.reasons(), c.standing(), c.tckVersion(), c.catalog(),
                c.catalogSha256(), c.driver(), c.families(), c.selected(), c.excluded(), c.settings(), c.jvm(),
                c.artifacts(), c.resultSha256(), c.complete(), c.verdicts(), c.shard(), c.merged(), List.of()));
        assertTrue(refusal(one, two).startsWith(two.resolve(ResultJson.FILE_NAME) + ": The certificate names no adapter "
                + "but its result records [adapter "), refusal(one, two));
    }

    @Test
    void aMissingShardIsNamed() throws Exception {
        Path one = shard(1, 3, List.of());
        Path three = shard(3, 3, List.of());
        assertEquals("Shard 2/3 is missing: the inputs hold 1/3 (" + one.resolve(ResultJson.FILE_NAME) + "), 3/3 ("
                + three.resolve(ResultJson.FILE_NAME) + ").", refusal(one, three));
    }

    @Test
    void aDuplicatedShardIsNamed() throws Exception {
        Path one = shard(1, 2, List.of());
        Path two = shard(2, 2, List.of());
        Files.createDirectories(dir.resolve("copy"));
        Files.copy(two.resolve(ResultJson.FILE_NAME), dir.resolve("copy").resolve(ResultJson.FILE_NAME));
        Files.copy(two.resolve(Certificate.FILE_NAME), dir.resolve("copy").resolve(Certificate.FILE_NAME));
        assertEquals(dir.resolve("copy").resolve(ResultJson.FILE_NAME) + " and " + two.resolve(ResultJson.FILE_NAME)
                + " are both shard 2/2: give each shard once.", refusal(one, two, dir.resolve("copy")));
    }

    @Test
    void shardsOfDifferentSplitsDriversOrSettingsAreNotMerged() throws Exception {
        Path one = shard(1, 2, List.of());
        Path other = shard(2, 3, List.of());
        assertEquals(other.resolve(ResultJson.FILE_NAME) + " was run with the split 3 shards, but "
                + one.resolve(ResultJson.FILE_NAME) + " with 2 shards: merge the shards of one run only.",
                refusal(one, other));
        Path driver = shard(2, 2, List.of(), r -> new Result(r.schema(), r.tckVersion(),
                new Result.DriverInfo("acme", "1.1"), r.jvm(), true, null, r.windows(), r.run()));
        assertEquals(driver.resolve(ResultJson.FILE_NAME) + " was run with the driver acme 1.1, but "
                + one.resolve(ResultJson.FILE_NAME) + " with acme 1.0: merge the shards of one run only.", refusal(one, driver));
        Path settings = shard(2, 2, List.of(), r -> new Result(r.schema(), r.tckVersion(), r.driver(), r.jvm(), true,
                null, r.windows(), new Result.Run(r.run().families(), r.run().selected(), r.run().excluded(),
                new TreeMap<>(Map.of("fabric-tck.windowTimeout", "30")), r.run().shard())));
        assertEquals(settings.resolve(ResultJson.FILE_NAME) + " was run with fabric-tck.windowTimeout=30, but "
                + one.resolve(ResultJson.FILE_NAME) + " with fabric-tck.windowTimeout=60: merge the shards of one run only.",
                refusal(one, settings));
        Path kit = shard(2, 2, List.of(), r -> new Result(r.schema(), "0.2.0", r.driver(), r.jvm(), true, null,
                r.windows(), r.run()));
        assertTrue(refusal(one, kit).contains(" was run with the kit Fabric TCK 0.2.0, but "), refusal(one, kit));
    }

    @Test
    void overlappingPartsAreRefused() throws Exception {
        Path one = shard(1, 2, List.of());
        // shard 2 claims a run of shard 1's part as its own
        Path two = shard(2, 2, List.of(), r -> {
            List<Result.ShardRun> runs = new ArrayList<>(r.run().shard().runs());
            runs.add(new Result.ShardRun("CQ-1/a", 1, Outcome.PASS, 3));
            Result.Shard s = r.run().shard();
            List<WindowResult> windows = new ArrayList<>(r.windows());
            WindowResult a = windows.stream().filter(w -> w.label().equals("CQ-1/a")).findFirst().orElseThrow();
            windows.set(windows.indexOf(a), Repetition.fold(a, List.of(Outcome.PASS, Outcome.PASS),
                    List.of(1L, 3L)));
            return new Result(r.schema(), r.tckVersion(), r.driver(), r.jvm(), true, null, windows,
                    new Result.Run(r.run().families(), r.run().selected(), r.run().excluded(), r.run().settings(),
                            new Result.Shard(s.index(), s.count(), s.variants(), runs)));
        });
        assertEquals(two.resolve(ResultJson.FILE_NAME) + " and " + one.resolve(ResultJson.FILE_NAME)
                + " both ran CQ-1/a run 1: their parts overlap.", refusal(one, two));
    }

    @Test
    void anIncompleteShardIsNamed() throws Exception {
        Path one = shard(1, 2, List.of());
        Path cut = shard(2, 2, List.of(), r -> new Result(r.schema(), r.tckVersion(), r.driver(), r.jvm(), false,
                "CQ-2", r.windows(), r.run()));
        assertEquals(cut.resolve(ResultJson.FILE_NAME) + " is an incomplete shard 2/2: its run did not finish; run that "
                + "shard again.", refusal(one, cut));
        Path unrun = shard(2, 2, List.of(), r -> {
            Result.Shard s = r.run().shard();
            List<Result.ShardRun> runs = new ArrayList<>(s.runs());
            Result.ShardRun last = runs.remove(runs.size() - 1);
            runs.add(new Result.ShardRun(last.window(), last.repetition(), null, 0));
            return new Result(r.schema(), r.tckVersion(), r.driver(), r.jvm(), true, null, r.windows(),
                    new Result.Run(r.run().families(), r.run().selected(), r.run().excluded(), r.run().settings(),
                            new Result.Shard(s.index(), s.count(), s.variants(), runs)));
        });
        assertTrue(refusal(one, unrun).matches(".* is an incomplete shard 2/2: CQ-\\S+ run \\d has no verdict; run that "
                + "shard again\\."), refusal(one, unrun));
    }

    @Test
    void aShardWhoseCertificateDoesNotVerifyIsNamed() throws Exception {
        Path one = shard(1, 2, List.of());
        Path two = shard(2, 2, List.of());
        String text = Files.readString(two.resolve(ResultJson.FILE_NAME)) + "\n";
        Files.writeString(two.resolve(ResultJson.FILE_NAME), text);
        assertTrue(refusal(one, two).startsWith("The certificate " + two.resolve(Certificate.FILE_NAME)
                + " does not verify: " + two.resolve(ResultJson.FILE_NAME) + " changed since shard 2/2 wrote it (sha256 "),
                refusal(one, two));
        Files.delete(two.resolve(Certificate.FILE_NAME));
        assertEquals("The certificate of shard 2/2 does not verify: there is no " + two.resolve(Certificate.FILE_NAME)
                + " (a shard's output directory holds its result and its certificate).", refusal(one, two));
    }

    @Test
    void aResultThatIsNoShardOrNoResultIsNamed() throws Exception {
        Path one = shard(1, 2, List.of());
        Path whole = dir.resolve("whole");
        ResultDocument.write(whole(List.of()), whole.resolve(ResultJson.FILE_NAME));
        assertEquals(whole.resolve(ResultJson.FILE_NAME) + " is not a shard's result: it was not run with "
                + "-Dfabric-tck.shard=i/n, so there is nothing to merge it with.", refusal(one, whole));
        Path junk = dir.resolve("junk");
        Files.createDirectories(junk);
        Files.writeString(junk.resolve(ResultJson.FILE_NAME), "{\"schema\": \"something/1\"}");
        assertEquals(junk.resolve(ResultJson.FILE_NAME) + " is not a fabric-tck-result/1 document: its schema is "
                + "\"something/1\".", refusal(one, junk));
        Path empty = dir.resolve("empty");
        Files.createDirectories(empty);
        assertEquals("The merge input " + empty + " holds no fabric-tck-result.json, nor any directory that does: give "
                + "each shard's output directory in fabric-tck.mergeInputs.", refusal(empty));
    }

    @Test
    void aDirectoryOfShardDirectoriesStandsForThemInNameOrder() throws Exception {
        Path all = Files.createDirectories(dir.resolve("downloaded"));
        for (int i = 1; i <= 3; i++) {
            Path s = shard(i, 3, List.of());
            Files.move(s, all.resolve("fabric-tck-shard-" + i), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        }
        assertEquals(List.of(all.resolve("fabric-tck-shard-1"), all.resolve("fabric-tck-shard-2"),
                all.resolve("fabric-tck-shard-3")), ShardMerge.inputs(List.of(all)));
        assertEquals(whole(List.of()), merge(all));
    }

    /** {@code edit} applied to the certificate in {@code shard} (its result untouched), written back. */
    private static void editCertificate(Path shard, UnaryOperator<Certificate> edit) throws IOException {
        Certificate c = CertificateDocument.read(shard.resolve(Certificate.FILE_NAME));
        ReportFiles.write(shard.resolve(Certificate.FILE_NAME), CertificateDocument.text(edit.apply(c)));
    }

    private static Certificate with(Certificate c, boolean certified, List<Certificate.Verdict> verdicts) {
        return new Certificate(certified, certified ? List.of() : c.reasons(), certified ? "certified" : c.standing(),
                c.tckVersion(), c.catalog(), c.catalogSha256(), c.driver(), c.families(), c.selected(), c.excluded(),
                c.settings(), c.jvm(), c.artifacts(), c.resultSha256(), c.complete(), verdicts, c.shard(), null);
    }

    /** Every FAIL of a result made a PASS, as a forger would: no broken invariant, evidence of opening or none. */
    private static UnaryOperator<Result> forged(boolean evidence) {
        return r -> {
            List<WindowResult> windows = r.windows().stream().map(w -> w.outcome() != Outcome.FAIL ? w
                    : new WindowResult(w.id(), w.variant(), w.title(), w.family(), Outcome.PASS, w.durationMillis(),
                    null, List.of(), evidence ? OPENED : Evidence.none(), w.reproduce(), w.threadDump(),
                    w.repeat() == null ? null : new io.github.fabrictck.report.RepeatStats(w.repeat().runs(),
                    w.repeat().pass() + w.repeat().fail(), 0, w.repeat().error(), w.repeat().notApplicable(), null),
                    w.trace())).toList();
            Result.Shard s = r.run().shard();
            List<Result.ShardRun> runs = s.runs().stream().map(x -> x.outcome() != Outcome.FAIL ? x
                    : new Result.ShardRun(x.window(), x.repetition(), Outcome.PASS, x.durationMillis())).toList();
            return new Result(r.schema(), r.tckVersion(), r.driver(), r.jvm(), true, null, windows,
                    new Result.Run(r.run().families(), r.run().selected(), r.run().excluded(), r.run().settings(),
                            new Result.Shard(s.index(), s.count(), s.variants(), runs)));
        };
    }

    @Test
    void aSplitIntoOnePartIsNoShardToMerge() throws Exception {
        Path only = shard(1, 1, List.of(new Sharding.Unit("CQ-2", 1)));
        assertEquals(only.resolve(ResultJson.FILE_NAME) + " is shard 1/1, a split into one part, which the kit refuses "
                + "to run (fabric-tck.shard needs n ≥ 2): it is no part of a sharded run.", refusal(only));
    }

    @Test
    void aShardThatContradictsItselfOrItsCertificateIsRefusedNamingTheFile() throws Exception {
        Path two = shard(2, 2, List.of());
        List<Sharding.Unit> failing = List.of(new Sharding.Unit("CQ-2", 1), new Sharding.Unit("CQ-2", 2),
                new Sharding.Unit("CQ-2", 3));
        // a FAIL made a PASS with no evidence of opening: the kit never writes that
        Path bare = shard(1, 2, failing, forged(false));
        assertEquals(bare.resolve(ResultJson.FILE_NAME) + " (shard 1/2) does not agree with itself or its certificate "
                + "fabric-tck-certificate.json: CQ-2 is a PASS with no evidence that its window was opened (the kit "
                + "passes a window only when a hold caught the injected event); run that shard again.", refusal(bare, two));
        // with evidence, the result holds up alone; its certificate, edited to say certified, does not
        Path careful = shard(1, 2, failing, forged(true));
        editCertificate(careful, c -> with(c, true, c.verdicts()));
        assertEquals(careful.resolve(ResultJson.FILE_NAME) + " (shard 1/2) does not agree with itself or its "
                + "certificate fabric-tck-certificate.json: its certificate says certified, which a shard's never is; "
                + "run that shard again.", refusal(careful, two));
        // a certificate whose verdicts are not the result's
        Path honest = shard(1, 2, failing);
        editCertificate(honest, c -> with(c, false, c.verdicts().stream().map(v -> new Certificate.Verdict(v.id(),
                v.variant(), Outcome.PASS)).toList()));
        assertTrue(refusal(honest, two).startsWith(honest.resolve(ResultJson.FILE_NAME) + " (shard 1/2) does not agree "
                + "with itself or its certificate fabric-tck-certificate.json: the certificate records the verdicts ["),
                refusal(honest, two));
        assertTrue(refusal(honest, two).contains("but the result has [") && refusal(honest, two).contains("CQ-2 FAIL"),
                refusal(honest, two));
        // a summary that does not add up to the windows
        Path summed = shard(1, 2, failing);
        Path file = summed.resolve(ResultJson.FILE_NAME);
        Files.writeString(file, Files.readString(file).replaceFirst("\"fail\"(\\s*):(\\s*)1", "\"fail\"$1:$20"));
        editCertificate(summed, c -> new Certificate(c.certified(), c.reasons(), c.standing(), c.tckVersion(),
                c.catalog(), c.catalogSha256(), c.driver(), c.families(), c.selected(), c.excluded(), c.settings(),
                c.jvm(), c.artifacts(), uncheckedSha256(file), c.complete(), c.verdicts(), c.shard(), null));
        assertTrue(refusal(summed, two).startsWith(file + " is not a fabric-tck-result/1 document: its \"summary\" "),
                refusal(summed, two));
        assertTrue(refusal(summed, two).endsWith(" does not add up to its windows' verdicts (2 pass, 1 fail, 0 error, 0 "
                + "not applicable)."), refusal(summed, two));
    }

    private static String uncheckedSha256(Path file) {
        try {
            return DriverArtifact.fileSha256(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
