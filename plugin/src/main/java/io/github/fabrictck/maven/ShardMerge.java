package io.github.fabrictck.maven;

import io.github.fabrictck.launcher.Repetition;
import io.github.fabrictck.launcher.Sharding;
import io.github.fabrictck.report.Certificate;
import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.Settings;
import io.github.fabrictck.report.Verification;
import io.github.fabrictck.report.WindowInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The {@code merge} goal's decisions, in plain Java: which directories hold the shards, whether
 * they are the n parts of one run (each one a complete, untouched shard with a certificate that
 * holds; same kit, catalog, driver and artifacts, JVM, selection and settings; every part present
 * once, none overlapping), and the one result they make together, folded exactly as one run of
 * every unit would have been ({@link Repetition#fold}). Every refusal is one sentence naming the file.
 */
final class ShardMerge {

    private ShardMerge() {
    }

    /** A refusal to merge: one sentence naming the file. */
    static final class Refused extends Exception {
        Refused(String sentence) {
            super(sentence);
        }
    }

    /**
     * One shard's output directory as read.
     *
     * @param resultFile        its {@value ResultJson#FILE_NAME}
     * @param result            the result
     * @param shard             the result's shard facts
     * @param certificate       its certificate
     * @param resultSha256      the result file's SHA-256
     * @param certificateSha256 the certificate file's SHA-256
     */
    record Shard(Path resultFile, Result result, Result.Shard shard, Certificate certificate, String resultSha256,
                 String certificateSha256) {
    }

    /**
     * The shards' output directories {@code given} names: each given directory that holds a
     * {@value ResultJson#FILE_NAME} is one; one that does not stands for its subdirectories that
     * do (the directory a CI job downloaded every shard's artifact into), sorted by name.
     */
    static List<Path> inputs(List<Path> given) throws Refused {
        List<Path> inputs = new ArrayList<>();
        for (Path g : given) {
            if (Files.isRegularFile(g.resolve(ResultJson.FILE_NAME))) {
                inputs.add(g);
                continue;
            }
            if (!Files.isDirectory(g)) {
                throw new Refused("The merge input " + g + " is not a directory: give each shard's output directory, "
                        + "or one directory holding them, in fabric-tck.mergeInputs.");
            }
            List<Path> found;
            try (Stream<Path> list = Files.list(g)) {
                found = list.filter(d -> Files.isRegularFile(d.resolve(ResultJson.FILE_NAME))).sorted().toList();
            } catch (IOException e) {
                throw new Refused("Cannot list the merge input " + g + ": " + e + ".");
            }
            if (found.isEmpty()) {
                throw new Refused("The merge input " + g + " holds no " + ResultJson.FILE_NAME + ", nor any directory "
                        + "that does: give each shard's output directory in fabric-tck.mergeInputs.");
            }
            inputs.addAll(found);
        }
        if (inputs.isEmpty()) {
            throw new Refused("No shard to merge: give each shard's output directory in fabric-tck.mergeInputs.");
        }
        return inputs;
    }

    /** Reads the shard in {@code directory}: refused unless it is a complete shard whose certificate holds. */
    static Shard read(Path directory) throws Refused {
        Path file = directory.resolve(ResultJson.FILE_NAME);
        Result r;
        try {
            r = ResultDocument.read(file);
        } catch (IOException e) {
            throw new Refused(e.getMessage());
        }
        Result.Shard part = r.run() == null ? null : r.run().shard();
        if (part == null) {
            throw new Refused(file + " is not a shard's result: it was not run with -Dfabric-tck.shard=i/n, so there "
                    + "is nothing to merge it with.");
        }
        if (part.count() < 2) {
            throw new Refused(file + " is shard " + part.label() + ", a split into one part, which the kit refuses to "
                    + "run (fabric-tck.shard needs n ≥ 2): it is no part of a sharded run.");
        }
        String resultSha;
        Path certFile = directory.resolve(Certificate.FILE_NAME);
        Certificate c;
        String certSha;
        try {
            resultSha = DriverArtifact.fileSha256(file);
            if (!Files.exists(certFile)) {
                throw new Refused("The certificate of shard " + part.label() + " does not verify: there is no "
                        + certFile + " (a shard's output directory holds its result and its certificate).");
            }
            certSha = DriverArtifact.fileSha256(certFile);
            c = CertificateDocument.read(certFile);
        } catch (IOException e) {
            throw new Refused("The certificate of shard " + part.label() + " does not verify: " + e.getMessage());
        }
        if (!Objects.equals(c.resultSha256(), resultSha)) {
            throw new Refused("The certificate " + certFile + " does not verify: " + file + " changed since shard "
                    + part.label() + " wrote it (sha256 " + c.resultSha256() + " at run, " + resultSha + " now).");
        }
        if (c.shard() == null || c.shard().index() != part.index() || c.shard().count() != part.count()) {
            throw new Refused("The certificate " + certFile + " does not verify: it is not the certificate of shard "
                    + part.label() + ".");
        }
        String incomplete = Sharding.incompleteness(r);
        if (incomplete != null) {
            throw new Refused(file + " is an incomplete shard " + part.label() + ": " + incomplete
                    + "; run that shard again.");
        }
        String contradiction = contradiction(r, c);
        if (contradiction != null) {
            throw new Refused(file + " (shard " + part.label() + ") does not agree with itself or its certificate "
                    + certFile.getFileName() + ": " + contradiction + "; run that shard again.");
        }
        return new Shard(file, r, part, c, resultSha, certSha);
    }

    /**
     * The first way a shard's result breaks the rules its verdicts are made by ({@link
     * Verification#contradictions}), or differs from what its certificate records of it: the verdicts, whether the run
     * finished, and {@code certified}, which a shard's never is; {@code null} when there is none. The merged result
     * is judged again as a whole run, so a shard must hold up as verify would judge it.
     */
    static String contradiction(Result r, Certificate c) {
        List<String> found = Verification.contradictions(r);
        if (!found.isEmpty()) {
            return found.get(0);
        }
        List<Certificate.Verdict> verdicts = r.windows().stream()
                .map(w -> new Certificate.Verdict(w.id(), w.variant(), w.outcome())).toList();
        if (!verdicts.equals(c.verdicts())) {
            return "the certificate records the verdicts " + labels(c.verdicts()) + " but the result has " + labels(verdicts);
        }
        if (c.complete() != r.complete()) {
            return "the certificate says the run " + (c.complete() ? "finished" : "did not finish") + ", the result that it "
                    + (r.complete() ? "did" : "did not");
        }
        if (c.certified()) {
            return "its certificate says certified, which a shard's never is";
        }
        return null;
    }

    private static String labels(List<Certificate.Verdict> verdicts) {
        return verdicts.stream().map(v -> v.label() + " " + v.outcome()).toList().toString();
    }

    /**
     * The one result the shards make: refused unless they are the n parts of one run, each once.
     *
     * @param catalog the catalog of this kit by window id: the shards must have run it
     */
    static Result merge(List<Shard> given, Map<String, WindowInfo> catalog) throws Refused {
        List<Shard> shards = new ArrayList<>(given);
        shards.sort(Comparator.comparingInt(s -> s.shard().index()));
        Shard first = shards.get(0);
        String catalogSha = Certificate.catalogSha256(catalog);
        for (Shard s : shards) {
            same(first, s, "the split", x -> x.shard().count() + " shards");
            same(first, s, "the kit", x -> "Fabric TCK " + x.result().tckVersion());
            same(first, s, "the driver", x -> x.result().driver() == null ? null
                    : x.result().driver().name() + " " + x.result().driver().version());
            same(first, s, "the driver's artifacts", x -> digests(x.certificate()));
            same(first, s, "the JVM", x -> x.result().jvm() == null ? null
                    : x.result().jvm().version() + " (" + x.result().jvm().vendor() + ")");
            same(first, s, "the catalog", x -> "sha256 " + x.certificate().catalogSha256());
            same(first, s, "the windows selected", x -> x.shard().variants() + " excluding "
                    + x.certificate().excluded());
            sameSettings(first, s);
            same(first, s, "the declared families", x -> x.certificate().families());
            sameCallSites(first, s);
            sameAdapters(first, s);
        }
        if (!catalogSha.equals(first.certificate().catalogSha256())) {
            throw new Refused(first.resultFile() + " was run with another catalog (Fabric TCK "
                    + first.result().tckVersion() + ", sha256 " + first.certificate().catalogSha256()
                    + ") than this kit's (sha256 " + catalogSha + "): merge with the plugin version the shards ran.");
        }
        List<Sharding.Named> named = shards.stream().map(x -> new Sharding.Named(x.resultFile().toString(), x.result()))
                .toList();
        try {
            Sharding.cover(named, repeat(first));
        } catch (IllegalArgumentException refused) {
            throw new Refused(refused.getMessage());
        }
        return Sharding.combine(named);
    }

    /**
     * The certificate of the merged result, whose file has {@code resultSha256}: judged as a whole
     * run's ({@link Certificate#of}), bound to the shards' artifacts, recording every shard's digests,
     * and not certified when a shard's own fork ran under other settings than configured.
     */
    static Certificate certificate(Result merged, List<Shard> shards, Map<String, WindowInfo> catalog,
                                   String resultSha256) {
        List<Shard> ordered = new ArrayList<>(shards);
        ordered.sort(Comparator.comparingInt(s -> s.shard().index()));
        Certificate first = ordered.get(0).certificate();
        Map<String, String> parameters = new java.util.TreeMap<>();
        for (String p : List.of("repeat", "forkTimeout")) {
            String v = first.settings().get(Settings.PREFIX + p);
            if (v != null) {
                parameters.put(Settings.PREFIX + p, v);
            }
        }
        Certificate c = Certificate.of(merged, catalog, first.artifacts(), parameters, null, resultSha256);
        List<String> carried = new ArrayList<>();
        List<Certificate.MergedShard> record = new ArrayList<>();
        for (Shard s : ordered) {
            record.add(new Certificate.MergedShard(s.shard().index(), s.shard().count(), s.resultSha256(),
                    s.certificateSha256()));
            s.certificate().reasons().stream().filter(x -> x.startsWith("the fork ran with "))
                    .forEach(x -> carried.add("shard " + s.shard().label() + ": " + x));
        }
        return c.merged(record, carried);
    }

    private static int repeat(Shard s) {
        String v = s.certificate().settings().get(Settings.PREFIX + "repeat");
        return v == null ? 1 : Integer.parseInt(v.strip());
    }

    private static List<String> digests(Certificate c) {
        return c.artifacts().stream().map(a -> a.role() + " " + (a.id() == null ? "" : a.id() + " ") + a.kind() + " sha256 "
                + a.sha256()).toList();
    }

    /** Every setting in effect the same in both, else the first that differs, named with both values. */
    private static void sameSettings(Shard first, Shard s) throws Refused {
        Map<String, String> a = first.certificate().settings();
        Map<String, String> b = s.certificate().settings();
        Set<String> names = new TreeSet<>(a.keySet());
        names.addAll(b.keySet());
        for (String name : names) {
            if (!Objects.equals(a.get(name), b.get(name))) {
                throw new Refused(s.resultFile() + " was run with " + setting(name, b.get(name)) + ", but "
                        + first.resultFile() + " with " + setting(name, a.get(name))
                        + ": merge the shards of one run only.");
            }
        }
    }

    private static String setting(String name, String value) {
        return value == null ? name + " unset" : name + "=" + value;
    }

    /** The same library call sites rewritten in both: each shard's fork scanned the same library. */
    private static void sameCallSites(Shard first, Shard s) throws Refused {
        List<Result.CallSite> a = first.result().rewrittenCallSites();
        List<Result.CallSite> b = s.result().rewrittenCallSites();
        if (!a.equals(b)) {
            Result.CallSite differing = b.stream().filter(c -> !a.contains(c)).findFirst()
                    .orElseGet(() -> a.stream().filter(c -> !b.contains(c)).findFirst().orElse(null));
            throw new Refused(s.resultFile() + " lists " + b.size() + " library call sites the agent rewrote, but "
                    + first.resultFile() + " " + a.size() + (differing == null ? "" : " (not in both: " + differing + ")")
                    + ": merge the shards of one run only.");
        }
    }

    /**
     * The same adapters, declaring the same, over the same library files (by name and digest: shards may run
     * from other local repositories), in both results and in each shard's certificate.
     */
    private static void sameAdapters(Shard first, Shard s) throws Refused {
        for (Shard x : List.of(first, s)) {
            String edited = x.certificate().adapterProblem(x.result());
            if (edited != null) {
                throw new Refused(x.resultFile() + ": " + edited);
            }
        }
        List<Result.AdapterDeclaration> a = first.result().adapters();
        List<Result.AdapterDeclaration> b = s.result().adapters();
        if (!Certificate.withoutPaths(a).equals(Certificate.withoutPaths(b))) {
            throw new Refused(s.resultFile() + " was run with the adapters " + Certificate.describe(b) + ", but "
                    + first.resultFile() + " with " + Certificate.describe(a) + ": merge the shards of one run only.");
        }
    }

    private static void same(Shard first, Shard s, String what, Function<Shard, Object> fact) throws Refused {
        Object a = fact.apply(first);
        Object b = fact.apply(s);
        if (!Objects.equals(a, b)) {
            throw new Refused(s.resultFile() + " was run with " + what + " " + b + ", but " + first.resultFile()
                    + " with " + a + ": merge the shards of one run only.");
        }
    }
}
