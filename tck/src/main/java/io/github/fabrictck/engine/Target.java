package io.github.fabrictck.engine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The method a driver call site calls, parsed once from Byte Buddy's description of it
 * ({@code public abstract int io.github.fabrictck.spi.cq.CompletionQueue.requestNotify(boolean)}).
 *
 * @param owner    the declaring class, fully qualified
 * @param method   the method's name
 * @param isStatic whether it is static (then the call's arguments have no receiver)
 */
public record Target(String owner, String method, boolean isStatic) {

    private static final Map<String, Target> PARSED = new ConcurrentHashMap<>();

    /** Parses a method description as {@link java.lang.reflect.Method#toString()} writes it. */
    public static Target parse(String description) {
        return PARSED.computeIfAbsent(description, Target::doParse);
    }

    private static Target doParse(String description) {
        int paren = description.indexOf('(');
        String head = paren < 0 ? description : description.substring(0, paren);
        String qualified = head.substring(head.lastIndexOf(' ') + 1);
        int dot = qualified.lastIndexOf('.');
        boolean isStatic = (" " + head + " ").contains(" static ");
        return new Target(qualified.substring(0, dot), qualified.substring(dot + 1), isStatic);
    }

    /** {@code SimpleOwner.method}, the name points, holds and traces use. */
    public String display() {
        return owner.substring(owner.lastIndexOf('.') + 1).replace('$', '.') + "." + method;
    }
}
