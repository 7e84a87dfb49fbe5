import type { DeviceToken } from "@geopulse/api-types";
import { ConnectionError, GeoPulseError } from "@geopulse/sdk";
import { CliError, ExitCode } from "./errors.js";

export interface PollOptions {
  deviceCode: string;
  /** Seconds between polls, as the server said when the flow started. */
  interval: number;
  /** Seconds until the device code expires. */
  expiresIn: number;
  /** One poll of the token route (throws GeoPulseError until approved). */
  exchange(deviceCode: string): Promise<DeviceToken>;
  sleep(ms: number): Promise<void>;
  now(): number;
}

/** Consecutive network failures tolerated while polling before giving up. */
const maxConnectionFailures = 3;

/** The interval after a `slow_down`: the server's new interval when given, else 5 s more. */
export function slowDownInterval(current: number, details: Record<string, unknown> | undefined) {
  const given = details?.interval;
  return typeof given === "number" && given > 0 ? given : current + 5;
}

/**
 * Polls the token route until the person approves (RFC 8628 §3.4–3.5): waits
 * `interval` seconds before each poll, slows down when told, and stops with
 * exit code 4 when the request is denied or expires.
 */
export async function pollForToken(options: PollOptions): Promise<DeviceToken> {
  let interval = options.interval;
  const deadline = options.now() + options.expiresIn * 1000;
  let connectionFailures = 0;
  for (;;) {
    await options.sleep(interval * 1000);
    if (options.now() >= deadline) throw expired();
    try {
      return await options.exchange(options.deviceCode);
    } catch (error) {
      if (error instanceof ConnectionError && ++connectionFailures < maxConnectionFailures)
        continue;
      if (!(error instanceof GeoPulseError)) throw error;
      connectionFailures = 0;
      switch (error.code) {
        case "authorization_pending":
          continue;
        case "slow_down":
          interval = slowDownInterval(interval, error.details);
          continue;
        case "access_denied":
          throw new CliError(
            "login denied: the request was denied in the browser.",
            ExitCode.auth,
            "run `geopulse login` to try again.",
          );
        case "expired_token":
          throw expired();
        default:
          throw error;
      }
    }
  }
}

function expired(): CliError {
  return new CliError(
    "login expired: the code was not approved in time.",
    ExitCode.auth,
    "run `geopulse login` to get a new code.",
  );
}
