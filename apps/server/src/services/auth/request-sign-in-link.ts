import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context.js";
import { EmailDeliveryError } from "../../email/email-provider.js";
import { errors } from "../../errors/app-error.js";
import { hashToken } from "../../http/session-cookie.js";
import { newId } from "../../ids.js";

export const signInLinkTtlMs = 15 * 60_000;
const maxLinksPerWindow = 5;

export interface RequestSignInLinkOptions {
  ctx: AppContext;
  email: string;
}

/** Emails a single-use sign-in link; only the token's hash is stored. */
export async function requestSignInLink({
  ctx,
  email: rawEmail,
}: RequestSignInLinkOptions): Promise<{ email: string; expiresAt: Date }> {
  if (!ctx.email.configured) {
    throw errors.emailUnavailable("unconfigured");
  }
  const email = rawEmail.trim().toLowerCase();
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - signInLinkTtlMs);
  const recent = await ctx.prisma.signInToken.findMany({
    where: { email, createdAt: { gt: windowStart } },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  const oldest = recent[0];
  if (recent.length >= maxLinksPerWindow && oldest) {
    const retryAfterMs = oldest.createdAt.getTime() + signInLinkTtlMs - now.getTime();
    throw errors.rateLimited(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  }
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + signInLinkTtlMs);
  await ctx.prisma.signInToken.create({
    data: {
      id: newId("sit", ctx.clock),
      email,
      tokenHash: hashToken(token),
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
