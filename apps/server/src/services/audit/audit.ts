import type { Prisma } from "@geopulse/db";
import type { Clock } from "../../clock.js";
import type { Principal } from "../../http/principal.js";
import { recordAuditEvent } from "./record-audit-event.js";

/** Who did it and where: an operation (`services/operation.ts`) or anything shaped like one. */
export interface AuditedOperation {
  ctx: { clock: Clock };
  principal: Principal;
  /** Undefined for work the server starts itself. */
  requestId: string | undefined;
  /** The workspace the record belongs to; none for account-level changes. */
  workspace?: { id: string } | null | undefined;
}

/**
 * Records one audit event of an operation inside the transaction of the change
 * it records: `target` is the changed resource's type and id; `metadata` holds
 * never secrets (ids, names, counts).
 */
export function audit(
  op: AuditedOperation,
  tx: Prisma.TransactionClient,
  action: string,
  [targetType, targetId]: readonly [type: string, id: string],
  metadata?: Prisma.InputJsonValue,
): Promise<void> {
  return recordAuditEvent({
    tx,
    clock: op.ctx.clock,
    principal: op.principal,
    requestId: op.requestId,
    workspaceId: op.workspace?.id ?? null,
    action,
    targetType,
    targetId,
    ...(metadata === undefined ? {} : { metadata }),
  });
}
