import type { InvitationCreated, RequestBody } from "@geopulse/api-types";
import { hashCapability } from "../../crypto/capability-token.js";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { newId } from "../../ids.js";
import { randomToken } from "../../random.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { abuseLimits } from "../rate-limit/abuse-limits.js";
import { consumeRateLimit } from "../rate-limit/rate-limit.js";
import { sendInvitationEmail } from "./send-invitation-email.js";
import { toInvitationResponse } from "./team-response.js";

export const invitationTtlMs = 7 * 24 * 60 * 60_000;

export interface InviteMemberOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  input: RequestBody<"inviteMember">;
}

/**
 * Creates a single-use invitation (only the token's SHA-256 is stored) and
 * emails its link. Without a working email provider the invitation still
 * exists and the answer carries the token, so the inviter can pass it on.
 *
 * Inviting an address that already has an open invitation supersedes it: the
 * older invitation is revoked in the same transaction, so at most one link per
 * address and workspace works at a time (the newest, with the latest role),
 * and re-inviting is how an inviter resends a lost or expired link.
 *
 * A workspace sends at most `abuseLimits.invitationsPerWorkspace` invitations
 * per UTC day (429 rate_limited), so it cannot relay mail in bulk.
 */
export async function inviteMember(options: InviteMemberOptions): Promise<InvitationCreated> {
  const { ctx, principal, workspace, input } = options;
  const email = input.email.trim().toLowerCase();
  const role = input.role ?? "member";
  const target = await ctx.prisma.workspace.findUnique({
    where: { id: workspace.id },
    select: { displayName: true },
  });
  if (!target) throw errors.workspaceNotFound();
  const existing = await ctx.prisma.member.findFirst({
    where: { workspaceId: workspace.id, user: { email } },
    select: { id: true },
  });
  if (existing) {
    throw errors.alreadyMember(email);
  }
  await consumeRateLimit(ctx, [
    { bucket: `invitations:workspace:${workspace.id}`, ...abuseLimits.invitationsPerWorkspace },
  ]);
  const inviter = await ctx.prisma.user.findUnique({
    where: { id: principal.userId },
    select: { displayName: true },
  });

  const token = randomToken();
  const now = ctx.clock.now();
  const invitation = await ctx.prisma.$transaction(async (tx) => {
    const open = { acceptedAt: null, revokedAt: null, expiresAt: { gt: now } };
    const superseded = await tx.invitation.findMany({
      where: { workspaceId: workspace.id, email, ...open },
      select: { id: true },
    });
    const supersededIds = superseded.map((row) => row.id);
    if (supersededIds.length > 0) {
      await tx.invitation.updateMany({
        where: { id: { in: supersededIds }, ...open },
        data: { revokedAt: now },
      });
    }
    const created = await tx.invitation.create({
      data: {
        id: newId("inv", ctx.clock),
        workspaceId: workspace.id,
        email,
        role,
        tokenHash: hashCapability(token),
        invitedByUserId: principal.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + invitationTtlMs),
      },
    });
    await audit(options, tx, "member.invite", ["invitation", created.id], {
      email,
      role,
      supersededInvitationIds: supersededIds,
    });
    return created;
  });

  const emailed = await sendInvitationEmail({
    ctx,
    invitationId: invitation.id,
    to: email,
    token,
    workspaceName: target.displayName,
    inviterName: inviter?.displayName ?? principal.email,
  });
  const response = toInvitationResponse(invitation, workspace.slug);
  if (emailed) return { invitation: response, delivery: "emailed" };
  return { invitation: response, delivery: "not_sent", acceptToken: token };
}
