/**
 * The race-window catalog: one JUnit Jupiter class per window, named after it
 * ({@code CQ1LostFinalCompletion}), tagged with its id and described by {@link
 * io.github.fabrictck.windows.RaceWindow}. Each test method is one variant: a script that forces
 * the window's interleaving through the race engine, then judges the window's invariants with
 * named Awaitility conditions. The classes run only through the kit's launcher, in the forked JVM
 * that carries the agent.
 */
package io.github.fabrictck.windows;
