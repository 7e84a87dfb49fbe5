import type { APIRequestContext } from "playwright-core";
import { expect } from "vitest";
import { initialDraft, toRequest, type WorkspaceDraft } from "../../src/workspace-form.js";

/**
 * The browser journeys' setup through the API, with the browser context's own cookies (so the
 * session the setup signs in is the one the pages then use). Any status of 300 or more fails
 * the test with the answer's body.
 */
export function apiCalls(request: APIRequestContext, baseUrl: string) {
  // The answers are read as the test needs them (JSON of any operation).
  const checked = async (
    path: string,
    answer: ReturnType<APIRequestContext["get"]>,
  ): Promise<any> => {
    const response = await answer;
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  return {
    post: (path: string, data: unknown = {}) =>
      checked(path, request.post(`${baseUrl}/api/v1${path}`, { data })),
    get: (path: string) => checked(path, request.get(`${baseUrl}/api/v1${path}`)),
  };
}
export type ApiCalls = ReturnType<typeof apiCalls>;

export interface WorkspaceSetup {
  email: string;
  slug: string;
  displayName: string;
  /** Fields of the creation form to change (properties, domains …). */
  draft?: Partial<WorkspaceDraft>;
  /** Credit topped up (local mode's mock top-up), micro-USD. */
  creditMicrousd?: number;
}

/** Signs in, creates the workspace with two competitors (Globex, Initech) and tops up credit. */
export async function signedInWorkspace(api: ApiCalls, setup: WorkspaceSetup): Promise<void> {
  await api.post("/auth/sessions", { email: setup.email });
  const draft: WorkspaceDraft = {
    ...initialDraft(),
    brand: setup.slug,
    displayName: setup.displayName,
    domains: `${setup.slug}.com`,
    gscProperty: `sc-domain:${setup.slug}.com`,
    ga4Property: "123456789",
    competitors: [
      { name: "Globex", domains: "globex.com", aliases: "Globex", ambiguous: false },
      { name: "Initech", domains: "initech.io", aliases: "Initech", ambiguous: false },
    ],
    ...setup.draft,
  };
  await api.post("/workspaces", toRequest(draft));
  await api.post(`/workspaces/${setup.slug}/credits/top-up`, {
    amountMicrousd: setup.creditMicrousd ?? 25_000_000,
    idempotencyKey: `${setup.slug}-top-up`,
  });
}

/** Starts a smoke run and waits until it has ended with answers. */
export async function finishedSmokeRun(api: ApiCalls, slug: string): Promise<{ runId: string }> {
  const run = await api.post(`/workspaces/${slug}/runs`, { preset: "smoke" });
  await expect
    .poll(async () => (await api.get(`/workspaces/${slug}/runs/${run.runId}`)).status, {
      timeout: 30_000,
      interval: 500,
    })
    .toMatch(/succeeded|partial/);
  return run;
}

export const measuredPrompts = ["best analytics tool for startups", "Acme vs Globex analytics"];

/** A signed-in workspace with two prompts and a finished smoke run. */
export async function measuredWorkspace(
  api: ApiCalls,
  setup: WorkspaceSetup,
): Promise<{ runId: string }> {
  await signedInWorkspace(api, setup);
  for (const text of measuredPrompts)
    await api.post(`/workspaces/${setup.slug}/prompts`, {
      text,
      category: "discovery",
      language: "en",
    });
  return finishedSmokeRun(api, setup.slug);
}
