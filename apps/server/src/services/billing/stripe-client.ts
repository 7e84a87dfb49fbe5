import Stripe from "stripe";
import type { Config } from "../../config.js";
import { errors } from "../../errors/app-error.js";

/** Attempts after the first when Stripe cannot be reached or answers 409/5xx. */
const maxNetworkRetries = 2;
/** Per attempt. */
const timeoutMs = 15_000;

const clients = new WeakMap<Config["stripe"], Stripe>();

/**
 * The one Stripe API client of a server, built from its configuration:
 * `STRIPE_SECRET_KEY`, and `STRIPE_API_BASE` (scheme, host and port; tests
 * point the real client at a local fake). 503 billing_unavailable without a key.
 */
export function stripeClient(config: Config): Stripe {
  const { secretKey, apiBase } = config.stripe;
  if (!secretKey) throw errors.billingUnavailable("STRIPE_SECRET_KEY");
  let client = clients.get(config.stripe);
  if (!client) {
    client = new Stripe(secretKey, {
      maxNetworkRetries,
      timeout: timeoutMs,
      ...(apiBase ? apiAddress(apiBase) : {}),
    });
    clients.set(config.stripe, client);
  }
  return client;
}

function apiAddress(apiBase: string): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  };
}

/** What the log keeps of a Stripe failure; undefined when the error is not Stripe's. */
export function stripeErrorDetails(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof Stripe.errors.StripeError)) return undefined;
  return {
    stripeErrorType: error.rawType ?? error.type,
    stripeCode: error.code,
    stripeStatus: error.statusCode,
    stripeRequestId: error.requestId,
    stripeMessage: error.message,
  };
}
