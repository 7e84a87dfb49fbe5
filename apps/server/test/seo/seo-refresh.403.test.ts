import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../connections/connection-fixture.js";
import { type SeoFixture, startSeoFixture } from "./seo-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-403");
});
afterAll(() => f.close());

describe("SEO refresh routes: 403 and the scopes they take", () => {
  it("starts with runs:write and reads with metrics:read", async () => {
    const reader = await f.t.mintKey(f.cookie, f.slug, ["metrics:read"]);
    const writer = await f.t.mintKey(f.cookie, f.slug, ["runs:write"]);
    expectError(await f.refresh({}, f.slug, { bearer: reader.secret }), 403, "insufficient_scope");
    const started = await f.refresh({}, f.slug, { bearer: writer.secret });
    expect(started.status, started.text).toBe(202);
    const path = `/api/v1/workspaces/${f.slug}/seo/refreshes`;
    expectError(
      await f.t.request("GET", path, { bearer: writer.secret }),
      403,
      "insufficient_scope",
    );
    const list = await f.t.request<any>("GET", path, { bearer: reader.secret });
    expect(list.status).toBe(200);
    const one = await f.t.request<any>("GET", `${path}/${started.body.refreshId}`, {
      bearer: reader.secret,
    });
    expect(one.body.refreshId).toBe(started.body.refreshId);
  });
});
