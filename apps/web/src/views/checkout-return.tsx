import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { type Schemas, sessionApi } from "../api";
import { ErrorNote, Loading } from "../components/states";
import { formatMicrousd } from "../format";
import { keys, useBalance, useSlug } from "../hooks";
import { Receipts } from "./billing-history";

/** How often and how long the page waits for the payment's webhook (2 s × 30, a minute). */
export const confirmEveryMs = 2_000;
export const confirmAttempts = 30;

type Receipt = Schemas["BillingStatus"]["receipts"][number];

/**
 * `/workspaces/:slug/billing`: where Stripe Checkout returns the buyer (`?checkout=success&
 * session_id=…` or `?checkout=cancelled`). Credit is added by the webhook, not by this page,
 * so after a payment it polls the receipts until that session's receipt is settled, then
 * shows the balance.
 */
export default function CheckoutReturn() {
  const slug = useSlug();
  const [params] = useSearchParams();
  const cancelled = params.get("checkout") === "cancelled";
  const sessionId = cancelled ? null : params.get("session_id");
  const queryClient = useQueryClient();
  const balance = useBalance(slug);
  const status = useQuery({
    // The same query as the receipts table below, so both show the same answer.
    queryKey: ["receipts", slug],
    queryFn: () => sessionApi.billingStatus(slug),
    refetchInterval: (query) => {
      const receipt = findReceipt(query.state.data?.receipts, sessionId);
      const waiting = sessionId && (!receipt || receipt.status === "pending");
      // Failed reads count too: a status read that keeps failing stops after the same minute.
      const reads = query.state.dataUpdateCount + query.state.errorUpdateCount;
      return waiting && reads < confirmAttempts ? confirmEveryMs : false;
    },
  });
  const attempts = queryClient.getQueryState(["receipts", slug])?.dataUpdateCount ?? 0;
  const receipt = findReceipt(status.data?.receipts, sessionId);
  const settled = receipt?.status === "succeeded";
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: keys.balance(slug) });
  }, [settled, queryClient, slug]);

  return (
    <section aria-labelledby="checkout-title">
      <h1 id="checkout-title">Billing</h1>
      <p role="status" className="panel" data-testid="checkout-outcome">
        {outcome(cancelled, sessionId, receipt, status.isSuccess, attempts)}
      </p>
      <article className="panel" aria-labelledby="return-balance-title">
        <h2 id="return-balance-title">Balance</h2>
        {balance.isPending && <Loading what="the balance" />}
        <ErrorNote error={balance.error} action="Balance" />
        {balance.data && (
          <p>
            <span className="big" data-testid="return-available">
              {formatMicrousd(balance.data.availableMicrousd)}
            </span>{" "}
            available in {slug}
          </p>
        )}
        <p>
          <Link to={`/w/${slug}/billing`}>Go to billing</Link> to buy more credit or see the ledger.
        </p>
      </article>
      <ErrorNote error={status.error} action="Payments" />
      <Receipts slug={slug} />
    </section>
  );
}

function findReceipt(receipts: Receipt[] | undefined, sessionId: string | null) {
  return sessionId ? receipts?.find((r) => r.checkoutSessionId === sessionId) : undefined;
}

/** The checkout's outcome in words, from the query string and the session's receipt. */
export function outcome(
  cancelled: boolean,
  sessionId: string | null,
  receipt: Receipt | undefined,
  loaded: boolean,
  attempts: number,
): string {
  if (cancelled) return "Checkout was cancelled: nothing was charged.";
  if (!sessionId) return "Your credit and payments.";
  if (receipt?.status === "succeeded")
    return `Payment received: ${formatMicrousd(receipt.amountMicrousd)} added to your credit.`;
  if (receipt?.status === "failed") return "The payment did not complete: nothing was added.";
  if (loaded && attempts >= confirmAttempts)
    return "Payment received. Your credit will appear here once the payment is confirmed.";
  return "Payment received. Confirming it…";
}
