import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { gp, sessionApi } from "../api";
import { Field } from "../components/field";
import { Empty, ErrorNote, Loading } from "../components/states";
import { mapFieldErrors } from "../field-errors";
import { dollarsToMicrousd, formatDate, formatMicrousd } from "../format";

/** The API answers the newest entries up to a limit (no cursor): each "more" asks for a page more. */
export const ledgerPage = 50;
const ledgerMax = 500;

const kindWords: Record<string, string> = {
  grant: "Grant",
  top_up: "Top-up",
  purchase: "Purchase",
  reservation: "Reserved",
  lease: "Leased",
  settlement: "Charged",
  release: "Released",
  expiry: "Expired",
};

const receiptWords = { pending: "Waiting for payment", succeeded: "Paid", failed: "Failed" };

/** The usage ledger, newest first, a page at a time. */
export function Ledger({ slug }: { slug: string }) {
  const [limit, setLimit] = useState(ledgerPage);
  const usage = useQuery({
    queryKey: ["usage", slug, limit],
    queryFn: () => gp.credits.getUsage(slug, { limit }),
    placeholderData: (previous) => previous,
  });
  const entries = usage.data?.entries ?? [];
  return (
    <article className="panel" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Usage ledger</h2>
      {usage.isPending && <Loading what="the ledger" />}
      <ErrorNote error={usage.error} action="Ledger" />
      {usage.data && entries.length === 0 && (
        <Empty>No credit movements yet: top up or start a run.</Empty>
      )}
      {entries.length > 0 && (
        <div className="scroll">
          <table className="stack">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Entry</th>
                <th scope="col">Operation</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.entryId}>
                  <td data-label="When">{formatDate(entry.createdAt)}</td>
                  <td data-label="Entry">{kindWords[entry.kind] ?? entry.kind}</td>
                  <td data-label="Operation">{entry.operation ?? "—"}</td>
                  <td data-label="Amount" className="num">
                    {formatMicrousd(entry.amountMicrousd)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {entries.length === limit && limit < ledgerMax && (
        <button
          type="button"
          onClick={() => setLimit(Math.min(limit + ledgerPage, ledgerMax))}
          disabled={usage.isFetching}
        >
          Show older entries
        </button>
      )}
    </article>
  );
}

/** Checkout with Stripe: the API answers the hosted page's address and the browser goes there. */
export function Checkout({ slug, go }: { slug: string; go?: (url: string) => void }) {
  const [amount, setAmount] = useState("25.00");
  const checkout = useMutation({
    mutationFn: (amountMicrousd: number) => sessionApi.checkout(slug, { amountMicrousd }),
    onSuccess: ({ url }) => (go ?? ((to: string) => window.location.assign(to)))(url),
  });
  const errors = mapFieldErrors(checkout.error, ["amountMicrousd"]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An unreadable amount goes as 0 so that the API's own rule is what the person reads.
    checkout.mutate(dollarsToMicrousd(amount) ?? 0);
  };
  return (
    <form onSubmit={submit} className="panel" noValidate>
      <h2>Buy credit</h2>
      <Field
        label="Amount to pay in dollars"
        hint="Between $5 and $500, paid by card on Stripe's page."
        errors={errors.byControl.amountMicrousd}
      >
        {(props) => (
          <input
            {...props}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
      </Field>
      <button type="submit" className="primary" disabled={checkout.isPending}>
        Continue to payment
      </button>
      {errors.unplaced.length > 0 || (checkout.error && !errors.byControl.amountMicrousd) ? (
        <ErrorNote error={checkout.error} action="Could not start the payment" />
      ) : null}
    </form>
  );
}

/** Receipts of the latest checkout sessions. */
export function Receipts({ slug }: { slug: string }) {
  const status = useQuery({
    queryKey: ["receipts", slug],
    queryFn: () => sessionApi.billingStatus(slug),
  });
  const receipts = status.data?.receipts ?? [];
  return (
    <article className="panel" aria-labelledby="receipts-title">
      <h2 id="receipts-title">Receipts</h2>
      {status.isPending && <Loading what="receipts" />}
      <ErrorNote error={status.error} action="Receipts" />
      {status.data && receipts.length === 0 && <Empty>No payments yet: buy credit above.</Empty>}
      {receipts.length > 0 && (
        <div className="scroll">
          <table className="stack">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">State</th>
                <th scope="col">Completed</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {receipts.map((receipt) => (
                <tr key={receipt.checkoutSessionId}>
                  <td data-label="Started">{formatDate(receipt.createdAt)}</td>
                  <td data-label="State">{receiptWords[receipt.status]}</td>
                  <td data-label="Completed">
                    {receipt.completedAt ? formatDate(receipt.completedAt) : "—"}
                  </td>
                  <td data-label="Amount" className="num">
                    {formatMicrousd(receipt.amountMicrousd)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
