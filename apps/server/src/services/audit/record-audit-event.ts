import type { Prisma } from "@geopulse/db";
import type { Clock } from "../../clock.js";
import type { Principal } from "../../http/principal.js";
import { newId } from "../../ids.js";

export interface RecordAuditEventOptions {
  /** The transaction of the change being recorded. */
  tx: Prisma.TransactionClient;
  clock: Clock;
  principal: Principal;
  requestId: string | undefined;
  workspaceId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  /** Never secrets: ids, names, counts. */
  metadata?: Prisma.InputJsonValue;
}

export async function recordAuditEvent(options: RecordAuditEventOptions): Promise<void> {
  const { principal } = options;
  await options.tx.auditEvent.create({
    data: {
      id: newId("aud", options.clock),
      workspaceId: options.workspaceId,
      actorType:
        principal.kind === "anonymous"
          ? "system"
          : principal.kind === "session"
            ? "user"
            : "api_key",
      actorId:
        principal.kind === "session"
          ? principal.userId
          : principal.kind === "api_key"
            ? principal.keyId
            : null,
      action: options.action,
      targetType: options.targetType,
      targetId: options.targetId,
      requestId: options.requestId ?? null,
      ...(options.metadata === undefined ? {} : { metadata: options.metadata }),
      createdAt: options.clock.now(),
    },
  });
}
