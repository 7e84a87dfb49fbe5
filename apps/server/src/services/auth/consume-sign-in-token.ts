import type { Prisma } from "@geopulse/db";
import type { Clock } from "../../clock.js";
import { hashCapability } from "../../crypto/capability-token.js";
import { errors } from "../../errors/app-error.js";

export interface ConsumeSignInTokenOptions {
  tx: Prisma.TransactionClient;
  clock: Clock;
  token: string;
}

/**
 * Marks a sign-in token used and returns its email. One conditional update, so
 * two concurrent uses of the same link cannot both succeed.
 */
export async function consumeSignInToken({
  tx,
  clock,
  token,
}: ConsumeSignInTokenOptions): Promise<string> {
  const now = clock.now();
  const tokenHash = hashCapability(token);
  const consumed = await tx.signInToken.updateMany({
    where: { tokenHash, consumedAt: null, expiresAt: { gt: now } },
    data: { consumedAt: now },
  });
  const row =
    consumed.count === 1 ? await tx.signInToken.findUnique({ where: { tokenHash } }) : null;
  if (!row) {
    throw errors.invalidSignInToken();
  }
  return row.email;
}
