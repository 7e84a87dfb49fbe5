import type { EmailProvisioning } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";

const maxAttempts = 3;
const baseDelayMs = 250;

export interface ProvisionWorkspaceInboxOptions {
  ctx: AppContext;
  workspaceId: string;
  slug: string;
  displayName: string;
}

type Outcome = Omit<EmailProvisioning, "workspace">;

/**
 * Creates the workspace's inbox at the email provider, retrying transient
 * failures with backoff, and stores the outcome on the workspace. A provider
 * failure never undoes the workspace: the outcome says what happened.
 */
export async function provisionWorkspaceInbox(
  options: ProvisionWorkspaceInboxOptions,
): Promise<EmailProvisioning> {
  const { ctx } = options;
  const outcome = await attemptProvisioning(options);
  await ctx.prisma.workspace.update({
    where: { id: options.workspaceId },
    data: {
      emailStatus: outcome.status,
      emailAddress: outcome.email,
      inboxId: outcome.inboxId,
      emailAttempts: outcome.attempts,
      emailMessage: outcome.message,
      updatedAt: ctx.clock.now(),
    },
  });
  return { workspace: options.slug, ...outcome };
}

async function attemptProvisioning({
  ctx,
  workspaceId,
  slug,
  displayName,
}: ProvisionWorkspaceInboxOptions): Promise<Outcome> {
  if (!ctx.email.configured) {
    return {
      status: "unconfigured",
      email: null,
      inboxId: null,
      attempts: 0,
      message: "No email provider is configured; the workspace has no inbox.",
    };
  }
  let lastMessage = "";
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const result = await ctx.email.createInbox({
      username: slug,
      displayName,
      clientId: workspaceId,
    });
    if (result.kind === "created") {
      return {
        status: "provisioned",
        email: result.email,
        inboxId: result.inboxId,
        attempts: attempt,
        message: `Inbox ${result.email} is ready.`,
      };
    }
    if (result.kind === "conflict") {
      return {
        status: "username_conflict",
        email: null,
        inboxId: null,
        attempts: attempt,
        message: result.message,
      };
    }
    lastMessage = result.message;
    if (!result.retryable) {
      return {
        status: "failed",
        email: null,
        inboxId: null,
        attempts: attempt,
        message: result.message,
      };
    }
    if (attempt < maxAttempts) {
      const backoff = baseDelayMs * 2 ** (attempt - 1);
      await ctx.clock.sleep(backoff / 2 + ctx.random() * (backoff / 2));
    }
  }
  return {
    status: "failed",
    email: null,
    inboxId: null,
    attempts: maxAttempts,
    message: `Gave up after ${maxAttempts} attempts: ${lastMessage}`,
  };
}
