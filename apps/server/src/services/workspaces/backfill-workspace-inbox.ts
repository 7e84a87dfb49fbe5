import type { EmailProvisioning } from "@geopulse/api-types";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { consumeRateLimit } from "../rate-limit/rate-limit.js";
import { provisionWorkspaceInbox } from "./provision-workspace-inbox.js";
import { toEmailProvisioning } from "./to-workspace-response.js";

/** Backfills per workspace per hour (each may make up to three attempts at the provider). */
export const INBOX_BACKFILLS_PER_HOUR = 5;

/** The outcomes another provisioning attempt may change. */
const retryable = new Set(["failed", "unconfigured"]);

export type BackfillWorkspaceInboxOptions = WorkspaceOperation;

/**
 * Session-only retry of the workspace's inbox provisioning (docs/email.md): when the last
 * outcome is `failed` or `unconfigured`, runs the provisioning of workspace creation again and
 * answers its new outcome, audited as `workspace.inbox_backfill`. Anything else (`provisioned`,
 * `username_conflict`) answers the current outcome with nothing done. At most
 * `INBOX_BACKFILLS_PER_HOUR` backfills per workspace (`429 rate_limited` beyond).
 */
export async function backfillWorkspaceInbox(
  options: BackfillWorkspaceInboxOptions,
): Promise<EmailProvisioning> {
  const { ctx, workspace } = options;
  const row = await ctx.prisma.workspace.findUniqueOrThrow({ where: { id: workspace.id } });
  if (!retryable.has(row.emailStatus)) return toEmailProvisioning(row);
  await consumeRateLimit(ctx, [
    {
      bucket: `inbox-backfill:workspace:${workspace.id}`,
      limit: INBOX_BACKFILLS_PER_HOUR,
      windowMs: 3_600_000,
    },
  ]);
  const outcome = await provisionWorkspaceInbox({
    ctx,
    workspaceId: workspace.id,
    slug: row.slug,
    displayName: row.displayName,
  });
  await ctx.prisma.$transaction((tx) =>
    audit(options, tx, "workspace.inbox_backfill", ["workspace", workspace.id], {
      from: row.emailStatus,
      status: outcome.status,
      attempts: outcome.attempts,
    }),
  );
  return outcome;
}
