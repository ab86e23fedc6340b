package io.github.fabrictck.engine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.scaffold.MethodGraph;

/**
 * Byte Buddy's method graphs, compiled once per type and viewpoint for the whole fork: {@code MemberSubstitution}
 * compiles the graph of a call site's owner at every virtual call of every substitution pass, and a library's types
 * (Netty's channels and executors, each with a deep hierarchy of interfaces) made the first class loads of a window
 * take seconds. The graph is the same each time: it describes types of the one class path the fork runs.
 */
final class MethodGraphs implements MethodGraph.Compiler {

    static final MethodGraphs CACHED = new MethodGraphs();

    private final Map<String, MethodGraph.Linked> graphs = new ConcurrentHashMap<>();

    private MethodGraphs() {
    }

    @Override
    public MethodGraph.Linked compile(TypeDefinition type) {
        return compile(type, type.asErasure());
    }

    @Override
    @Deprecated
    public MethodGraph.Linked compile(TypeDescription type) {
        return compile((TypeDefinition) type, type);
    }

    @Override
    public MethodGraph.Linked compile(TypeDefinition type, TypeDescription viewPoint) {
        String key = type.getTypeName() + '|' + viewPoint.getName();
        MethodGraph.Linked graph = graphs.get(key);
        if (graph == null) {
            graph = MethodGraph.Compiler.DEFAULT.compile(type, viewPoint);
            graphs.putIfAbsent(key, graph);
        }
        return graph;
    }

    @Override
    @Deprecated
    public MethodGraph.Linked compile(TypeDescription type, TypeDescription viewPoint) {
        return compile((TypeDefinition) type, viewPoint);
    }
}
