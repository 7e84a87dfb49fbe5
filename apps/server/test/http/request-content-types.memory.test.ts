import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

/**
 * Memory does not grow with the Content-Type strings clients send (issue 26): the
 * response validator (GEO_VALIDATE_RESPONSES, on in tests) kept its compiled
 * validators by operation and request Content-Type, so every new string compiled
 * the operation's response schemas again and kept them (~30 KB a string, the
 * contract fuzz's main growth). Heap after a full collection, before and after
 * 100 requests with 100 new media types.
 */
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
  cookie = await t.signIn("types@example.com");
});
afterAll(() => t.close());

const listWorkspaces = (contentType: string) =>
  t.request("GET", "/api/v1/workspaces", { cookie, headers: { "content-type": contentType } });

async function heapAfter(from: number, count: number): Promise<number> {
  for (let i = from; i < from + count; i++) {
    expect((await listWorkspaces(`application/x-fuzz-${i}`)).status).toBe(200);
  }
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe("request Content-Type strings", () => {
  it("100 new ones keep the heap within 2 MB", async () => {
    const before = await heapAfter(0, 20);
    const after = await heapAfter(20, 100);
    expect((after - before) / 1_048_576).toBeLessThan(2);
  }, 300_000);
});
