import type { AppContext } from "../../context.js";
import { AppError } from "../../errors/app-error.js";
import { releaseCredits } from "./release-credits.js";
import { settleCredits } from "./settle-credits.js";

/**
 * Closes a reservation at the actual cost (or releases it, for `reason`, when
 * nothing was spent). A second call, from a worker that died after settling,
 * finds the reservation closed and does nothing: the charge happens once.
 */
export async function settleOnce(
  ctx: AppContext,
  reservationId: string,
  actualMicrousd: bigint,
  reason: "failed" | "cancelled" = "failed",
): Promise<void> {
  try {
    if (actualMicrousd > 0n) await settleCredits({ ctx, reservationId, actualMicrousd });
    else await releaseCredits({ ctx, reservationId, reason });
  } catch (error) {
    if (!(error instanceof AppError && error.code === "reservation_closed")) throw error;
  }
}
