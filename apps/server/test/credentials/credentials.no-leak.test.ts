import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestResponse } from "../harness/test-server.js";
import { type CredentialFixture, startCredentialFixture, tableText } from "./credential-fixture.js";

let f: CredentialFixture;
beforeAll(async () => {
  f = await startCredentialFixture("no-leak");
});
afterAll(() => f.t.close());

/** A recognisable secret whose hidden middle must appear nowhere but in reveal. */
const canary = () => `sk-CANARY${randomBytes(12).toString("hex")}-tail`;
const middle = (value: string) => value.slice(3, -4);

describe("a credential's value leaves the server only through reveal", () => {
  it("appears in no other response, no stored column and no log line", async () => {
    const [first, second, third] = [canary(), canary(), canary()];
    const { secret } = await f.t.mintKey(f.cookie, f.slug, ["connections:read"]);
    const others: TestResponse[] = [];
    const call = async (
      method: string,
      path: string,
      options: { body?: unknown; bearer?: string } = {},
    ) => {
      const response = await f.t.request(method, `${f.base}${path}`, {
        ...(options.bearer ? { bearer: options.bearer } : { cookie: f.cookie }),
        ...(options.body ? { body: options.body } : {}),
      });
      others.push(response);
      return response;
    };

    expect(
      (await call("POST", "", { body: { connector: "openai", key: "api_key", value: first } }))
        .status,
    ).toBe(201);
    expect(
      (await call("POST", "", { body: { connector: "openai", key: "api_key", value: second } }))
        .status,
    ).toBe(409);
    expect(
      (
        await call("POST", "", {
          body: { connector: "openai", key: "api_key", value: second, rotate: true },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call("POST", "", { body: { connector: "gemini", key: "api_key", value: third } }))
        .status,
    ).toBe(201);
    expect((await call("GET", "")).status).toBe(200);
    expect((await call("GET", "", { bearer: secret })).status).toBe(200);
    expect((await call("POST", "/openai/api_key/reveal", { bearer: secret })).status).toBe(403);
    expect((await call("DELETE", "/gemini/api_key")).status).toBe(204);

    const revealed = await f.reveal("openai", "api_key");
    expect(revealed.status).toBe(200);
    expect(revealed.body.value).toBe(second);

    const db = `${await tableText(f.t, "stored_credentials")}\n${await tableText(f.t, "audit_events")}`;
    expect(db).toContain("credential.reveal");
    const logs = f.t.logs.join("");
    expect(logs.length).toBeGreaterThan(0);
    for (const value of [first, second, third]) {
      for (const response of others) {
        expect(response.text).not.toContain(middle(value));
        expect(response.headers.get("location") ?? "").not.toContain(middle(value));
      }
      expect(db).not.toContain(middle(value));
      expect(logs).not.toContain(middle(value));
    }
  });
});
