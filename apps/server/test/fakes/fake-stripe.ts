import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface RecordedStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The form-encoded body, by bracketed key: `line_items[0][price_data][unit_amount]`. */
  form: Record<string, string>;
}

export interface StripeErrorBody {
  type: string;
  message: string;
  code?: string;
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> } | "drop";

/** The fields of a Checkout Session the server reads (Stripe's wire names). */
export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: string;
  url: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string;
  created: number;
}

/**
 * A local stand-in for the Stripe API speaking its wire format for
 * `POST /v1/checkout/sessions` and `.../{id}/expire`: form-encoded requests, JSON objects or
 * `{ error: { type, message } }` answers, and Idempotency-Key replay of
 * successes. Tests queue failures; with none queued it creates the session.
 */
export class FakeStripe {
  readonly requests: RecordedStripeRequest[] = [];
  readonly replies: Reply[] = [];
  readonly sessions = new Map<string, FakeCheckoutSession>();
  private readonly replayed = new Map<string, { status: number; body: unknown }>();
  private server: Server | undefined;
  url = "";
  /** The id of the next session created (then random again). */
  nextSessionId: string | undefined;

  /** The next `times` checkout requests answer this Stripe error. */
  fail(status: number, error: StripeErrorBody, times = 1): void {
    for (let i = 0; i < times; i++) this.replies.push({ status, body: { error } });
  }

  /** The next `times` checkout requests lose their connection. */
  drop(times = 1): void {
    for (let i = 0; i < times; i++) this.replies.push("drop");
  }

  session(id: string): FakeCheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`the fake created no session ${id}`);
    return session;
  }

  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      const form = Object.fromEntries(new URLSearchParams(await readText(req)));
      const idempotencyKey = header(req, "idempotency-key");
      const path = req.url ?? "";
      this.requests.push({
        method: req.method ?? "",
        path,
        authorization: header(req, "authorization"),
        idempotencyKey,
        form,
      });
      let reply: Reply;
      const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)?.[1];
      if (req.method === "POST" && expiring) {
        reply = this.expire(expiring, path);
      } else if (req.method !== "POST" || path !== "/v1/checkout/sessions") {
        reply = notFound(path);
      } else {
        const replay = idempotencyKey ? this.replayed.get(idempotencyKey) : undefined;
        reply = replay ?? this.replies.shift() ?? { status: 200, body: this.create(form) };
        if (reply !== "drop" && reply.status === 200 && idempotencyKey) {
          this.replayed.set(idempotencyKey, reply);
        }
      }
      if (reply === "drop") {
        res.socket?.destroy();
        return;
      }
      res.writeHead(reply.status, {
        "content-type": "application/json",
        "request-id": `req_${randomBytes(7).toString("hex")}`,
        ...reply.headers,
      });
      res.end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** `POST /v1/checkout/sessions/{id}/expire`: only an open session can be expired. */
  private expire(id: string, path: string): Reply {
    const session = this.sessions.get(id);
    if (!session) return notFound(path);
    if (session.status !== "open") {
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            message: `Only Checkout Sessions with a status of open can be expired (it is ${session.status}).`,
          },
        },
      };
    }
    session.status = "expired";
    return { status: 200, body: session };
  }

  private create(form: Record<string, string>): FakeCheckoutSession {
    const id = this.nextSessionId ?? `cs_test_${randomBytes(12).toString("hex")}`;
    this.nextSessionId = undefined;
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) {
      const name = /^metadata\[([^\]]+)\]$/.exec(key)?.[1];
      if (name) metadata[name] = value;
    }
    const quantity = Number(form["line_items[0][quantity]"] ?? 1);
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      mode: form.mode ?? "payment",
      url: `https://checkout.stripe.test/c/pay/${id}`,
      amount_total: quantity * Number(form["line_items[0][price_data][unit_amount]"]),
      currency: form["line_items[0][price_data][currency]"] ?? "usd",
      client_reference_id: form.client_reference_id ?? null,
      metadata,
      payment_status: "unpaid",
      status: "open",
      success_url: form.success_url ?? "",
      cancel_url: form.cancel_url ?? "",
      created: Math.floor(Date.now() / 1000),
    };
    this.sessions.set(id, session);
    return session;
  }
}

/** A Stripe event around a checkout session, as Stripe delivers it to a webhook endpoint. */
export function checkoutEvent(
  type: string,
  session: FakeCheckoutSession,
  overrides: Partial<FakeCheckoutSession> = {},
  eventId = `evt_${randomBytes(12).toString("hex")}`,
): Record<string, unknown> {
  return {
    id: eventId,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...session, ...overrides } },
  };
}

/**
 * The body and headers of a webhook delivery signed with `secret` at
 * `timestamp` (unix seconds): `Stripe-Signature: t=<t>,v1=<HMAC-SHA256 of "<t>.<payload>">`.
 */
export function signedWebhook(
  event: unknown,
  secret: string,
  timestamp: number,
): { rawBody: string; headers: Record<string, string> } {
  return signedPayload(JSON.stringify(event), secret, timestamp);
}

/** Signs any payload text, as is. */
export function signedPayload(
  payload: string,
  secret: string,
  timestamp: number,
): { rawBody: string; headers: Record<string, string> } {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return {
    rawBody: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  };
}

function notFound(path: string): Reply {
  return {
    status: 404,
    body: {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${path}).` },
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}
