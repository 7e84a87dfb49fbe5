import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { gp } from "../api";
import { ErrorNote, Loading } from "../components/states";
import { dollarsToMicrousd, formatDate, formatMicrousd } from "../format";
import { keys, useBalance, useManages, useSlug } from "../hooks";
import { Checkout, Ledger, Receipts } from "./billing-history";

const stateWords = { active: "In good standing", low: "Running low", depleted: "Used up" } as const;

/** The credit balance, checkout, receipts, the usage ledger and, where the server allows it (local mode), the development top-up. */
export default function Billing() {
  const slug = useSlug();
  const queryClient = useQueryClient();
  const balance = useBalance(slug);
  // Adding credit (top-up, checkout) is for owners and admins.
  const manages = useManages(slug);
  const [amount, setAmount] = useState("10.00");
  const micro = dollarsToMicrousd(amount);
  const topUp = useMutation({
    mutationFn: (amountMicrousd: number) => gp.credits.topUp(slug, { amountMicrousd } as never),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.balance(slug) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (micro !== null && micro > 0) topUp.mutate(micro);
  };

  return (
    <section aria-labelledby="billing-title">
      <h1 id="billing-title">Billing</h1>
      <article className="panel" aria-labelledby="balance-title">
        <h2 id="balance-title">Balance</h2>
        {balance.isPending && <Loading what="the balance" />}
        <ErrorNote error={balance.error} action="Balance" />
        {balance.data && (
          <dl className="figures">
            <div>
              <dt>Available</dt>
              <dd className="big" data-testid="available">
                {formatMicrousd(balance.data.availableMicrousd)}
              </dd>
            </div>
            <div>
              <dt>Posted</dt>
              <dd>{formatMicrousd(balance.data.postedMicrousd)}</dd>
            </div>
            <div>
              <dt>Held by running work</dt>
              <dd>{formatMicrousd(balance.data.heldMicrousd)}</dd>
            </div>
            <div>
              <dt>State</dt>
              <dd>{stateWords[balance.data.state]}</dd>
            </div>
            <div>
              <dt>Next expiry</dt>
              <dd>{balance.data.nextExpiryAt ? formatDate(balance.data.nextExpiryAt) : "none"}</dd>
            </div>
          </dl>
        )}
      </article>
      {!manages && <p className="muted">Only owners and admins add credit.</p>}
      <form onSubmit={submit} className="panel" hidden={!manages}>
        <h2>Top up (local mode)</h2>
        <p className="hint">
          Adds credit without a payment, on a server in local mode or without a payment processor.
        </p>
        <label htmlFor="amount">Amount in dollars</label>
        <input
          id="amount"
          inputMode="decimal"
          value={amount}
          aria-invalid={micro === null || micro <= 0}
          aria-describedby="amount-hint"
          onChange={(e) => setAmount(e.target.value)}
        />
        <small id="amount-hint" className="hint">
          {micro === null || micro <= 0
            ? "Type an amount such as 10 or 12.50."
            : `Adds ${formatMicrousd(micro)}.`}
        </small>
        <button
          type="submit"
          className="primary"
          disabled={topUp.isPending || micro === null || micro <= 0}
        >
          Add credit
        </button>
        {topUp.isSuccess && <p role="status">Credit added.</p>}
        <ErrorNote error={topUp.error} action="Could not top up" />
      </form>
      {manages && <Checkout slug={slug} />}
      <Receipts slug={slug} />
      <Ledger slug={slug} />
    </section>
  );
}
