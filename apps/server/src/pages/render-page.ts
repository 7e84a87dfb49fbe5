import { createHash } from "node:crypto";
import type { Response } from "express";

export interface Page {
  title: string;
  /** Static markup; nothing user-supplied is interpolated into it. */
  body: string;
  /** Inline script, allowed by its hash in the Content-Security-Policy. */
  script: string;
}

const style =
  "body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111}" +
  "button,input,select{font:inherit;padding:.3rem .6rem}#status{margin-top:1rem}";

/** Serves a small self-contained page with a strict CSP (no external resources). */
export function sendPage(res: Response, page: Page): void {
  const scriptHash = createHash("sha256").update(page.script).digest("base64");
  const styleHash = createHash("sha256").update(style).digest("base64");
  res.setHeader(
    "Content-Security-Policy",
    `default-src 'none'; script-src 'sha256-${scriptHash}'; style-src 'sha256-${styleHash}'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
  );
  res.setHeader("X-Frame-Options", "DENY");
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${page.title}</title><style>${style}</style></head><body>${page.body}<script>${page.script}</script></body></html>`,
    );
}
