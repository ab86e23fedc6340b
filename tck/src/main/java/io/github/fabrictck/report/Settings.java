package io.github.fabrictck.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.DoublePredicate;

/**
 * Every documented {@code fabric-tck.*} setting with its range, its default and the values that
 * still certify: the plugin checks each before it forks, the certificate records each, and
 * {@link Verification#standing} refuses to call a run a certification under a value that makes the
 * search weaker. The fork keeps reading its settings itself (as {@code CsWindow} and {@code Main}
 * do); this table only judges them.
 *
 * <p>Certification values, decided per setting: a value certifies when it can only make the search
 * harder or the requirement stricter, never when it lets a broken driver through.
 * <ul>
 *   <li>{@code repeat}, {@code windowTimeout}, {@code forkTimeout}: any value in range (a timeout
 *       only turns a window into an ERROR, which never certifies; more repeats are more chances to
 *       fail).</li>
 *   <li>{@code peers}: the default, 8, or more (more crossing hellos).</li>
 *   <li>{@code phaseStep}: a step that divides the default 10 ms (1, 2, 5, 10): it tries every phase
 *       the default tries, and more.</li>
 *   <li>{@code helloRounds} and {@code setupBound}: the default or less (a stricter bound: converging
 *       within fewer rounds, or ending setup sooner, implies the default).</li>
 *   <li>{@code pointTimeout}: the default, 5 s, or more (a shorter wait can leave a window unopened).</li>
 *   <li>{@code controlDelay} and {@code bound}: the default only (they change the scenario or what
 *       counts as idle, in both directions).</li>
 *   <li>{@code debug}: either value (it only logs).</li>
 * </ul>
 */
public final class Settings {

    /** The prefix of every setting's system property. */
    public static final String PREFIX = "fabric-tck.";

    private Settings() {
    }

    /** Where a setting is given and read. */
    public enum Kind {
        /** A parameter of the plugin, which passes it on itself: never in {@code argLine}. */
        PARAMETER,
        /** Read inside the fork: given through {@code fabric-tck.argLine}. */
        FORK,
        /** Set by the plugin from other parameters: never by hand. */
        INTERNAL,
        /**
         * An exploration setting (issue 14: {@code CQ-X}), read inside the fork: given on Maven's command line
         * or in the POM's properties the plugin passes it on to the fork; {@code argLine} may carry it too.
         */
        EXPLORATION
    }

    /**
     * One setting.
     *
     * @param name         the property without {@value #PREFIX}, for example {@code peers}
     * @param kind         where it is given
     * @param whole        whether it is a whole number (else a decimal number); ignored unless {@code numeric}
     * @param numeric      whether it is a number with a range
     * @param min          the smallest value in range
     * @param max          the largest value in range
     * @param defaultValue the default, as text; {@code null} when there is none
     * @param unit         what the number counts, for the range sentence
     * @param certifies    which values in range still certify
     * @param certifyRule  the rule in words, for the sentence that says a value does not certify
     */
    public record Setting(String name, Kind kind, boolean numeric, boolean whole, double min, double max,
                          String defaultValue, String unit, DoublePredicate certifies, String certifyRule) {

        /** The full property name, {@code fabric-tck.peers}. */
        public String property() {
            return PREFIX + name;
        }

        /** The documented range in words: {@code a whole number of peers from 2 to 128 (default 8)}. */
        public String range() {
            if (!numeric) {
                return "true or false (default " + defaultValue + ")";
            }
            return (whole ? "a whole number of " : "a number of ") + unit + " from " + number(min) + " to "
                   + number(max) + (defaultValue == null ? "" : " (default " + defaultValue + ")");
        }

        /** {@code null} when {@code value} is in range, else the one sentence that names property, value and range. */
        public String check(String value) {
            if (parse(value) == null) {
                return property() + "=" + value + " is outside its range: " + range() + ".";
            }
            return null;
        }

        /** The value as a number (booleans as 0 or 1), or {@code null} when it is not in range. */
        Double parse(String value) {
            if (value == null) {
                return null;
            }
            String v = value.strip();
            if (!numeric) {
                return v.equals("true") ? Double.valueOf(1) : v.equals("false") || v.isEmpty() ? Double.valueOf(0) : null;
            }
            try {
                double d = whole ? Long.parseLong(v) : Double.parseDouble(v);
                return Double.isFinite(d) && d >= min && d <= max ? Double.valueOf(d) : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    private static final DoublePredicate ANY = v -> true;

    private static final Map<String, Setting> TABLE = new LinkedHashMap<>();

    static {
        add(new Setting("repeat", Kind.PARAMETER, true, true, 1, 1000, "1", "runs", ANY, "any value certifies"));
        add(new Setting("windowTimeout", Kind.PARAMETER, true, true, 1, 3600, "60", "seconds", ANY,
                "any value certifies"));
        add(new Setting("forkTimeout", Kind.PARAMETER, true, true, 1, 86_400, "600", "seconds", ANY,
                "any value certifies"));
        add(new Setting("peers", Kind.FORK, true, true, 2, 128, "8", "peers", v -> v >= 8,
                "8 or more certify: fewer peers make fewer crossing hellos"));
        add(new Setting("helloRounds", Kind.FORK, true, true, 1, 1000, "25", "rounds", v -> v <= 25,
                "25 or fewer certify: a larger bound lets a slower convergence pass"));
        add(new Setting("controlDelay", Kind.FORK, true, true, 0, 1000, "10", "virtual milliseconds", v -> v == 10,
                "only the default, 10, certifies: another delay is another scenario"));
        add(new Setting("phaseStep", Kind.FORK, true, true, 1, 2000, "the controlDelay", "virtual milliseconds",
                v -> 10 % v == 0, "only 1, 2, 5 or 10 certify: a step that divides the default 10 tries every phase "
                        + "the default tries"));
        add(new Setting("setupBound", Kind.FORK, true, true, 1, 600, "10", "virtual seconds", v -> v <= 10,
                "10 or fewer certify: a larger bound lets a slower setup pass"));
        add(new Setting("bound", Kind.FORK, true, false, 0.1, 60, "1", "seconds", v -> v == 1,
                "only the default, 1, certifies: another bound changes what counts as idle"));
        add(new Setting("pointTimeout", Kind.FORK, true, false, 1, 600, "5", "seconds", v -> v >= 5,
                "5 or more certify: a shorter wait can leave a window unopened"));
        add(new Setting("debug", Kind.FORK, false, false, 0, 1, "false", null, ANY, "either value certifies"));
        add(new Setting("schedules", Kind.EXPLORATION, true, true, 1, 1_000_000, "1000", "schedules", ANY,
                "any value: an exploration run certifies nothing"));
        add(new Setting("exploreSeconds", Kind.EXPLORATION, true, false, 0.1, 86_400, "80 % of the windowTimeout",
                "seconds", ANY, "any value: an exploration run certifies nothing"));
        add(new Setting("seed", Kind.EXPLORATION, true, true, 0, Integer.MAX_VALUE, "0", "seed values", ANY,
                "any value: an exploration run certifies nothing"));
        add(new Setting("shrinkRuns", Kind.EXPLORATION, true, true, 0, 100_000, "200", "replays", ANY,
                "any value: an exploration run certifies nothing"));
        add(new Setting("exploreTeardownRule", Kind.EXPLORATION, false, false, 0, 1, "true", null, v -> v == 1,
                "only true certifies: false is the simulated device before the teardown rule, for measurement"));
        add(new Setting("instrument.locations", Kind.INTERNAL, false, false, 0, 0, null, null, ANY, ""));
        add(new Setting("instrument.packages", Kind.INTERNAL, false, false, 0, 0, null, null, ANY, ""));
    }

    /** The plugin's parameters with no numeric range (checked elsewhere, or free text). */
    private static final List<String> OTHER_PARAMETERS = List.of("driver", "windows", "excludeWindows",
            "instrumentPackages", "jvm", "argLine", "outputDirectory", "skip", "expectFail", "testFailureIgnore",
            "certificate", "shard", "mergeInputs", "matrix", "matrixDirectory");

    /**
     * The exploration settings that are text, not numbers: the scheduler's name (its choices) and the schedule
     * file to replay (any path). Either one asks for {@code CQ-X}, and a run that explores certifies nothing.
     */
    private static final Map<String, List<String>> EXPLORATION_TEXT = Map.of(
            PREFIX + "explore", List.of("random", "pct", "pos"),
            PREFIX + "replay", List.of());

    /** The exploration settings, {@code fabric-tck.explore} and the rest, in the documented order. */
    public static List<String> explorationProperties() {
        List<String> names = new ArrayList<>(List.of(PREFIX + "explore", PREFIX + "replay"));
        TABLE.values().stream().filter(s -> s.kind() == Kind.EXPLORATION).map(Setting::property).forEach(names::add);
        return names;
    }

    /** {@code null} when an exploration setting's value is one it takes, else the sentence that says what it takes. */
    private static String explorationTextProblem(String property, String value) {
        List<String> choices = EXPLORATION_TEXT.get(property);
        String takes = choices.isEmpty() ? "the path of a schedule file"
                : String.join(", ", choices.subList(0, choices.size() - 1)) + " or " + choices.get(choices.size() - 1);
        String v = value == null ? "" : value.strip();
        if (v.isEmpty()) {
            return property + " is empty: give " + takes + ".";
        }
        return choices.isEmpty() || choices.contains(v) ? null : property + "=" + v + " is not a scheduler: give " + takes + ".";
    }

    /**
     * The problems of the exploration settings given to Maven (command line or POM properties), which the plugin
     * passes on to the fork: one sentence each for a value it does not take.
     */
    public static List<String> explorationProblems(Map<String, String> mavenProperties) {
        List<String> problems = new ArrayList<>();
        mavenProperties.forEach((property, value) -> {
            String problem = explorationProblem(property, value);
            if (problem != null) {
                problems.add(problem);
            }
        });
        return problems;
    }

    private static String explorationProblem(String property, String value) {
        if (EXPLORATION_TEXT.containsKey(property)) {
            return explorationTextProblem(property, value);
        }
        Setting s = TABLE.get(property);
        return s != null && s.kind() == Kind.EXPLORATION ? s.check(value) : null;
    }

    private static void add(Setting s) {
        TABLE.put(s.property(), s);
    }

    /** Every setting with a range, by property name, in the documented order. */
    public static Map<String, Setting> table() {
        return java.util.Collections.unmodifiableMap(TABLE);
    }

    /** The setting named {@code property} ({@code fabric-tck.peers}), or {@code null}. */
    public static Setting of(String property) {
        return TABLE.get(property);
    }

    /**
     * The problems of the {@code fabric-tck.*} system properties given in {@code argLine}, one
     * sentence each: a property the fork does not read, a plugin parameter (which the plugin passes
     * itself, so the argLine copy would be overridden or ignored), an internal one, or a value out of range.
     *
     * @param properties the {@code -Dfabric-tck.NAME=VALUE} of the argLine, by name, in order
     */
    public static List<String> argLineProblems(Map<String, String> properties) {
        List<String> problems = new ArrayList<>();
        properties.forEach((property, value) -> {
            Setting s = TABLE.get(property);
            String name = property.substring(PREFIX.length());
            if (EXPLORATION_TEXT.containsKey(property) || s != null && s.kind() == Kind.EXPLORATION) {
                String problem = explorationProblem(property, value);
                if (problem != null) {
                    problems.add(problem);
                }
            } else if (s == null && OTHER_PARAMETERS.contains(name) || s != null && s.kind() == Kind.PARAMETER) {
                problems.add(property + " is a parameter of the plugin, not read from fabric-tck.argLine: set it as <"
                        + name + "> in the POM or -D" + property + " on Maven's command line.");
            } else if (s == null) {
                problems.add(property + " in fabric-tck.argLine is not a Fabric TCK setting; the fork reads "
                        + String.join(", ", forkProperties()) + ".");
            } else if (s.kind() == Kind.INTERNAL) {
                problems.add(property + " is set by the plugin from <classesDirectory> and <instrumentPackages>: "
                        + "remove it from fabric-tck.argLine.");
            } else {
                String problem = s.check(value);
                if (problem != null) {
                    problems.add(problem);
                }
            }
        });
        return problems;
    }

    /**
     * Every setting the fork reads that the plugin passes on when it is given to Maven: the exploration settings
     * ({@link #explorationProperties}), then the fork's own settings ({@link #forkProperties}).
     */
    public static List<String> forkReadProperties() {
        List<String> names = new ArrayList<>(explorationProperties());
        names.addAll(forkProperties());
        return names;
    }

    /** The names of the settings read inside the fork. */
    public static List<String> forkProperties() {
        return TABLE.values().stream().filter(s -> s.kind() == Kind.FORK).map(Setting::property).toList();
    }

    /**
     * Every setting's effective value, given the ones set explicitly: each numeric or boolean setting
     * of the table with its value or default ({@code phaseStep}'s default is the {@code controlDelay},
     * or 10 when that is 0), then every other explicit {@code fabric-tck.*} setting as given except
     * {@code fabric-tck.instrument.locations}, a path on the machine that ran.
     */
    public static SortedMap<String, String> effective(Map<String, String> explicit) {
        SortedMap<String, String> effective = new TreeMap<>();
        for (Setting s : TABLE.values()) {
            if (s.kind() == Kind.INTERNAL || s.kind() == Kind.EXPLORATION && !explicit.containsKey(s.property())) {
                continue; // an exploration setting is recorded only when given: a catalog run has none
            }
            String value = explicit.get(s.property());
            if (value == null || value.isBlank()) {
                value = s.name().equals("phaseStep") ? phaseStepDefault(explicit) : s.defaultValue();
            }
            effective.put(s.property(), value.strip());
        }
        explicit.forEach((property, value) -> {
            if (!effective.containsKey(property) && !property.equals(PREFIX + "instrument.locations")) {
                effective.put(property, value);
            }
        });
        return effective;
    }

    private static String phaseStepDefault(Map<String, String> explicit) {
        Double delay = TABLE.get(PREFIX + "controlDelay").parse(explicit.getOrDefault(PREFIX + "controlDelay", "10"));
        return delay == null || delay == 0 ? "10" : number(delay);
    }

    /**
     * Why the settings in effect do not certify, one clause each (no final period: they are reasons
     * in a list): a value out of range or outside its certifying values, or a {@code fabric-tck.*}
     * property that is not a setting. Empty when they certify.
     *
     * @param effective every setting's value, as {@link #effective} gives them
     */
    public static List<String> weakenings(Map<String, String> effective) {
        List<String> problems = new ArrayList<>();
        effective.forEach((property, value) -> {
            Setting s = TABLE.get(property);
            if (EXPLORATION_TEXT.containsKey(property)) {
                problems.add(property + "=" + value + " makes this an exploration run, which certifies nothing "
                        + "(certify with a run of the catalog without it)");
                return;
            }
            if (s == null) {
                if (!OTHER_PARAMETERS.contains(property.substring(property.startsWith(PREFIX) ? PREFIX.length() : 0))) {
                    problems.add(property + "=" + value + " is not a Fabric TCK setting");
                }
                return;
            }
            if (s.kind() == Kind.INTERNAL) {
                return;
            }
            Double d = s.parse(value);
            if (d == null) {
                String sentence = s.check(value);
                problems.add(sentence.substring(0, sentence.length() - 1));
            } else if (!s.certifies().test(d)) {
                problems.add(property + "=" + value + " does not certify (" + s.certifyRule() + ")");
            }
        });
        return problems;
    }

    /**
     * Each setting whose value differs between {@code recorded} and {@code configured}, as
     * {@code fabric-tck.phaseStep=5, but the build configures 10}; empty when they agree.
     */
    public static List<String> differences(Map<String, String> recorded, Map<String, String> configured) {
        SortedMap<String, String> union = new TreeMap<>(recorded);
        configured.forEach(union::putIfAbsent);
        List<String> differences = new ArrayList<>();
        for (String property : union.keySet()) {
            String at = recorded.get(property);
            String now = configured.get(property);
            if (!java.util.Objects.equals(at, now)) {
                differences.add((at == null ? property + " unset" : property + "=" + at) + ", but the build "
                        + (now == null ? "does not set it" : "configures " + now));
            }
        }
        return differences;
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
