/**
 * The race engine: the {@code -javaagent} that rewrites the driver's classes ({@link
 * io.github.fabrictck.engine.Agent}, with {@link io.github.fabrictck.engine.CallSites}, which
 * leaves no call site skipped in silence), the guard on {@code Runtime.exit} and {@code halt}
 * ({@link io.github.fabrictck.engine.ExitGuard}), the points its rewritten code calls ({@link
 * io.github.fabrictck.engine.Points}), and the per-window run that holds and releases driver
 * threads, knows when they are idle, detects a stuck driver and records the trace ({@link
 * io.github.fabrictck.engine.WindowRun}). Decisions ({@link io.github.fabrictck.engine.Blocking},
 * {@link io.github.fabrictck.engine.StuckDetector}, {@link io.github.fabrictck.engine.AgentConfig})
 * are plain Java that tests reach without an agent.
 */
package io.github.fabrictck.engine;
