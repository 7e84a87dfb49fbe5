import { hostname } from "node:os";
import type { Scope } from "@geopulse/api-types";
import { loadOpenApiDocument } from "@geopulse/api-types/openapi-document";
import { type Command, InvalidArgumentError } from "commander";
import { openServerUrl, shouldOpenBrowser } from "../browser.js";
import { credentialsFile } from "../config.js";
import type { Context } from "../context.js";
import { pollForToken } from "../device-flow.js";
import { withJson } from "../options.js";
import { waitingIndicator } from "../progress.js";

interface LoginOptions {
  scopes?: Scope[];
  clientName?: string;
  browser: boolean;
  json?: boolean;
}

/** The scopes the contract defines (for a usage error before any request). */
function knownScopes(): string[] | undefined {
  try {
    const document = loadOpenApiDocument() as {
      components?: { schemas?: { Scope?: { enum?: string[] } } };
    };
    return document.components?.schemas?.Scope?.enum;
  } catch {
    return undefined; // the server validates them anyway
  }
}

/**
 * What a plain `geopulse login` asks for: every read the README and the read
 * commands use (workspace, metrics, credits, prompts, runs). Writes are asked
 * for with `--scopes`, or granted on the approval page.
 */
export const defaultLoginScopes: Scope[] = [
  "workspace:read",
  "metrics:read",
  "credits:read",
  "prompts:read",
  "runs:read",
];

export function parseScopes(value: string): Scope[] {
  const scopes = [...new Set(value.split(/[\s,]+/).filter(Boolean))];
  if (scopes.length === 0) throw new InvalidArgumentError("expected a comma-separated list.");
  const known = knownScopes();
  const unknown = known ? scopes.filter((scope) => !known.includes(scope)) : [];
  if (unknown.length > 0) {
    throw new InvalidArgumentError(
      `unknown scope ${unknown.join(", ")}; known scopes: ${known?.join(", ")}.`,
    );
  }
  return scopes as Scope[];
}

export function registerLogin(program: Command, ctx: Context): void {
  withJson(
    program
      .command("login")
      .description("log in with your browser (device authorization) and store an API key")
      .option(
        "--scopes <list>",
        `comma-separated scopes to ask for (default: ${defaultLoginScopes.join(",")})`,
        parseScopes,
      )
      .option("--client-name <name>", "how the key is named in the workspace (default: host name)")
      .option("--no-browser", "only print the URL; do not open a browser"),
  ).action(async (options: LoginOptions) => {
    const { baseUrl } = await ctx.settings();
    const gp = await ctx.anonymousClient();
    const clientName = (options.clientName ?? `GEO Pulse CLI on ${hostname()}`).slice(0, 80);
    const started = await gp.deviceAuthorizations.start({
      clientName,
      scopes: options.scopes ?? defaultLoginScopes,
    });

    ctx.info(`! Your one-time code: ${started.userCode}`);
    ctx.info(`  Enter it at ${started.verificationUri}`);
    ctx.info(`  or open ${started.verificationUriComplete}`);
    if (shouldOpenBrowser(ctx.io, options.browser)) {
      await openServerUrl(ctx, started.verificationUriComplete, baseUrl);
    }

    const indicator = waitingIndicator(ctx.io.stderr, "Waiting for approval…");
    const token = await pollForToken({
      deviceCode: started.deviceCode,
      interval: started.interval,
      expiresIn: started.expiresIn,
      exchange: (deviceCode) => gp.deviceAuthorizations.exchange(deviceCode),
      sleep: ctx.sleep,
      now: ctx.io.now ?? Date.now,
    }).finally(() => indicator.stop());

    const previous = await ctx.store.read();
    await ctx.store.writeApiKey(token.apiKey);
    await ctx.store.write({ baseUrl, workspace: token.workspace, keyId: token.keyId });
    if (previous.keyId && previous.keyId !== token.keyId) {
      ctx.info(`Replaced the stored key ${previous.keyId} (it stays valid until revoked).`);
    }
    ctx.info(`Logged in to workspace ${token.workspace}`);
    ctx.info(`  scopes: ${token.scopes.join(", ") || "none"}`);
    ctx.info(`  key ${token.keyId} stored in ${credentialsFile(ctx.store.dir)}`);
    if (options.json) {
      ctx.json({ workspace: token.workspace, keyId: token.keyId, scopes: token.scopes });
    }
  });
}
