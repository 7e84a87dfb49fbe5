import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_BODY_LIMIT_BYTES: "2048" } });
  cookie = await t.signIn("envelope@example.com");
});
afterAll(() => t.close());

function expectEnvelope(response: { body: any; headers: Headers }, code: string) {
  expect(Object.keys(response.body)).toEqual(["error"]);
  expect(response.body.error.code).toBe(code);
  expect(typeof response.body.error.message).toBe("string");
  expect(response.body.error.requestId).toBe(response.headers.get("x-request-id"));
  for (const key of Object.keys(response.body.error)) {
    expect(["code", "message", "details", "requestId"]).toContain(key);
  }
}

describe("the error envelope", () => {
  it("wraps an unknown route as 404 not_found", async () => {
    const response = await t.request("GET", "/api/v1/nothing-here");
    expect(response.status).toBe(404);
    expectEnvelope(response, "not_found");
  });

  it("wraps a route outside the API as 404 not_found", async () => {
    const response = await t.request("GET", "/");
    expect(response.status).toBe(404);
    expectEnvelope(response, "not_found");
  });

  it("wraps a wrong method as 405 method_not_allowed", async () => {
    const response = await t.request("PATCH", "/api/v1/health");
    expect(response.status).toBe(405);
    expectEnvelope(response, "method_not_allowed");
  });

  it("wraps malformed JSON as 400 invalid_request naming the body", async () => {
    const response = await t.request("POST", "/api/v1/workspaces", {
      cookie,
      rawBody: '{"brand": ',
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expectEnvelope(response, "invalid_request");
    expect(response.body.error.details.fields).toEqual([
      { field: "body", rule: "json", message: "The body is not valid JSON." },
    ]);
  });

  it("wraps a non-JSON content type as 415 unsupported_media_type", async () => {
    const response = await t.request("POST", "/api/v1/workspaces", {
      cookie,
      rawBody: "brand=acme",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expectEnvelope(response, "unsupported_media_type");
  });

  it("wraps an oversized body as 413 payload_too_large", async () => {
    const response = await t.request("POST", "/api/v1/workspaces", {
      cookie,
      body: { brand: "x".repeat(4096) },
    });
    expect(response.status).toBe(413);
    expectEnvelope(response, "payload_too_large");
  });

  it("echoes a well-formed X-Request-Id and replaces a malformed one", async () => {
    const echoed = await t.request("GET", "/api/v1/nothing", {
      headers: { "x-request-id": "trace-1234567890" },
    });
    expect(echoed.headers.get("x-request-id")).toBe("trace-1234567890");
    expect(echoed.body).toMatchObject({ error: { requestId: "trace-1234567890" } });
    const replaced = await t.request("GET", "/api/v1/nothing", {
      headers: { "x-request-id": "bad id!" },
    });
    expect(replaced.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("checks credentials before reading the body", async () => {
    const response = await t.request("POST", "/api/v1/workspaces", {
      rawBody: "{broken",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(401);
    expectEnvelope(response, "unauthenticated");
  });
});
