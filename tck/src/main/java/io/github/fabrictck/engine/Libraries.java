package io.github.fabrictck.engine;

import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.none;
import static net.bytebuddy.matcher.ElementMatchers.not;

import io.github.fabrictck.adapter.Adapter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * The {@link Adapter}s the agent found, merged: the libraries' packages, boundary types and stubs,
 * and what the agent did with them (every boundary call site and stubbed call site it rewrote).
 * Set once when the agent starts, before any class is rewritten.
 */
public final class Libraries {

    private static volatile List<String> libraries = List.of();
    private static volatile List<String> packages = List.of();
    private static volatile List<String> replaced = List.of();
    private static volatile Set<String> boundaryTypes = Set.of();
    private static volatile Set<String> stubs = Set.of();
    private static volatile Set<String> rearmReceivers = Set.of();
    private static final Set<String> SITES = ConcurrentHashMap.newKeySet();

    private Libraries() {
    }

    /** Takes the adapters' declarations; returns the configuration with their packages added. */
    static AgentConfig configure(AgentConfig config, Iterable<Adapter> adapters) {
        List<String> names = new ArrayList<>();
        Set<String> pkgs = new LinkedHashSet<>();
        Set<String> types = new LinkedHashSet<>();
        Set<String> stubbed = new LinkedHashSet<>();
        Set<String> replacedPkgs = new LinkedHashSet<>();
        Set<String> rearms = new LinkedHashSet<>();
        for (Adapter a : adapters) {
            names.add(a.library());
            a.packages().forEach(p -> pkgs.add(p.endsWith(".") ? p : p + "."));
            types.addAll(a.boundaryTypes());
            stubbed.addAll(a.stubs());
            rearms.addAll(a.rearmReceivers());
            a.replacedPackages().forEach(p -> replacedPkgs.add(p.endsWith(".") ? p : p + "."));
            // the adapter's environment is never rewritten, as the library's replaced provider is not
            a.environmentPackages().forEach(p -> replacedPkgs.add(p.endsWith(".") ? p : p + "."));
        }
        libraries = List.copyOf(names);
        packages = List.copyOf(pkgs);
        boundaryTypes = Set.copyOf(types);
        stubs = Set.copyOf(stubbed);
        rearmReceivers = Set.copyOf(rearms);
        replaced = List.copyOf(replacedPkgs);
        pkgs.addAll(config.packages());
        return new AgentConfig(config.locations(), List.copyOf(pkgs));
    }

    /** The libraries the adapters certify, as they name them. */
    public static List<String> libraries() {
        return libraries;
    }

    /**
     * Every boundary call site (a point) and stubbed call site the agent rewrote in library and
     * adapter classes so far, sorted: {@code boundary RdmaVerbs.getCqEvent at
     * com.ibm.disni.verbs.IbvCompChannel.getCqEvent(IbvCompChannel.java:83)}.
     */
    public static List<String> rewrittenSites() {
        return List.copyOf(new TreeSet<>(SITES));
    }

    /** The instance methods of the boundary types: their calls are points, as environment calls are. */
    static ElementMatcher.Junction<MethodDescription> boundaryMethods() {
        Set<String> types = boundaryTypes;
        return types.isEmpty() ? none() : not(isStatic()).and(isDeclaredBy(namedOneOf(types.toArray(String[]::new))));
    }

    /** The static methods whose calls are replaced with nothing. */
    static ElementMatcher.Junction<MethodDescription> stubMethods() {
        ElementMatcher.Junction<MethodDescription> m = none();
        for (String s : stubs) {
            int dot = s.lastIndexOf('.');
            m = m.or(isStatic().and(named(s.substring(dot + 1))).and(isDeclaredBy(named(s.substring(0, dot)))));
        }
        return m;
    }

    /** Whether a call with this receiver re-arms a completion queue ({@link Adapter#rearmReceivers()}). */
    public static boolean isRearm(Object receiver) {
        Set<String> types = rearmReceivers;
        for (Class<?> c = receiver == null || types.isEmpty() ? null : receiver.getClass(); c != null;
                c = c.getSuperclass()) {
            if (types.contains(c.getName())) {
                return true;
            }
        }
        return false;
    }

    static boolean hasStubs() {
        return !stubs.isEmpty();
    }

    static boolean isBoundaryType(String internalName) {
        return boundaryTypes.contains(internalName.replace('/', '.'));
    }

    static boolean isStub(String internalOwner, String method) {
        return stubs.contains(internalOwner.replace('/', '.') + "." + method);
    }

    /**
     * Whether a class (binary or internal name) is of a library's own provider, which an adapter
     * replaces, or of the adapter's environment: neither is rewritten.
     */
    static boolean isReplaced(String name) {
        String binary = name.replace('/', '.');
        for (String p : replaced) {
            if (binary.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a class (binary or internal name) is of a library an adapter declared (its replaced provider aside). */
    static boolean inLibrary(String name) {
        String binary = name.replace('/', '.');
        if (isReplaced(binary)) {
            return false;
        }
        for (String p : packages) {
            if (binary.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    static void rewrote(String site) {
        SITES.add(site);
    }
}
