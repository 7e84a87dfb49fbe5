import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe("GET /api/v1/health", () => {
  it("answers 200 with a database check, without authentication", async () => {
    const response = await t.request("GET", "/api/v1/health");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: "ok",
      database: { status: "ok", kind: process.env.DATABASE_URL ? "postgres" : "pglite" },
      version: "1.0.0",
    });
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("ignores credentials on a public route", async () => {
    const response = await t.request("GET", "/api/v1/health", { bearer: "not-a-key" });
    expect(response.status).toBe(200);
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("serves the contract with the workspace creation operation at version 1.0.0", async () => {
    const response = await t.request<any>("GET", "/api/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe("3.1.0");
    expect(response.body.info.version).toBe("1.0.0");
    expect(response.body.paths["/api/v1/workspaces"].post.operationId).toBe(
      "createWorkspaceService",
    );
  });
});
