/**
 * Thrown inside a job step's transaction when its guarded update matched no
 * row: another worker already recorded that step, so this one rolls back and
 * stops.
 */
export class LostRace extends Error {}
