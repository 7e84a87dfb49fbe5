import escapeHtml from "escape-html";

const providerNames = { search_console: "Search Console", analytics: "Google Analytics 4" };

export interface OAuthConnectedPageOptions {
  workspace: string;
  connected: Array<{ provider: keyof typeof providerNames; property: string | null }>;
}

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
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Connected to Google</title></head>' +
    `<body><h1>Connected to Google</h1><p>Workspace <strong>${escapeHtml(workspace)}</strong> now uses your Google authorization for:</p>` +
    `<ul>${items}</ul><p>Test the connections from the dashboard or with <code>geopulse connections test</code>. You can close this window.</p>` +
    `<p><a href="/w/${encodeURIComponent(workspace)}/connections?connected=1">Back to the connections in the dashboard</a></p></body></html>`
  );
}
