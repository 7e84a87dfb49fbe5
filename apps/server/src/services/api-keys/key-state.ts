import type { ApiKey } from "@geopulse/db";

export type KeyState = "pending" | "active" | "grace" | "revoked" | "expired";

export const deliveryWindowMs = 10 * 60_000;
export const graceWindowMs = 15 * 60_000;

/**
 * The state a key is in at `now`. Windows close by the clock, not by a job:
 * a pending key past its delivery window is expired and a grace key past its
 * grace window is revoked, whether or not the sweep has written that down yet.
 */
export function effectiveState(
  key: Pick<ApiKey, "state" | "deliveryExpiresAt" | "graceEndsAt">,
  now: Date,
): KeyState {
  const stored = key.state as KeyState;
  if (stored === "pending" && key.deliveryExpiresAt && key.deliveryExpiresAt <= now)
    return "expired";
  if (stored === "grace" && key.graceEndsAt && key.graceEndsAt <= now) return "revoked";
  return stored;
}

/** Only live keys authenticate; a pending key never does. */
export function authenticates(state: KeyState): boolean {
  return state === "active" || state === "grace";
}
