import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

/**
 * The operation that runs is the one authenticate matched and authorized. Routing is exact,
 * in the contract's operation index and in Express alike: case-sensitive, no trailing slash,
 * percent-encoded characters decoded only inside a parameter. A path in another case, with a
 * trailing slash, or with an encoded literal never reaches another operation's handler (before:
 * `GET …/prompts/ACTIVE-SET` was authorized as getPrompt but ran getActivePromptSet, and
 * `GET /api/v1/HEALTH` reached a handler no authorization had run for: 500).
 */
let t: TestServer;
let slug: string;
let reader: string;
beforeAll(async () => {
  t = await startTestServer();
  const cookie = await t.signIn("routing@example.com");
  slug = await t.createWorkspace(cookie, { brand: "routing" });
  reader = (await t.mintKey(cookie, slug, ["prompts:read", "workspace:read"])).secret;
});
afterAll(() => t?.close());

const get = (path: string) => t.request<any>("GET", path, { bearer: reader });
/** The route the request log names for the request (the operation authenticate matched). */
const loggedRoute = (requestId: string) =>
  t.logs
    .map((line) => JSON.parse(line))
    .find((entry) => entry.req?.requestId === requestId && entry.res)?.req.route;

describe("routing is exact and runs the authorized operation", () => {
  it("a literal segment in another case is a parameter of its sibling, never the literal's handler", async () => {
    const exact = await get(`/api/v1/workspaces/${slug}/prompts/active-set`);
    expect(exact.status).toBe(200);
    expect(exact.body).toHaveProperty("activeSetSize");
    const other = await get(`/api/v1/workspaces/${slug}/prompts/ACTIVE-SET`);
    // Authorized as getPrompt and run as getPrompt: no prompt has that id.
    expect(other.status, other.text).toBe(404);
    expect(other.body.error).toMatchObject({ code: "not_found", message: "Prompt not found." });
    expect(loggedRoute(other.body.error.requestId)).toBe(
      "/api/v1/workspaces/{workspace}/prompts/{promptId}",
    );
  });

  it.each([
    "/api/v1/HEALTH",
    "/API/v1/health",
    "/api/v1/health/",
    "/api/v1/workspaces/routing/Credentials",
    "/api/v1/workspaces/routing/prompts/active-set/",
    "/api/v1/workspaces/routing/",
    "/api/v1/Workspaces/routing",
  ])("GET %s is not found (404 with the envelope, no handler ran)", async (path) => {
    const response = await get(path);
    expect(response.status, response.text).toBe(404);
    expect(response.body.error.code).toBe("not_found");
    expect(response.body.error.requestId).toMatch(/^req_/);
  });

  it("a literal segment sent percent-encoded is a parameter value, decoded, of the parameter's operation", async () => {
    const encoded = await get(`/api/v1/workspaces/${slug}/prompts/%61ctive-set`);
    expect(encoded.status, encoded.text).toBe(404);
    expect(encoded.body.error.message).toBe("Prompt not found.");
    expect(loggedRoute(encoded.body.error.requestId)).toBe(
      "/api/v1/workspaces/{workspace}/prompts/{promptId}",
    );
  });

  it("a session-only action in another case does not run unauthenticated", async () => {
    const response = await t.request<any>(
      "POST",
      "/api/v1/device-authorizations/ABCD-EFGH/APPROVE",
      { body: { workspace: slug } },
    );
    expect(response.status, response.text).toBe(404);
    expect(response.body.error.code).toBe("not_found");
  });
});
