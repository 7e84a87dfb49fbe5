import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createClient } from "../src/index.js";

/**
 * The web dashboard uses this SDK in the browser with its session cookie: no API key, the
 * fetch's `credentials` passed through, and nothing that only Node has.
 */
describe("session (cookie) mode", () => {
  it("sends no authorization and passes credentials to every request", async () => {
    const seen: Request[] = [];
    const gp = createClient({
      baseUrl: "http://api.test",
      credentials: "include",
      maxRetries: 0,
      fetch: async (input) => {
        seen.push(input as Request);
        return Response.json({ data: [], nextCursor: null });
      },
    });
    for await (const _ of gp.workspaces.list()) break;
    await gp.credits.topUp("acme", {
      amountMicrousd: 1_000_000,
      idempotencyKey: undefined as never,
    });
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.headers.get("authorization")).toBeNull();
      expect(request.credentials).toBe("include");
    }
    // The idempotency key is drawn from Web Crypto when the caller gives none.
    const body = JSON.parse(await (seen[1] as Request).text()) as { idempotencyKey: string };
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("imports no Node built-in, so a bundler can ship it to browsers", () => {
    const dir = join(import.meta.dirname, "../src");
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".ts"),
    );
    for (const file of files)
      expect(readFileSync(join(dir, file), "utf8"), file).not.toMatch(/from "node:/);
  });
});
