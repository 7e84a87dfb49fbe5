import type { Prisma, User } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { mintSessionToken } from "../../http/session-cookie.js";
import { newId } from "../../ids.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";

export interface StartSessionOptions {
  ctx: AppContext;
  tx: Prisma.TransactionClient;
  email: string;
  requestId: string;
  userAgent: string | undefined;
}

export interface StartedSession {
  user: User;
  cookieValue: string;
  expiresAt: Date;
}

/** Finds or creates the user of an email address and opens a session for them. */
export async function startSession(options: StartSessionOptions): Promise<StartedSession> {
  const { ctx, tx } = options;
  const now = ctx.clock.now();
  const email = options.email.trim().toLowerCase();
  const user = await tx.user.upsert({
    where: { email },
    update: {},
    create: { id: newId("usr", ctx.clock), email, createdAt: now },
  });
  const { cookieValue, tokenHash } = mintSessionToken(ctx.secrets.sessionSecret);
  const expiresAt = new Date(now.getTime() + ctx.config.sessionTtlMs);
  const session = await tx.session.create({
    data: {
      id: newId("ses", ctx.clock),
      userId: user.id,
      tokenHash,
      createdAt: now,
      expiresAt,
      userAgent: options.userAgent?.slice(0, 300) ?? null,
    },
  });
  await recordAuditEvent({
    tx,
    clock: ctx.clock,
    principal: { kind: "session", sessionId: session.id, userId: user.id, email },
    requestId: options.requestId,
    workspaceId: null,
    action: "session.create",
    targetType: "session",
    targetId: session.id,
  });
  return { user, cookieValue, expiresAt };
}
