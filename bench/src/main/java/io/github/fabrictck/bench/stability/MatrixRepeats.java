package io.github.fabrictck.bench.stability;

import io.github.fabrictck.bench.Directed;
import io.github.fabrictck.report.ResultJson;
import io.github.fabrictck.report.WindowResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The verdict-stability table of a matrix run with {@code --repeat}: every row's every window variant, how many
 * of its runs gave each verdict, and whether that is what the row expects (a correct design: no FAIL and no
 * ERROR; a broken twin: every run of its window FAILs in at least one variant). Issue #28's "200 of 200" is read
 * from it.
 *
 * <pre>
 * cd zoo &amp;&amp; ../mvnw -B io.github.fabrictck:fabric-tck-maven-plugin:0.1.0:matrix -Dfabric-tck.repeat=20 \
 *     -Dfabric-tck.matrixDirectory=/tmp/stability
 * java -cp "$CP" io.github.fabrictck.bench.stability.MatrixRepeats zoo/src/test/fabric-tck/matrix.txt /tmp/stability
 * </pre>
 *
 * <p>Several matrix directories, comma-separated, are summed: a 200-repeat measurement can run as shards of fewer
 * repeats, on different days, and be read as one.
 *
 * <p>The matrix goal fails when a row is not as expected; its reports are written all the same, and this table
 * says which runs of which variant.
 */
public final class MatrixRepeats {

    private MatrixRepeats() {
    }

    /** One row of the table: a driver's window variant over the repeats. */
    record Line(String driver, String expect, String variant, int runs, int pass, int fail, int error,
            int notApplicable, boolean asExpected, String firstOther) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: MatrixRepeats MATRIX_FILE MATRIX_DIRECTORY[,MATRIX_DIRECTORY...] [OUT.md]");
            System.exit(2);
        }
        List<Path> directories = java.util.Arrays.stream(args[1].split(",")).filter(d -> !d.isBlank())
                .map(d -> Path.of(d.strip())).toList();
        List<Line> lines = read(Path.of(args[0]), directories);
        String table = markdown(lines);
        if (args.length > 2) {
            Files.writeString(Path.of(args[2]), table);
        }
        System.out.print(table);
    }

    /**
     * Every row of {@code matrix} with its variants counted over the results of several matrix runs (shards of one
     * measurement run on different days or machines, each with {@code --repeat}): the runs and verdicts of a variant
     * are summed; a row is as expected when the sums are. The first reason is the first directory's that has one.
     */
    static List<Line> read(Path matrix, List<Path> directories) throws IOException {
        List<List<Line>> each = new ArrayList<>();
        for (Path directory : directories) {
            each.add(read(matrix, directory));
        }
        return sum(each);
    }

    /** The lines of several matrix runs summed, variant by variant (see {@link #read(Path, List)}). */
    static List<Line> sum(List<List<Line>> runs) {
        Map<String, Line> sum = new java.util.LinkedHashMap<>();
        for (List<Line> lines : runs) {
            for (Line l : lines) {
                sum.merge(l.driver() + " " + l.variant(), l, MatrixRepeats::add);
            }
        }
        List<Line> out = new ArrayList<>(sum.values());
        // a twin is caught when some variant of its window FAILs every run, over the sums
        for (String driver : out.stream().filter(l -> l.expect().startsWith("FAIL")).map(Line::driver).distinct().toList()) {
            boolean caught = out.stream().anyMatch(l -> l.driver().equals(driver) && l.runs() > 0 && l.fail() == l.runs());
            out.replaceAll(l -> !l.driver().equals(driver) ? l : new Line(l.driver(), l.expect(), l.variant(), l.runs(),
                    l.pass(), l.fail(), l.error(), l.notApplicable(), caught && l.error() == 0, l.firstOther()));
        }
        if (runs.size() > 1) {
            out.removeIf(l -> l.runs() == 0 && out.stream().anyMatch(o -> o.driver().equals(l.driver()) && o.runs() > 0));
        }
        return out;
    }

    private static Line add(Line a, Line b) {
        int runs = a.runs() + b.runs();
        int fail = a.fail() + b.fail();
        int error = a.error() + b.error();
        boolean ok = a.expect().startsWith("FAIL") ? fail == runs : fail == 0 && error == 0;
        return new Line(a.driver(), a.expect(), a.variant(), runs, a.pass() + b.pass(), fail, error,
                a.notApplicable() + b.notApplicable(), ok && runs > 0, a.firstOther() != null ? a.firstOther() : b.firstOther());
    }

    /**
     * Every row of {@code matrix} whose driver has a result under {@code directory}: its variants, counted. A row
     * whose driver left no result is one line with no runs.
     */
    static List<Line> read(Path matrix, Path directory) throws IOException {
        List<Line> out = new ArrayList<>();
        for (String raw : Files.readAllLines(matrix)) {
            String text = raw.replaceFirst("#.*", "").strip();
            if (text.isEmpty()) {
                continue;
            }
            String[] f = text.split("\\s+");
            String driver = f[0];
            String windows = f.length > 1 ? f[1] : "*";
            boolean broken = f.length > 2 && f[2].equals("FAIL");
            String expect = broken ? "FAIL " + (f.length > 3 ? f[3] : windows) : "PASS " + windows;
            Path result = directory.resolve(driver).resolve(ResultJson.FILE_NAME);
            if (!Files.isRegularFile(result)) {
                out.add(new Line(driver, expect, "(no result)", 0, 0, 0, 0, 0, false, "no " + result));
                continue;
            }
            List<WindowResult> variants = ResultJson.read(result).windows();
            List<Line> rows = new ArrayList<>();
            for (WindowResult w : variants) {
                Map<String, Object> v = Directed.variant(w);
                int runs = n(v, "runs");
                int fail = n(v, "fail");
                int error = n(v, "error");
                boolean ok = broken ? fail == runs : fail == 0 && error == 0;
                String other = (broken ? fail < runs : fail + error > 0) ? (String) v.get("reason") : null;
                rows.add(new Line(driver, expect, w.label(), runs, n(v, "pass"), fail, error, n(v, "notApplicable"),
                        ok, other));
            }
            if (broken) {
                // the twin is caught when some variant of its window FAILs every run; its other variants may pass
                boolean caught = rows.stream().anyMatch(Line::asExpected);
                rows.replaceAll(l -> new Line(l.driver(), l.expect(), l.variant(), l.runs(), l.pass(), l.fail(),
                        l.error(), l.notApplicable(), caught && l.error() == 0, l.error() > 0 ? l.firstOther() : null));
            }
            out.addAll(rows);
        }
        return out;
    }

    private static int n(Map<String, Object> v, String key) {
        return ((Number) v.get(key)).intValue();
    }

    /** The table in Markdown: the rows not as expected first, then a line per design with every variant clean. */
    static String markdown(List<Line> lines) {
        StringBuilder s = new StringBuilder();
        long bad = lines.stream().filter(l -> !l.asExpected()).count();
        s.append(String.format(Locale.ROOT, "%d window variants of %d drivers; %d not as expected%n%n", lines.size(),
                lines.stream().map(Line::driver).distinct().count(), bad));
        s.append("| driver | expect | variant | runs | PASS | FAIL | ERROR | N/A | as expected |\n");
        s.append("|---|---|---|---|---|---|---|---|---|\n");
        for (Line l : lines) {
            s.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %d | %d | %d | %d | %s |%n", l.driver(),
                    l.expect(), l.variant(), l.runs(), l.pass(), l.fail(), l.error(), l.notApplicable(),
                    l.asExpected() ? "yes" : "**no**"));
        }
        List<Line> others = lines.stream().filter(l -> l.firstOther() != null).toList();
        if (!others.isEmpty()) {
            s.append("\nFirst reason of each variant with a run not as expected:\n\n");
            for (Line l : others) {
                s.append("- ").append(l.driver()).append(' ').append(l.variant()).append(": ")
                        .append(l.firstOther()).append('\n');
            }
        }
        return s.toString();
    }
}
