import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClient } from "../src/index.js";

/**
 * The web dashboard uses this SDK in the browser with its session cookie: no API key, the
 * fetch's `credentials` passed through, and nothing that only Node has.
 */
afterEach(() => {
  vi.unstubAllGlobals();
});

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

  it("calls fetch unbound, as a browser's fetch requires", async () => {
    // A browser's fetch throws "Illegal invocation" unless `this` is the window (or unset).
    function browserLikeFetch(this: unknown, _input: RequestInfo | URL): Promise<Response> {
      if (this !== undefined && this !== globalThis) throw new TypeError("Illegal invocation");
      return Promise.resolve(Response.json({ principal: "session", user: null, apiKey: null }));
    }
    const gp = createClient({
      baseUrl: "http://api.test",
      fetch: browserLikeFetch as typeof fetch,
    });
    await expect(gp.me()).resolves.toMatchObject({ principal: "session" });
  });

  it("draws keys without crypto.randomUUID, which browsers lack outside secure contexts", async () => {
    // A page over plain http on a LAN address has getRandomValues but no randomUUID.
    const webCrypto = globalThis.crypto;
    vi.stubGlobal("crypto", {
      getRandomValues: (bytes: Uint8Array) => webCrypto.getRandomValues(bytes),
    });
    const seen: Request[] = [];
    const gp = createClient({
      baseUrl: "http://api.test",
      maxRetries: 0,
      fetch: async (input) => {
        seen.push(input as Request);
        return Response.json({});
      },
    });
    const stream = gp.chat.stream("acme", "cht_1", { content: "hi" });
    await gp.credits.topUp("acme", { amountMicrousd: 1, idempotencyKey: undefined as never });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(stream.idempotencyKey).toMatch(uuid);
    const body = JSON.parse(await (seen[0] as Request).text()) as { idempotencyKey: string };
    expect(body.idempotencyKey).toMatch(uuid);
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
