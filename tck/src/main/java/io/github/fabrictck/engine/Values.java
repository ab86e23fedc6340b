package io.github.fabrictck.engine;

/** Short descriptions of call arguments and results for the trace. */
final class Values {

    private Values() {
    }

    static String describe(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof byte[] bytes) {
            return bytes.length + " bytes";
        }
        if (v instanceof Number || v instanceof Boolean || v instanceof Enum<?>) {
            return v.toString();
        }
        if (v instanceof Record) {
            String s = v.toString();
            return s.length() > 80 ? s.substring(0, 77) + "..." : s;
        }
        String name = v.getClass().getSimpleName();
        return name.isEmpty() ? "object" : name;
    }

    /**
     * The arguments of an environment call (the receiver left out) or of an SPI method's entry;
     * nothing for other points.
     */
    static String arguments(Point p, Object[] args) {
        int first = p.kind() == Point.Kind.ENVIRONMENT_CALL ? 1 : p.kind() == Point.Kind.SPI_ENTRY ? 0 : args.length;
        if (args.length <= first) {
            return "";
        }
        StringBuilder s = new StringBuilder("(");
        for (int i = first; i < args.length; i++) {
            s.append(i > first ? ", " : "").append(describe(args[i]));
        }
        return s.append(')').toString();
    }
}
