import type { AppContext } from "../../context.js";
import { EmailDeliveryError } from "../../email/email-provider.js";

export interface SendInvitationEmailOptions {
  ctx: AppContext;
  invitationId: string;
  to: string;
  token: string;
  workspaceName: string;
  inviterEmail: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

/**
 * Emails the invitation link. Answers whether it was sent: an unconfigured
 * provider or a refused delivery is not an error, the inviter passes the token on.
 */
export async function sendInvitationEmail(options: SendInvitationEmailOptions): Promise<boolean> {
  const { ctx, to, token, workspaceName, inviterEmail } = options;
  if (!ctx.email.configured) return false;
  const link = `${ctx.config.publicUrl}/invitations#token=${token}`;
  const intro = `${inviterEmail} invited you to join ${workspaceName} on GEO Pulse.`;
  const terms = "The link works once, for 7 days, and only for this email address.";
  try {
    await ctx.email.sendMessage({
      to,
      subject: `Join ${workspaceName} on GEO Pulse`,
      text: `${intro}\n\nAccept the invitation: ${link}\n\n${terms}`,
      html: `<p>${escapeHtml(intro)}</p><p><a href="${link}">Accept the invitation</a></p><p>${terms}</p>`,
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
