import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { serialize } from "cookie";

export const sessionCookieName = "geo.session";

/** A fresh session token, the cookie value that carries it, and the hash to store. */
export function mintSessionToken(secret: string): { cookieValue: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { cookieValue: `${token}.${sign(token, secret)}`, tokenHash: hashToken(token) };
}

/** The stored hash for a cookie value whose signature holds; undefined otherwise. */
export function verifySessionCookie(cookieValue: string, secret: string): string | undefined {
  const dot = cookieValue.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const token = cookieValue.slice(0, dot);
  const given = Buffer.from(cookieValue.slice(dot + 1));
  const expected = Buffer.from(sign(token, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return hashToken(token);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
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
