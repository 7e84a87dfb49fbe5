import { expect } from "vitest";
import type { TestServer } from "../harness/test-server.js";
import { runAndWait, runAnswers } from "../metrics/metrics-fixtures.js";
import { seedPrompts } from "../runs/run-fixtures.js";
import { call, competitor } from "../workspace-config/config-fixtures.js";

/**
 * A workspace whose simulated truth has a competitor outrank the brand: the
 * simulated engine mentions each entity with a default rate derived from its
 * name (`defaultMentionRate`): `hooli` 0.17, `Stark` 0.75, `Globex` 0.69.
 */
export async function outrankedWorkspace(
  t: TestServer,
  cookie: string,
  extra: Record<string, unknown> = {},
  prompts = 20,
): Promise<string> {
  const slug = await t.createWorkspace(cookie, {
    brand: "hooli",
    displayName: "hooli",
    domains: ["hooli.com"],
    languages: ["en"],
    competitors: [competitor("Stark"), competitor("Globex")],
    ...extra,
  });
  await seedPrompts(t, slug, prompts);
  return slug;
}

export { runAndWait, runAnswers };

/** POST .../recommendations/derive that must succeed; returns its body. */
export async function derive(t: TestServer, cookie: string, slug: string): Promise<any> {
  const response = await call(t, { cookie }, "POST", slug, "/recommendations/derive");
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Every recommendation of a workspace through the API (newest first). */
export async function allRecommendations(t: TestServer, cookie: string, slug: string) {
  const out: any[] = [];
  let cursor: string | undefined;
  do {
    const page = await call(
      t,
      { cookie },
      "GET",
      slug,
      `/recommendations?limit=100${cursor ? `&cursor=${cursor}` : ""}`,
    );
    expect(page.status, page.text).toBe(200);
    out.push(...page.body.data);
    cursor = page.body.nextCursor ?? undefined;
  } while (cursor);
  return out;
}
