/**
 * The launcher {@code main} of the forked JVM: picks the driver, runs the selected windows of the
 * catalog through the JUnit Platform Launcher, turns each test's outcome into a verdict
 * ({@link io.github.fabrictck.launcher.Verdicts}) and writes the result file after every window.
 */
package io.github.fabrictck.launcher;
