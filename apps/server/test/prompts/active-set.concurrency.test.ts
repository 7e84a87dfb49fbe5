import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { activeCount, call, importMany, prompt } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("race-owner@example.com");
});
afterAll(() => t.close());

const inactiveIds = async (slug: string): Promise<string[]> =>
  (await call(t, { cookie }, "GET", slug, "/prompts?active=false&limit=100")).body.data.map(
    (p: any) => p.promptId,
  );
const activate = (slug: string, id: string) =>
  call(t, { cookie }, "PATCH", slug, `/prompts/${id}`, { active: true });

describe("the active set, concurrently", () => {
  it("20 simultaneous activations with room for 5: exactly 5 succeed", async () => {
    const slug = await t.createWorkspace(cookie, { brand: "race-activate", activeSetSize: 20 });
    await importMany(t, { cookie }, slug, 15, "active");
    const inactive = await importMany(t, { cookie }, slug, 20, "inactive", { active: false });
    expect(inactive).toEqual({ created: 20, skipped: 0, deactivated: 0, errors: 0 });
    const ids = await inactiveIds(slug);
    expect(ids).toHaveLength(20);
    const responses = await Promise.all(ids.map((id) => activate(slug, id)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of responses.filter((r) => r.status === 409)) {
      expect(r.body.error.code).toBe("active_set_full");
    }
    expect(await activeCount(t, slug)).toBe(20);

    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t, { cookie }, "POST", slug, "/prompts", prompt(`late ${i}`)),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(10).fill(409));
    expect(await activeCount(t, slug)).toBe(20);
  });

  it("a lower activeSetSize racing activations never leaves more active than the size", async () => {
    const slug = await t.createWorkspace(cookie, { brand: "race-lower", activeSetSize: 22 });
    await importMany(t, { cookie }, slug, 20, "active");
    await importMany(t, { cookie }, slug, 6, "inactive", { active: false });
    const [lowered, ...activations] = await Promise.all([
      call(t, { cookie }, "PATCH", slug, "/settings", { activeSetSize: 20 }),
      ...(await inactiveIds(slug)).map((id) => activate(slug, id)),
    ]);
    const size = (await call(t, { cookie }, "GET", slug, "/settings")).body.activeSetSize;
    const succeeded = activations.filter((r) => r.status === 200).length;
    if (lowered?.status === 200) {
      expect(size).toBe(20);
      expect(succeeded).toBe(0);
    } else {
      expect(lowered?.body.error.code).toBe("active_set_too_small");
      expect(size).toBe(22);
      expect(succeeded).toBeGreaterThan(0);
      expect(succeeded).toBeLessThanOrEqual(2);
    }
    expect(await activeCount(t, slug)).toBe(20 + succeeded);
  });
});
