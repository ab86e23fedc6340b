/**
 * The launcher {@code main} of the forked JVM: picks the driver, runs the selected windows of the
 * catalog through the JUnit Platform Launcher, turns each test's outcome into a verdict
 * ({@link io.github.fabrictck.launcher.Verdicts}) and sends each over the channel to Maven's process
 * ({@link io.github.fabrictck.launcher.RunRecord} describes the messages), which writes the reports.
 */
package io.github.fabrictck.launcher;
