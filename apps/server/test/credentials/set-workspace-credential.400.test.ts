import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CredentialFixture, startCredentialFixture } from "./credential-fixture.js";

let f: CredentialFixture;
beforeAll(async () => {
  f = await startCredentialFixture("set-400");
});
afterAll(() => f.t.close());

describe("POST /api/v1/workspaces/{workspace}/credentials (invalid)", () => {
  it.each([
    ["a connector with a colon", { connector: "open:ai", key: "k", value: "v" }, "body.connector"],
    ["a key with a slash", { connector: "openai", key: "a/b", value: "v" }, "body.key"],
    ["an empty value", { connector: "openai", key: "k", value: "" }, "body.value"],
    ["a missing value", { connector: "openai", key: "k" }, "body.value"],
    ["an extra field", { connector: "openai", key: "k", value: "v", note: 1 }, "body.note"],
  ])("rejects %s with 400 and stores nothing", async (_name, body, field) => {
    const response = await f.set(body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
    expect(response.body.error.details.fields).toContainEqual(expect.objectContaining({ field }));
    expect(await f.t.server.ctx.prisma.storedCredential.count()).toBe(0);
  });

  it("does not echo a value that is too long", async () => {
    const value = `sk-${"q".repeat(8200)}`;
    const response = await f.set({ connector: "openai", key: "k", value });
    expect(response.status).toBe(400);
    expect(response.text).not.toContain("qqqqqqqqqq");
    expect(f.t.logs.join("")).not.toContain("qqqqqqqqqq");
  });
});
