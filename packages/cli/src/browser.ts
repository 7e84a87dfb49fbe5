import type { Io } from "./context.js";

/** Opens the browser only for a person at a terminal: stdin and stdout TTYs, not CI, no --no-browser. */
export function shouldOpenBrowser(io: Io, browserAllowed: boolean): boolean {
  return browserAllowed && Boolean(io.stdout.isTTY) && Boolean(io.stdinIsTTY) && !io.env.CI;
}

/** Opens a URL with the platform's opener (the `open` package); fails quietly when none. */
export async function openInBrowser(url: string): Promise<void> {
  const { default: open } = await import("open");
  const child = await open(url);
  child.on("error", () => {});
  child.unref();
}
