import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allOperations, describeOperation, pathFor } from "../harness/operations.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("member@example.com");
  slug = await t.createWorkspace(cookie, { brand: "access" });
});
afterAll(() => t.close());

const protectedOperations = allOperations.filter((operation) => !operation.access.public);
const wellFormedKey = `gp_live_${"A".repeat(43)}`;

describe.each(
  protectedOperations.map((operation) => [describeOperation(operation), operation] as const),
)("%s", (_name, operation) => {
  const call = (options: { cookie?: string; bearer?: string }) =>
    t.request<any>(operation.method.toUpperCase(), pathFor(operation, slug), {
      ...options,
      ...(operation.method === "get" ? {} : { body: {} }),
    });

  it("answers 401 unauthenticated without credentials", async () => {
    const response = await call({});
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("unauthenticated");
  });

  it.each([
    ["a non-key token", "abc"],
    ["a key one character short", `gp_live_${"A".repeat(42)}`],
    ["a key with a wrong prefix", `gp_test_${"A".repeat(43)}`],
    ["a key with a non-base64url character", `gp_live_${"A".repeat(42)}+`],
    ["a well-formed key nobody issued", wellFormedKey],
  ])("answers 401 invalid_key for %s", async (_what, bearer) => {
    // Well-formed unknown keys are limited per address (a bucket refilling one every 30 s).
    if (bearer === wellFormedKey) t.clock.advance(30_000);
    const response = await call({ bearer });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("invalid_key");
  });

  it("answers 400 ambiguous_credentials for a cookie and a key together", async () => {
    const response = await call({ cookie, bearer: wellFormedKey });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("ambiguous_credentials");
  });

  it("answers 401 invalid_session for a tampered cookie", async () => {
    const tampered = `${cookie.slice(0, -2)}${cookie.endsWith("A") ? "BB" : "AA"}`;
    const response = await call({ cookie: tampered });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("invalid_session");
  });
});
