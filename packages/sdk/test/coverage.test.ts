import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type GeoPulse, sdkOperations } from "../src/index.js";
import { FakeApi } from "./fake-api.js";

/**
 * The SDK covers the contract: every operation an API key can call (or that
 * needs no credentials) has a method, and each method sends its operation.
 */
interface Operation {
  operationId: string;
  method: string;
  path: string;
  security?: Record<string, string[]>[];
}
const contractPath = createRequire(import.meta.url).resolve("@geopulse/api-types/openapi.json");
const contract = JSON.parse(readFileSync(contractPath, "utf8")) as {
  paths: Record<string, Record<string, Omit<Operation, "method" | "path">>>;
};
const notForClients = new Set(["receiveStripeWebhook", "postMcpMessage"]);
const keyCallable: Operation[] = Object.entries(contract.paths).flatMap(([path, item]) =>
  ["get", "post", "put", "patch", "delete"].flatMap((method) => {
    const op = item[method];
    if (!op || notForClients.has(op.operationId)) return [];
    const security = op.security ?? [];
    const allowsKey = security.length === 0 || security.some((r) => "apiKey" in r);
    return allowsKey ? [{ ...op, method: method.toUpperCase(), path }] : [];
  }),
);

type Method = (...args: unknown[]) => unknown;
const methodsOf = (gp: GeoPulse) =>
  Object.entries(sdkOperations).flatMap(([namespace, methods]) =>
    Object.entries(methods).map(([name, spec]) => ({
      namespace,
      name,
      spec,
      fn: (gp as unknown as Record<string, Record<string, Method>>)[namespace]?.[name],
    })),
  );

let api: FakeApi;
beforeAll(async () => {
  api = await new FakeApi().start();
});
afterAll(() => api.stop());

/** Sends one call of a method with placeholder arguments; the request the fake API saw. */
async function callOnce(fn: Method, pathParams: readonly string[], paginated: boolean) {
  api.seen.length = 0;
  api.fallback = { status: 200, body: paginated ? { data: [], nextCursor: null } : {} };
  const args: unknown[] = pathParams.map((name) => `${name}-1`);
  const result = fn(...args, paginated ? { limit: 5 } : undefined);
  if (paginated) for await (const _ of result as AsyncIterable<unknown>);
  else await result;
  expect(api.seen).toHaveLength(1);
  return api.seen[0];
}

describe("SDK coverage of the contract", () => {
  const gp = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k" });
  const methods = methodsOf(gp);

  it("has a method for every operation an API key can call", () => {
    expect(keyCallable.length).toBeGreaterThan(50);
    const covered = new Set(methods.map((m) => m.spec.operationId));
    const missing = keyCallable.map((op) => op.operationId).filter((id) => !covered.has(id));
    expect(missing).toEqual([]);
    for (const m of methods) expect(typeof m.fn, `${m.namespace}.${m.name}`).toBe("function");
  });

  it("sends each operation's method and path from its method", async () => {
    const client = createClient({ baseUrl: api.url, apiKey: "k", maxRetries: 0 });
    for (const op of keyCallable) {
      const entry = methodsOf(client).find((m) => m.spec.operationId === op.operationId);
      if (!entry?.fn) throw new Error(`no SDK method for ${op.operationId}`);
      const seen = await callOnce(entry.fn, entry.spec.pathParams, entry.spec.paginated);
      const expected = op.path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}-1`);
      expect(`${seen?.method} ${seen?.path.split("?")[0]}`, op.operationId).toBe(
        `${op.method} ${expected}`,
      );
      if (entry.spec.paginated) expect(seen?.path, op.operationId).toContain("limit=5");
      if (entry.spec.idempotencyKey) {
        expect(JSON.parse(seen?.body ?? "{}").idempotencyKey, op.operationId).toBeTypeOf("string");
      }
    }
  });

  it("keeps the hand-written shortcuts on their operations", async () => {
    const client = createClient({ baseUrl: api.url, apiKey: "k", maxRetries: 0 });
    const shortcuts: [Method, string[], boolean, string][] = [
      [client.me as Method, [], false, "GET /api/v1/me"],
      [client.metrics.scoreboard as Method, ["w"], false, "GET /api/v1/workspaces/w/scoreboard"],
      [
        client.metrics.timeseries as Method,
        ["w"],
        false,
        "GET /api/v1/workspaces/w/metrics/timeseries",
      ],
      [client.credits.balance as Method, ["w"], false, "GET /api/v1/workspaces/w/credits/balance"],
      [client.credits.usage as Method, ["w"], false, "GET /api/v1/workspaces/w/credits/usage"],
      [
        client.runs.responses as Method,
        ["w", "r"],
        true,
        "GET /api/v1/workspaces/w/runs/r/responses",
      ],
      [
        client.deviceAuthorizations.exchange as Method,
        ["c"],
        false,
        "POST /api/v1/device-authorizations/c/token",
      ],
    ];
    for (const [fn, args, paginated, expected] of shortcuts) {
      api.seen.length = 0;
      api.fallback = { status: 200, body: paginated ? { data: [], nextCursor: null } : {} };
      const result = fn(...args);
      if (paginated) for await (const _ of result as AsyncIterable<unknown>);
      else await result;
      expect(`${api.seen[0]?.method} ${api.seen[0]?.path.split("?")[0]}`).toBe(expected);
    }
    api.seen.length = 0;
    await client.chat.send("w", "t", { content: "q" });
    expect(`${api.seen[0]?.method} ${api.seen[0]?.path}`).toBe(
      "POST /api/v1/workspaces/w/chat/threads/t/messages",
    );
    expect(api.seen[0]?.headers["idempotency-key"]).toBeTypeOf("string");
    api.seen.length = 0;
    await client.prompts.importCsv("w", "text,category\nq,brand\n");
    expect(api.seen[0]).toMatchObject({ method: "POST", body: "text,category\nq,brand\n" });
    expect(api.seen[0]?.headers["content-type"]).toBe("text/csv");
  });
});
