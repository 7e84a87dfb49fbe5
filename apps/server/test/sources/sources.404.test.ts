import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { readSources, seedMeasuredWorkspace } from "./sources-fixture.js";

// Tenant isolation: another account's workspace is indistinguishable from a
// missing one, and one workspace's citations never show in another's reads.
let t: TestServer;
let w: Awaited<ReturnType<typeof seedMeasuredWorkspace>>;
let stranger: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  w = await seedMeasuredWorkspace(t, "sources-private");
  stranger = await t.signIn("sources-stranger@example.com");
  await t.createWorkspace(stranger, { brand: "sources-other" });
}, 120_000);

describe("sources reads of a workspace the caller cannot see", () => {
  it("answer 404 workspace_not_found to another account and for a missing workspace", async () => {
    const top = (await readSources(t, w.slug, "", { cookie: w.cookie })).body.domains[0];
    const key = (await t.mintKey(stranger, "sources-other", ["metrics:read"])).secret;
    for (const path of ["", `/${top.domain}`]) {
      for (const slug of [w.slug, "no-such-workspace"]) {
        const response = await readSources(t, slug, path, { cookie: stranger });
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe("workspace_not_found");
      }
      const byKey = await readSources(t, w.slug, path, { bearer: key });
      expect(byKey.status).toBe(404);
    }
  });

  it("never show one workspace's citations in another's", async () => {
    const top = (await readSources(t, w.slug, "", { cookie: w.cookie })).body.domains[0];
    const list = (await readSources(t, "sources-other", "", { cookie: stranger })).body;
    expect(list).toMatchObject({ domains: [], urls: [], newDomains: [], lostDomains: [] });
    const one = (await readSources(t, "sources-other", `/${top.domain}`, { cookie: stranger }))
      .body;
    expect(one).toMatchObject({ taxonomy: null, prompts: [], urls: [] });
  });
});
