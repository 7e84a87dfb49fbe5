import type { Scope } from "@geopulse/api-types";
import { expect } from "vitest";
import type { TestServer } from "./test-server.js";

/** A workspace read: its path for a slug, and the one scope a key needs for it. */
export interface WorkspaceRead {
  path: (slug: string) => string;
  scope: Scope;
}

/** A key with another scope is refused (403 naming the scope); one with it reads (200). */
export async function expectScopeNeeded(
  t: TestServer,
  read: WorkspaceRead,
  owner: { cookie: string; slug: string; otherScope: Scope },
): Promise<void> {
  const denied = (await t.mintKey(owner.cookie, owner.slug, [owner.otherScope])).secret;
  const allowed = (await t.mintKey(owner.cookie, owner.slug, [read.scope])).secret;
  const refused = await t.request<any>("GET", read.path(owner.slug), { bearer: denied });
  expect(refused.status).toBe(403);
  expect(refused.body.error.details.requiredScope).toBe(read.scope);
  expect((await t.request("GET", read.path(owner.slug), { bearer: allowed })).status).toBe(200);
}

/**
 * Another account sees `slug` as missing (404 `workspace_not_found`, as a workspace that does
 * not exist), by session and by a key of its own workspace holding the read's scope.
 */
export async function expectHiddenFromStrangers(
  t: TestServer,
  read: WorkspaceRead,
  options: { slug: string; stranger: { cookie: string; slug: string } },
): Promise<void> {
  for (const slug of [options.slug, "no-such-workspace"]) {
    const response = await t.request<any>("GET", read.path(slug), {
      cookie: options.stranger.cookie,
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("workspace_not_found");
  }
  const key = (await t.mintKey(options.stranger.cookie, options.stranger.slug, [read.scope]))
    .secret;
  expect((await t.request("GET", read.path(options.slug), { bearer: key })).status).toBe(404);
}
