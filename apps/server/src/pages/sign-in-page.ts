import type { Page } from "./render-page.js";

/**
 * The page a sign-in link opens. The token travels in the URL fragment, so it
 * never reaches a server log; the script posts it to the verify route, which
 * sets the session cookie.
 */
export const signInPage: Page = {
  title: "Sign in to GEO Pulse",
  body: '<h1>Signing in to GEO Pulse</h1><p id="status">Checking your link…</p>',
  script: `(async () => {
  const status = document.getElementById("status");
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  history.replaceState(null, "", location.pathname);
  if (!token) { status.textContent = "This link has no sign-in token."; return; }
  const response = await fetch("/api/v1/auth/sessions/verify", {
    method: "POST",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ token }),
  });
  const body = await response.json().catch(() => ({}));
  status.textContent = response.ok
    ? "Signed in as " + body.user.email + ". You can close this tab."
    : (body.error && body.error.message) || "Sign-in failed.";
})();`,
};
