import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe("structured logs", () => {
  it("carry the request id on every request line and never a cookie, key or token", async () => {
    const cookie = await t.signIn("logs@example.com");
    const cookieValue = cookie.split("=")[1] ?? "";
    const key = `gp_live_${"Z".repeat(43)}`;
    await t.request("GET", "/api/v1/me", { cookie });
    await t.request("GET", "/api/v1/me", { bearer: key });
    await t.request("POST", `/api/v1/invitations/${"s".repeat(40)}/accept`, { cookie });
    const lines = t.logs.map((line) => JSON.parse(line));
    const requestLines = lines.filter((line) => line.req);
    expect(requestLines.length).toBeGreaterThan(3);
    for (const line of requestLines) expect(line.req.requestId).toMatch(/^req_/);
    const all = t.logs.join("\n");
    expect(all).not.toContain(cookieValue.split(".")[0]);
    expect(all).not.toContain(key);
    expect(all).not.toContain("s".repeat(40));
    expect(all).toContain("/api/v1/invitations/{token}/accept");
  });
});
