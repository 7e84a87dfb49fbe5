import type { Page } from "./render-page.js";

/**
 * Where Stripe Checkout returns the buyer (`success_url`, `cancel_url`):
 * `/workspaces/<slug>/billing?checkout=success&session_id=…` or
 * `?checkout=cancelled`. Credit is added by the webhook, not by this page, so
 * after a payment it polls the workspace's receipts until that session's
 * receipt is settled, then shows the balance. The slug and session id are
 * read in the browser and only ever set with textContent or encoded into API
 * paths; the served markup is the same for every URL.
 */
export const billingPage: Page = {
  title: "Billing — GEO Pulse",
  body: `<h1>Billing</h1>
<section id="signin" hidden><p>Sign in to see this workspace's billing.</p>
<form id="signin-form"><input id="email" type="email" required placeholder="you@example.com" autocomplete="email"> <button>Sign in</button></form></section>
<p id="checkout"></p>
<section id="account" hidden><p>Workspace <b id="workspace"></b>: <span id="balance"></span></p>
<h2>Recent payments</h2><ul id="receipts"></ul></section>
<p id="status"></p>`,
  script: `(() => {
  const $ = (id) => document.getElementById(id);
  const say = (text) => { $("status").textContent = text; };
  const usd = (micro) => "$" + (micro / 1e6).toFixed(2);
  const api = async (path) => {
    const response = await fetch(path, { credentials: "same-origin" });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) { const error = new Error((data.error && data.error.message) || response.statusText); error.status = response.status; throw error; }
    return data;
  };
  const slug = decodeURIComponent(location.pathname.split("/")[2] || "");
  const query = new URLSearchParams(location.search);
  const sessionId = query.get("session_id");
  const base = "/api/v1/workspaces/" + encodeURIComponent(slug);
  if (query.get("checkout") === "cancelled") $("checkout").textContent = "Checkout was cancelled: nothing was charged.";
  const show = async () => {
    const [status, balance] = await Promise.all([api(base + "/billing/status"), api(base + "/credits/balance")]);
    $("workspace").textContent = slug;
    $("balance").textContent = usd(balance.availableMicrousd) + " available";
    $("receipts").replaceChildren(...status.receipts.map((r) => {
      const item = document.createElement("li");
      item.textContent = r.createdAt.slice(0, 10) + " " + usd(r.amountMicrousd) + " " + r.status;
      return item; }));
    $("account").hidden = false;
    return status.receipts.find((r) => r.checkoutSessionId === sessionId);
  };
  const follow = async (attempt) => {
    const receipt = await show();
    if (!sessionId) return;
    if (receipt && receipt.status === "succeeded") { $("checkout").textContent = "Payment received: " + usd(receipt.amountMicrousd) + " added to your credit."; return; }
    if (receipt && receipt.status === "failed") { $("checkout").textContent = "The payment did not complete: nothing was added."; return; }
    if (attempt >= 30) { $("checkout").textContent = "Payment received. Your credit will appear here once the payment is confirmed."; return; }
    $("checkout").textContent = "Payment received. Confirming it…";
    setTimeout(() => follow(attempt + 1).catch((e) => say(e.message)), 2000);
  };
  $("signin-form").onsubmit = async (event) => {
    event.preventDefault();
    try {
      const response = await fetch("/api/v1/auth/sessions", { method: "POST", credentials: "same-origin",
        headers: { "content-type": "application/json" }, body: JSON.stringify({ email: $("email").value }) });
      const result = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error((result.error && result.error.message) || response.statusText);
      if (result.status === "signed_in") location.reload(); else say("Check your email for a sign-in link, then reopen this page.");
    } catch (error) { say(error.message); }
  };
  follow(0).catch((error) => { if (error.status === 401) $("signin").hidden = false; else say(error.message); });
})();`,
};
