/**
 * Exploration: a scheduler in charge of every driver thread at every point and of the simulated
 * environment's choices, so that a schedule is a list of decisions that a seed makes and a file
 * replays. Random walk, PCT and a simplified POS choose the decisions; {@link
 * io.github.fabrictck.explore.Controller} carries them out through the engine's {@link
 * io.github.fabrictck.engine.Gate}.
 */
package io.github.fabrictck.explore;
