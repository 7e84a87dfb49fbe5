import type { NextFunction, Request, Response } from "express";
import type { Config } from "../config.js";
import { errors } from "../errors/app-error.js";
import { isLoopbackName } from "./loopback.js";

/** A Host header is a name and an optional port: nothing a URL would read as a path or user. */
const HOST_HEADER = /^[^\s/?#@\\]+$/;

/** The host name of a Host header (lower case, IPv6 in brackets), or undefined if malformed. */
function hostNameOf(host: string): string | undefined {
  if (!HOST_HEADER.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Local mode answers only under its own names (docs/security.md, Local mode): a loopback name
 * (`localhost`, 127.0.0.0/8, `[::1]`), with any port, or the host of `GEO_PUBLIC_URL` (read per
 * request: without it the public URL names the port actually bound). Anything else is `421
 * misdirected_request`, whatever the path: a page of another site whose name was rebound to
 * this machine (DNS rebinding) reaches it same-origin to itself, and local mode signs in without
 * email. A request without Host (HTTP/1.0) cannot come from a browser and is answered. Hosted
 * mode answers any Host: its sign-in needs an emailed link, its cookie belongs to the public
 * host, and proxies and health probes use names of their own.
 */
export function checkHost(config: Config) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const host = req.headers.host;
    if (config.operatorMode === "local" && host !== undefined) {
      const name = hostNameOf(host);
      const own =
        name !== undefined && (isLoopbackName(name) || name === new URL(config.publicUrl).hostname);
      if (!own) throw errors.misdirectedRequest(host);
    }
    next();
  };
}
