import type { CheckoutReceipt } from "@geopulse/db";
import type { FakeStripe } from "../fakes/fake-stripe.js";
import { signedWebhook } from "../fakes/fake-stripe.js";
import { startTestServer, type TestResponse, type TestServer } from "../harness/test-server.js";

export const stripeSecretKey = "sk_test_geopulse_fake";
export const webhookSecret = "whsec_geopulse_test_secret";
export const publicUrl = "https://app.geopulse.test";

/** A server whose Stripe client talks to the fake, with the webhook secret set. */
export function startBillingServer(
  stripe: FakeStripe,
  env: Record<string, string> = {},
): Promise<TestServer> {
  return startTestServer({
    env: {
      GEO_PUBLIC_URL: publicUrl,
      STRIPE_SECRET_KEY: stripeSecretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.url,
      ...env,
    },
  });
}

export function checkout(
  t: TestServer,
  cookie: string,
  slug: string,
  amountMicrousd: unknown,
): Promise<TestResponse<any>> {
  return t.request("POST", `/api/v1/workspaces/${slug}/billing/checkout`, {
    cookie,
    body: { amountMicrousd },
  });
}

/** The server's clock in unix seconds, as Stripe stamps signatures. */
export const nowSeconds = (t: TestServer) => Math.floor(t.clock.now().getTime() / 1000);

/** Delivers an event to the webhook, signed now (or at `timestamp`) with the configured secret. */
export function deliver(
  t: TestServer,
  event: unknown,
  options: { timestamp?: number; secret?: string } = {},
): Promise<TestResponse<any>> {
  const signed = signedWebhook(
    event,
    options.secret ?? webhookSecret,
    options.timestamp ?? nowSeconds(t),
  );
  return t.request("POST", "/api/v1/webhooks/stripe", signed);
}

/** The workspace's posted balance and purchase lots, straight from the database. */
export async function credits(t: TestServer, slug: string) {
  const prisma = t.server.ctx.prisma;
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const account = await prisma.creditAccount.findUnique({ where: { workspaceId: workspace.id } });
  const purchaseLots = await prisma.creditLot.findMany({
    where: { workspaceId: workspace.id, source: "purchase" },
  });
  return { workspaceId: workspace.id, posted: account?.postedMicrousd ?? 0n, purchaseLots };
}

export function receipt(t: TestServer, checkoutSessionId: string): Promise<CheckoutReceipt> {
  return t.server.ctx.prisma.checkoutReceipt.findUniqueOrThrow({ where: { checkoutSessionId } });
}
