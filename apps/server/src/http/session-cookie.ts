import { createHmac, timingSafeEqual } from "node:crypto";
import { serialize } from "cookie";
import { hashCapability } from "../crypto/capability-token.js";
import { randomToken } from "../random.js";

export const sessionCookieName = "geo.session";

/** A fresh session token, the cookie value that carries it, and the hash to store. */
export function mintSessionToken(secret: string): { cookieValue: string; tokenHash: string } {
  const token = randomToken();
  return { cookieValue: `${token}.${sign(token, secret)}`, tokenHash: hashCapability(token) };
}

/** The stored hash for a cookie value whose signature holds; undefined otherwise. */
export function verifySessionCookie(cookieValue: string, secret: string): string | undefined {
  const dot = cookieValue.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const token = cookieValue.slice(0, dot);
  const given = Buffer.from(cookieValue.slice(dot + 1));
  const expected = Buffer.from(sign(token, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return hashCapability(token);
}

function sign(token: string, secret: string): string {
  return createHmac("sha256", secret).update(token).digest("base64url");
}

export function sessionCookieHeader(
  cookieValue: string,
  options: { expires: Date; secure: boolean },
): string {
  return serialize(sessionCookieName, cookieValue, {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: "/",
    expires: options.expires,
  });
}

export function clearedSessionCookieHeader(secure: boolean): string {
  return serialize(sessionCookieName, "", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    expires: new Date(0),
  });
}
