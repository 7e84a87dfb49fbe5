import escapeHtml from "escape-html";
import type { AppContext } from "../../context.js";
import { EmailDeliveryError } from "../../email/email-provider.js";
import { abuseLimits } from "../rate-limit/abuse-limits.js";

export interface SendInvitationEmailOptions {
  ctx: AppContext;
  invitationId: string;
  to: string;
  token: string;
  workspaceName: string;
  /** The inviter's display name, or their email address when they have none. */
  inviterName: string;
}

/**
 * A name people typed, made safe to put in an email: control and formatting
 * characters (line breaks, bidirectional overrides, zero-width characters)
 * become spaces, runs of space one, and the whole is cut to
 * `abuseLimits.invitationNameChars` characters. HTML escaping is separate.
 */
export function emailSafeName(name: string): string {
  const plain = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...plain];
  const max = abuseLimits.invitationNameChars;
  return chars.length <= max ? plain : `${chars.slice(0, max - 1).join("")}…`;
}

/**
 * Emails the invitation link. Answers whether it was sent: an unconfigured
 * provider or a refused delivery is not an error, the inviter passes the token on.
 * The inviter's and the workspace's names are people's text: cut, cleaned and
 * escaped (`emailSafeName`), so an invitation cannot carry a long message.
 */
export async function sendInvitationEmail(options: SendInvitationEmailOptions): Promise<boolean> {
  const { ctx, to, token } = options;
  if (!ctx.email.configured) return false;
  const workspaceName = emailSafeName(options.workspaceName);
  const inviterName = emailSafeName(options.inviterName);
  const link = `${ctx.config.publicUrl}/invitations#token=${token}`;
  const intro = `${inviterName} invited you to join ${workspaceName} on GEO Pulse.`;
  const terms = "The link works once, for 7 days, and only for this email address.";
  try {
    await ctx.email.sendMessage({
      to,
      subject: `Join ${workspaceName} on GEO Pulse`,
      text: `${intro}\n\nAccept the invitation: ${link}\n\n${terms}`,
      html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>${terms}</p>`,
    });
    return true;
  } catch (error) {
    if (!(error instanceof EmailDeliveryError)) throw error;
    ctx.logger.warn(
      { invitationId: options.invitationId, err: error.message },
      "invitation email not sent",
    );
    return false;
  }
}
