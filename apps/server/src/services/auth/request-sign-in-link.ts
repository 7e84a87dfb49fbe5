import type { AppContext } from "../../context.js";
import { hashCapability } from "../../crypto/capability-token.js";
import { EmailDeliveryError } from "../../email/email-provider.js";
import { errors } from "../../errors/app-error.js";
import { clientAddressRange } from "../../http/cidr.js";
import { newId } from "../../ids.js";
import { randomToken } from "../../random.js";
import { emailIdentity } from "../../text/email-identity.js";
import { abuseLimits } from "../rate-limit/abuse-limits.js";
import { consumeRateLimit } from "../rate-limit/rate-limit.js";

export const signInLinkTtlMs = 15 * 60_000;

export interface RequestSignInLinkOptions {
  ctx: AppContext;
  email: string;
  /** The client's address (`req.ip`). */
  clientAddress: string | undefined;
}

/**
 * Emails a single-use sign-in link; only the token's hash is stored. Links
 * are limited per mailbox (the normalised address, so `a+1@` and `a+2@` count
 * together) and per client address (IPv4 address, IPv6 /64): `abuseLimits`.
 */
export async function requestSignInLink({
  ctx,
  email: rawEmail,
  clientAddress,
}: RequestSignInLinkOptions): Promise<{ email: string; expiresAt: Date }> {
  if (!ctx.email.configured) {
    throw errors.emailUnavailable("unconfigured");
  }
  const email = rawEmail.trim().toLowerCase();
  await consumeRateLimit(ctx, [
    { bucket: `sign-in-link:email:${emailIdentity(email)}`, ...abuseLimits.signInLinksPerEmail },
    {
      bucket: `sign-in-link:ip:${clientAddressRange(clientAddress)}`,
      ...abuseLimits.signInLinksPerAddress,
    },
  ]);
  const now = ctx.clock.now();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + signInLinkTtlMs);
  await ctx.prisma.signInToken.create({
    data: {
      id: newId("sit", ctx.clock),
      email,
      tokenHash: hashCapability(token),
      createdAt: now,
      expiresAt,
    },
  });
  const link = `${ctx.config.publicUrl}/sign-in#token=${token}`;
  try {
    await ctx.email.sendMessage({
      to: email,
      subject: "Your GEO Pulse sign-in link",
      text: `Sign in to GEO Pulse: ${link}\n\nThe link works once, for 15 minutes. If you did not ask for it, ignore this message.`,
      html: `<p><a href="${link}">Sign in to GEO Pulse</a></p><p>The link works once, for 15 minutes. If you did not ask for it, ignore this message.</p>`,
    });
  } catch (error) {
    if (error instanceof EmailDeliveryError) {
      throw errors.emailUnavailable("sendFailed");
    }
    throw error;
  }
  return { email, expiresAt };
}
