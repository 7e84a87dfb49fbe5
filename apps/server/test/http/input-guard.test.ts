import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestResponse, TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("guard@example.com");
  slug = await t.createWorkspace(cookie, { brand: "guard" });
});

const nul = "must not contain the NUL character (U+0000)";
const surrogate = "must not contain a lone UTF-16 surrogate";

function expectInvalid(response: TestResponse<any>, fields: Array<[string, string]>) {
  expect(response.status, response.text).toBe(400);
  expect(response.body.error.code).toBe("invalid_request");
  expect(response.body.error.requestId).toBe(response.headers.get("x-request-id"));
  const named = response.body.error.details.fields.map((f: any) => [f.field, f.rule]);
  for (const field of fields) expect(named).toContainEqual(field);
}

const json = (rawBody: string) => ({
  cookie,
  rawBody,
  headers: { "content-type": "application/json" },
});

describe("text the database cannot store", () => {
  it.each([
    ["prompts/%00", "path.promptId"],
    ["competitors/a%00b", "path.competitorId"],
    ["members/%00", "path.memberId"],
  ])("refuses NUL in a path parameter (%s)", async (rest, field) => {
    const method = rest.startsWith("members") ? "DELETE" : "GET";
    const response = await t.request(method, `/api/v1/workspaces/${slug}/${rest}`, { cookie });
    expectInvalid(response, [[field, "text"]]);
    expect(response.body.error.details.fields[0].message).toBe(nul);
  });

  it("refuses a path parameter that is not percent-encoded UTF-8", async () => {
    const response = await t.request("GET", `/api/v1/workspaces/${slug}/prompts/%ED%A0%80`, {
      cookie,
    });
    expectInvalid(response, [["path.promptId", "encoding"]]);
  });

  it("refuses NUL in a query value and in a query name", async () => {
    expectInvalid(
      await t.request("GET", `/api/v1/workspaces/${slug}/prompts?tag=a%00b`, { cookie }),
      [["query.tag", "text"]],
    );
    expectInvalid(await t.request("GET", `/api/v1/workspaces/${slug}/prompts?%00=1`, { cookie }), [
      ["query.\uFFFD", "text"],
    ]);
  });

  it("refuses NUL and lone surrogates anywhere in a JSON body, keys included", async () => {
    const response = await t.request(
      "POST",
      `/api/v1/workspaces/${slug}/prompts`,
      json(
        '{"text":"hello there","category":"discovery","language":"en","tags":["ok","b\\u0000"],"k\\u0000":1}',
      ),
    );
    expectInvalid(response, [
      ["body.tags[1]", "text"],
      ["body.k\uFFFD", "text"],
    ]);
  });

  it("refuses a lone surrogate in a JSON string", async () => {
    const response = await t.request(
      "PUT",
      `/api/v1/workspaces/${slug}/profile`,
      json('{"category":"x\\udfffy"}'),
    );
    expectInvalid(response, [["body.category", "text"]]);
    const field = response.body.error.details.fields.find((f: any) => f.field === "body.category");
    expect(field.message).toBe(surrogate);
  });

  it("refuses an API key name of NUL", async () => {
    const response = await t.request(
      "POST",
      `/api/v1/workspaces/${slug}/api-keys`,
      json('{"name":"\\u0000","scopes":["workspace:read"]}'),
    );
    expectInvalid(response, [["body.name", "text"]]);
  });

  it("refuses NUL in an imported CSV file, naming the line", async () => {
    const response = await t.request("POST", `/api/v1/workspaces/${slug}/prompts/import`, {
      cookie,
      rawBody: "text,category,language\nhello there,discovery,en\nhel\u0000lo,discovery,en\n",
      headers: { "content-type": "text/csv" },
    });
    expectInvalid(response, [["body", "text"]]);
    expect(response.body.error.details.fields[0].message).toBe(`${nul} (line 3)`);
  });

  it("keeps a bad workspace segment indistinguishable: 404 workspace_not_found", async () => {
    const response = await t.request("GET", "/api/v1/workspaces/gu%00ard/prompts", { cookie });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("workspace_not_found");
  });

  it("checks credentials first: 401 before any input rule", async () => {
    const response = await t.request("GET", `/api/v1/workspaces/${slug}/prompts/%00`);
    expect(response.status).toBe(401);
  });

  it("still stores ordinary non-ASCII text", async () => {
    const response = await t.request("POST", `/api/v1/workspaces/${slug}/prompts`, {
      cookie,
      body: { text: "¿Qué café 🍵 es mejor?", category: "discovery", language: "es" },
    });
    expect(response.status, response.text).toBe(201);
  });
});

describe("deeply nested JSON", () => {
  it("answers a 10,000-level body with 400 depth, and keeps serving", async () => {
    for (const body of [
      "[".repeat(10_000) + "]".repeat(10_000),
      `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`,
    ]) {
      const response = await t.request("PUT", `/api/v1/workspaces/${slug}/profile`, json(body));
      expectInvalid(response, [["body", "depth"]]);
    }
    expect((await t.request("GET", "/api/v1/health")).status).toBe(200);
  });
});

describe("integer query parameters", () => {
  const lists = ["members", "api-keys", "runs", "credits/usage", "research", "prompts"];
  it.each(
    lists.flatMap((list) =>
      [
        "Infinity",
        "-Infinity",
        "1e400",
        "1e3",
        "NaN",
        "1.5",
        "-0",
        "0x10",
        " 5",
        "99999999999999999999",
      ].map((value) => [list, value] as const),
    ),
  )("%s?limit=%s answers 400 naming query.limit", async (list, value) => {
    const response = await t.request(
      "GET",
      `/api/v1/workspaces/${slug}/${list}?limit=${encodeURIComponent(value)}`,
      { cookie },
    );
    expectInvalid(response, [["query.limit", "type"]]);
  });

  it("still accepts an integer in bounds and refuses one out of bounds", async () => {
    expect(
      (await t.request("GET", `/api/v1/workspaces/${slug}/runs?limit=5`, { cookie })).status,
    ).toBe(200);
    expectInvalid(await t.request("GET", `/api/v1/workspaces/${slug}/runs?limit=0`, { cookie }), [
      ["query.limit", "minimum"],
    ]);
  });
});

describe("number query parameters", () => {
  // Found by the long fuzz: minScore=1e400 became Infinity, skipped maximum and answered 500.
  it.each(["Infinity", "1e400", "1e-400", "NaN", "0x1", " 0.5", "1e0", "."])(
    "seo/queries?minScore=%s answers 400 naming query.minScore",
    async (value) => {
      const response = await t.request(
        "GET",
        `/api/v1/workspaces/${slug}/seo/queries?minScore=${encodeURIComponent(value)}`,
        { cookie },
      );
      expectInvalid(response, [["query.minScore", "type"]]);
    },
  );

  it("still accepts a decimal in bounds and refuses one out of bounds", async () => {
    const query = (value: string) =>
      t.request("GET", `/api/v1/workspaces/${slug}/seo/queries?minScore=${value}`, { cookie });
    expect((await query("0.75")).status).not.toBe(400);
    expectInvalid(await query("1.5"), [["query.minScore", "maximum"]]);
  });
});

describe("bodies on operations that take none", () => {
  it("are left unread, however large", async () => {
    const response = await t.request("GET", `/api/v1/workspaces/${slug}/run-schedule`, {
      cookie,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(200);
    const deleted = await t.request("DELETE", `/api/v1/workspaces/${slug}/run-schedule`, {
      cookie,
      rawBody: "x".repeat(3_000_000),
      headers: { "content-type": "application/json" },
    });
    expect(deleted.status).toBe(204);
  });
});
