import type { Prisma } from "@geopulse/db";
import type { Clock } from "../../clock.js";
import { clientAddressRange } from "../../http/cidr.js";
import { newId } from "../../ids.js";
import { emailIdentity } from "../../text/email-identity.js";
import { abuseLimits } from "../rate-limit/abuse-limits.js";
import { tryConsumeRateLimit } from "../rate-limit/rate-limit.js";
import { addCreditLot } from "./add-credit-lot.js";
import { ensureCreditAccount } from "./apply-ledger-entry.js";

export const freeGrantMicrousd = 1_000_000n;
export const freeGrantTtlMs = 30 * 24 * 3600_000;

/**
 * What became of a new workspace's free grant: `granted`; `already_claimed`
 * (this person, or another account on the same mailbox, had one); or
 * `address_limit` (the client's address range had its grants for the day).
 */
export type FreeGrantOutcome = "granted" | "already_claimed" | "address_limit";

export interface GrantFreeCreditOptions {
  tx: Prisma.TransactionClient;
  clock: Clock;
  workspaceId: string;
  userId: string;
  /** The user's email address; its normalised form is what may claim once. */
  email: string;
  /** The client's address (`req.ip`): grants per IPv4 /24 or IPv6 /64 are capped per day. */
  clientAddress: string | undefined;
}

/**
 * Opens the workspace's credit account and, if neither this person nor their
 * mailbox ever had one, grants the free credit (expiring in 30 days). The
 * unique user id and unique normalised email of free_grants make "one per
 * person" hold under concurrency and across accounts (`a+x@`, `a.b@gmail.com`).
 * A claim also takes one of the day's grants of the client's address range
 * (`abuseLimits.freeGrantsPerRange`, in this transaction); when there is none
 * left the claim is undone and the workspace opens without the grant.
 */
export async function grantFreeCredit({
  tx,
  clock,
  workspaceId,
  userId,
  email,
  clientAddress,
}: GrantFreeCreditOptions): Promise<FreeGrantOutcome> {
  await ensureCreditAccount(tx, clock, workspaceId);
  const now = clock.now();
  const lotId = newId("lot", clock);
  const claimed = await tx.$executeRaw`
    INSERT INTO free_grants (user_id, email_key, workspace_id, lot_id, created_at)
    VALUES (${userId}, ${emailIdentity(email)}, ${workspaceId}, ${lotId}, ${now})
    ON CONFLICT DO NOTHING`;
  if (claimed !== 1) return "already_claimed";
  const { limit, windowMs, ipv4Prefix } = abuseLimits.freeGrantsPerRange;
  const range = clientAddressRange(clientAddress, ipv4Prefix);
  const underCap = await tryConsumeRateLimit({ clock, prisma: tx }, [
    { bucket: `free-grant:range:${range}`, limit, windowMs },
  ]);
  if (!underCap) {
    await tx.$executeRaw`DELETE FROM free_grants WHERE user_id = ${userId}`;
    return "address_limit";
  }
  await addCreditLot({
    tx,
    clock,
    workspaceId,
    source: "grant",
    amountMicrousd: freeGrantMicrousd,
    expiresAt: new Date(now.getTime() + freeGrantTtlMs),
    lotId,
    metadata: { reason: "free_grant", userId },
  });
  return "granted";
}
