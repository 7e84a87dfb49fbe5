import type { Context, Io } from "./context.js";

/** Opens the browser only for a person at a terminal: stdin and stdout TTYs, not CI, no --no-browser. */
export function shouldOpenBrowser(io: Io, browserAllowed: boolean): boolean {
  return browserAllowed && Boolean(io.stdout.isTTY) && Boolean(io.stdinIsTTY) && !io.env.CI;
}

const loopback = (host: string): boolean =>
  host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * Whether a URL the server sent may be opened: `http:` or `https:` on the
 * origin of the base URL the CLI talks to (on this machine, `localhost`,
 * `127.0.0.1` and `[::1]` at the same scheme and port are one origin). Anything
 * else (another host, a `file:` or custom scheme a platform opener would run)
 * is only printed.
 */
export function opensOnOrigin(url: string, baseUrl: string): boolean {
  const target = URL.parse(url);
  const base = URL.parse(baseUrl);
  if (!target || !base || (target.protocol !== "http:" && target.protocol !== "https:")) {
    return false;
  }
  if (target.origin === base.origin) return true;
  return (
    target.protocol === base.protocol &&
    target.port === base.port &&
    loopback(target.hostname) &&
    loopback(base.hostname)
  );
}

/**
 * Opens a URL the server sent in the browser (`Io.openBrowser`, default the
 * `open` package) when it is on the base URL's origin; otherwise says why not.
 * Fails quietly when no browser can be started: the URL is printed already.
 */
export async function openServerUrl(ctx: Context, url: string, baseUrl: string): Promise<void> {
  if (!opensOnOrigin(url, baseUrl)) {
    ctx.info(
      `Not opening a browser: ${url} is not on ${URL.parse(baseUrl)?.origin ?? baseUrl}; open it yourself if you trust it.`,
    );
    return;
  }
  ctx.info("Opening your browser…");
  const open = ctx.io.openBrowser ?? openInBrowser;
  await open(url).catch(() => ctx.info("Could not open a browser; open the URL above."));
}

/** Opens a URL with the platform's opener (the `open` package); fails quietly when none. */
async function openInBrowser(url: string): Promise<void> {
  const { default: open } = await import("open");
  const child = await open(url);
  child.on("error", () => {});
  child.unref();
}
