import type { Page } from "./render-page.js";

/** The scope values of the contract (components.schemas.Scope.enum), in its order. */
export function contractScopes(document: Record<string, unknown>): string[] {
  const schemas = (document as { components?: { schemas?: { Scope?: { enum?: string[] } } } })
    .components?.schemas;
  return [...(schemas?.Scope?.enum ?? [])];
}

/**
 * The verification page of the device flow: the person signs in if needed,
 * enters (or receives) the user code, sees which client asked for which
 * scopes, picks a workspace and approves or denies. Every scope of the contract
 * is listed (static markup from the contract, checked against a plain pattern):
 * the ones the device asked for are ticked and listed first, any other can be
 * ticked to grant it, and any can be unticked. Everything shown that came from
 * a request is set with textContent, never parsed as HTML.
 */
export function devicePage(scopes: readonly string[]): Page {
  const boxes = scopes
    .filter((scope) => /^[a-z]+:[a-z]+$/.test(scope))
    .map((scope) => `<label><input type="checkbox" value="${scope}"> ${scope}<br></label>`)
    .join("");
  return {
    title: "Approve a device — GEO Pulse",
    body: `<h1>Approve a device</h1>
<section id="signin" hidden><p>Sign in to continue.</p>
<form id="signin-form"><input id="email" type="email" required placeholder="you@example.com" autocomplete="email"> <button>Sign in</button></form></section>
<section id="lookup" hidden><form id="code-form"><label>Code shown by your device <input id="code" required autocomplete="off" size="12"></label> <button>Continue</button></form></section>
<section id="decide" hidden><p><b id="client"></b> asks for access. The key gets the ticked scopes.</p>
<p>Asked for:</p><div id="asked"></div>
<p>Also grant:</p><div id="more">${boxes}</div>
<p><label>Workspace <select id="workspace"></select></label></p>
<button id="approve">Approve</button> <button id="deny">Deny</button></section>
<p id="status"></p>`,
    script,
  };
}

const script = `(() => {
  const $ = (id) => document.getElementById(id);
  const say = (text) => { $("status").textContent = text; };
  const api = async (method, path, body) => {
    const response = await fetch(path, { method, credentials: "same-origin",
      headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error((data.error && data.error.message) || response.statusText);
    return data;
  };
  let code = new URLSearchParams(location.search).get("user_code") || "";
  const boxes = () => [...document.querySelectorAll("#asked input, #more input")];
  const showDecision = async () => {
    const request = await api("GET", "/api/v1/device-authorizations/" + encodeURIComponent(code));
    if (request.status !== "pending") { say("This request is " + request.status + "."); return; }
    $("client").textContent = request.clientName || "A device";
    const asked = request.requestedScopes.length ? request.requestedScopes : ["workspace:read"];
    for (const box of boxes()) {
      box.checked = asked.includes(box.value);
      (box.checked ? $("asked") : $("more")).append(box.parentElement);
    }
    const workspaces = await api("GET", "/api/v1/workspaces?limit=100");
    $("workspace").replaceChildren(...workspaces.data.map((w) => {
      const option = document.createElement("option"); option.value = w.slug; option.textContent = w.displayName + " (" + w.slug + ")";
      return option; }));
    $("lookup").hidden = true; $("decide").hidden = false; say("");
  };
  const decide = async (approve) => {
    try {
      const path = "/api/v1/device-authorizations/" + encodeURIComponent(code) + (approve ? "/approve" : "/deny");
      const scopes = boxes().filter((box) => box.checked).map((box) => box.value);
      if (approve && scopes.length === 0) { say("Tick at least one scope."); return; }
      await api("POST", path, approve ? { workspace: $("workspace").value, scopes } : undefined);
      $("decide").hidden = true;
      say(approve ? "Approved. You can return to your device." : "Denied.");
    } catch (error) { say(error.message); }
  };
  $("approve").onclick = () => decide(true);
  $("deny").onclick = () => decide(false);
  $("code-form").onsubmit = (event) => { event.preventDefault(); code = $("code").value; showDecision().catch((e) => say(e.message)); };
  $("signin-form").onsubmit = async (event) => {
    event.preventDefault();
    try {
      const result = await api("POST", "/api/v1/auth/sessions", { email: $("email").value });
      if (result.status === "signed_in") location.reload(); else say("Check your email for a sign-in link, then reopen this page.");
    } catch (error) { say(error.message); }
  };
  api("GET", "/api/v1/me").then(() => {
    if (code) { $("code").value = code; showDecision().catch((e) => { $("lookup").hidden = false; say(e.message); }); }
    else $("lookup").hidden = false;
  }, () => { $("signin").hidden = false; });
})();`;
