import { randomBytes } from "node:crypto";
import type {
  EmailProvisioning,
  FreeGrantOutcome,
  WorkspaceCreateRequest,
} from "@geopulse/api-types";
import { isUniqueViolation } from "../../db-errors.js";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { newId } from "../../ids.js";
import { audit } from "../audit/audit.js";
import {
  freeGrantMicrousd,
  freeGrantTtlMs,
  grantFreeCredit,
} from "../credits/grant-free-credit.js";
import type { Operation } from "../operation.js";
import { abuseLimits } from "../rate-limit/abuse-limits.js";
import { checkBrandNotReserved } from "./check-brand-not-reserved.js";
import { checkWorkspaceSettings } from "./check-workspace-settings.js";
import { provisionWorkspaceInbox } from "./provision-workspace-inbox.js";

export interface CreateWorkspaceOptions extends Operation {
  principal: SessionPrincipal;
  input: WorkspaceCreateRequest;
  /** The client's address (`req.ip`): free grants per address range are capped per day. */
  clientAddress: string | undefined;
}

export interface CreatedWorkspace {
  slug: string;
  emailProvisioning: EmailProvisioning;
  freeGrant: FreeGrantOutcome;
}

const maxSlugTries = 5;

/** Candidate slugs: the brand itself, then the brand with a short random suffix. */
function slugCandidate(brand: string, attempt: number): string {
  if (attempt === 0) return brand;
  const suffix = randomBytes(4).readUInt32BE(0).toString(36).slice(0, 5).padStart(5, "0");
  return `${brand}-${suffix}`;
}

/**
 * Creates the workspace, its competitors and the owner membership in one
 * transaction with its audit record, then provisions the inbox. A person
 * creates at most `abuseLimits.workspacesPerUser` workspaces (409
 * workspace_limit_reached); the free grant's outcome is part of the answer.
 */
export async function createWorkspace(options: CreateWorkspaceOptions): Promise<CreatedWorkspace> {
  const { ctx, input } = options;
  checkBrandNotReserved(input.brand);
  checkWorkspaceSettings(input);
  for (let attempt = 0; attempt < maxSlugTries; attempt++) {
    const slug = slugCandidate(input.brand, attempt);
    const taken = await ctx.prisma.workspace.findUnique({ where: { slug }, select: { id: true } });
    if (taken) continue;
    try {
      const { workspaceId, freeGrant } = await insertWorkspace(options, slug);
      const emailProvisioning = await provisionWorkspaceInbox({
        ctx,
        workspaceId,
        slug,
        displayName: input.displayName,
      });
      return { slug, emailProvisioning, freeGrant };
    } catch (error) {
      // Another request took the slug between the check and the insert.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
  }
  throw new Error(`no free slug for brand ${input.brand} after ${maxSlugTries} tries`);
}

async function insertWorkspace(
  options: CreateWorkspaceOptions,
  slug: string,
): Promise<{ workspaceId: string; freeGrant: FreeGrantOutcome }> {
  const { ctx, principal, input } = options;
  const now = ctx.clock.now();
  const workspaceId = newId("ws", ctx.clock);
  const outcome = await ctx.prisma.$transaction(async (tx) => {
    // The user row's lock serializes one person's creations, so the cap holds under concurrency.
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${principal.userId} FOR UPDATE`;
    const created = await tx.workspace.count({ where: { createdByUserId: principal.userId } });
    if (created >= abuseLimits.workspacesPerUser) {
      throw errors.workspaceLimitReached(abuseLimits.workspacesPerUser);
    }
    await tx.workspace.create({
      data: {
        id: workspaceId,
        slug,
        brand: input.brand,
        displayName: input.displayName,
        domains: input.domains,
        languages: input.languages,
        regions: input.regions,
        gscProperty: input.gscProperty,
        ga4Property: input.ga4Property,
        activeSetSize: input.activeSetSize,
        complianceProfile: input.complianceProfile,
        quotas: input.quotas,
        createdByUserId: principal.userId,
        emailStatus: "unconfigured",
        emailAddress: null,
        inboxId: null,
        emailAttempts: 0,
        emailMessage: "Inbox provisioning has not run yet.",
        createdAt: now,
        updatedAt: now,
        competitors: {
          create: input.competitors.map((competitor, position) => ({
            id: newId("cmp", ctx.clock),
            name: competitor.name,
            domains: competitor.domains,
            aliases: competitor.aliases,
            ambiguous: competitor.ambiguous,
            position,
            createdAt: now,
            updatedAt: now,
          })),
        },
        members: {
          create: {
            id: newId("mem", ctx.clock),
            userId: principal.userId,
            role: "owner",
            invitedAt: now,
            joinedAt: now,
          },
        },
      },
    });
    const freeGrant = await grantFreeCredit({
      tx,
      clock: ctx.clock,
      workspaceId,
      userId: principal.userId,
      email: principal.email,
      clientAddress: options.clientAddress,
    });
    await audit(
      { ...options, workspace: { id: workspaceId } },
      tx,
      "workspace.create",
      ["workspace", workspaceId],
      { slug, competitors: input.competitors.length, freeGrant },
    );
    return freeGrant;
  });
  const granted = outcome === "granted";
  return {
    workspaceId,
    freeGrant: {
      status: outcome,
      amountMicrousd: granted ? Number(freeGrantMicrousd) : 0,
      expiresAt: granted ? new Date(now.getTime() + freeGrantTtlMs).toISOString() : null,
    },
  };
}
