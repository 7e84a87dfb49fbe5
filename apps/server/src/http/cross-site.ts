import type { Request } from "express";

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether `origin` (an Origin header) is the origin of the page a request to `host` came from. */
function isSameOrigin(origin: string, host: string | undefined, publicUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (a sandboxed frame, a file, a redirect across sites) or malformed
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.origin === new URL(publicUrl).origin) return true;
  if (host === undefined) return false;
  try {
    // The Host header read under the Origin's scheme, so default ports compare equal.
    return new URL(`${url.protocol}//${host}`).host === url.host;
  } catch {
    return false;
  }
}

/**
 * Why an unsafe request (POST, PUT, PATCH, DELETE) looks sent by another site's page, or
 * undefined: `Sec-Fetch-Site` other than `same-origin` or `none` (a user's own navigation), or
 * an `Origin` that is neither the origin the request was addressed to (its Host) nor the public
 * URL's. Another port of localhost is another origin, though browsers count it as the same site
 * and send SameSite=Lax cookies to it. A client that sends neither header (curl, the SDK) is
 * not a browser page and passes. Used for requests carrying the session cookie
 * (http/authenticate.ts).
 */
export function crossSiteEvidence(req: Request, publicUrl: string): string | undefined {
  if (!unsafeMethods.has(req.method)) return undefined;
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none")
    return `Sec-Fetch-Site: ${site}`;
  const origin = req.headers.origin;
  if (origin !== undefined && !isSameOrigin(origin, req.headers.host, publicUrl))
    return `Origin: ${origin}`;
  return undefined;
}
