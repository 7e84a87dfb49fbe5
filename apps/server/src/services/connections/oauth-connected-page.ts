import escapeHtml from "escape-html";

const providerNames = { search_console: "Search Console", analytics: "Google Analytics 4" };

export interface OAuthConnectedPageOptions {
  workspace: string;
  connected: Array<{ provider: keyof typeof providerNames; property: string | null }>;
}

export interface OAuthFailedPageOptions {
  /** The error's code and message (the message may quote the error code Google sent: escaped like everything here). */
  code: string;
  message: string;
  requestId: string;
  /** The workspace the flow was started for, when the state was valid. */
  workspace: string | undefined;
}

/** The page around a body: every caller escapes what it puts in. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}

const connectionsLink = (workspace: string, query: string) =>
  `/w/${encodeURIComponent(workspace)}/connections?${query}`;

/**
 * The page Google's redirect ends on: what was connected, to which workspace. Every value is
 * escaped (properties and slugs are ours, but nothing reaches this markup unescaped).
 */
export function oauthConnectedPage({ workspace, connected }: OAuthConnectedPageOptions): string {
  const items = connected
    .map(
      (c) =>
        `<li>${escapeHtml(providerNames[c.provider])}: <code>${escapeHtml(c.property ?? "")}</code></li>`,
    )
    .join("");
  return page(
    "Connected to Google",
    `<h1>Connected to Google</h1><p>Workspace <strong>${escapeHtml(workspace)}</strong> now uses your Google authorization for:</p>` +
      `<ul>${items}</ul><p>Test the connections from the dashboard or with <code>geopulse connections test</code>. You can close this window.</p>` +
      `<p><a href="${escapeHtml(connectionsLink(workspace, "connected=1"))}">Back to the connections in the dashboard</a></p>`,
  );
}

/** The page a browser gets for the callback's 400: the refusal in words and the way back. */
export function oauthFailedPage({
  code,
  message,
  requestId,
  workspace,
}: OAuthFailedPageOptions): string {
  const back = workspace
    ? `<a href="${escapeHtml(connectionsLink(workspace, `connected=0&reason=${encodeURIComponent(code)}`))}">Back to the connections in the dashboard</a>`
    : '<a href="/">Back to the dashboard</a>';
  return page(
    "Not connected to Google",
    `<h1>Not connected to Google</h1><p>${escapeHtml(message)}</p><p>${back}</p>` +
      `<p><small>Error <code>${escapeHtml(code)}</code>, request <code>${escapeHtml(requestId)}</code>.</small></p>`,
  );
}
