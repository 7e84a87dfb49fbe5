import type { TestServer } from "../harness/test-server.js";
import { untilWorkspaceChange } from "../harness/workspace-changes.js";

/** Adds free credit by hand (local mode), so a test can afford 250,000 micro-USD per call. */
export async function topUp(t: TestServer, slug: string, cookie: string, amountMicrousd: number) {
  const response = await t.request<any>("POST", `/api/v1/workspaces/${slug}/credits/top-up`, {
    cookie,
    body: { amountMicrousd, idempotencyKey: `top-up-${slug}-${amountMicrousd}-${Math.random()}` },
  });
  if (response.status >= 300) throw new Error(`top-up failed: ${response.text}`);
}

/** Waits until a generation or research job has finished (the queue works in real time). */
export async function waitForFinish(
  t: TestServer,
  path: string,
  cookie: string,
  timeoutMs = 60_000,
): Promise<any> {
  let last = "";
  return untilWorkspaceChange(
    t.server.ctx.db,
    async () => {
      const response = await t.request<any>("GET", path, { cookie });
      last = response.text;
      return response.body?.finishedAt ? response.body : undefined;
    },
    timeoutMs,
  ).catch((error: unknown) => {
    throw new Error(`${path} did not finish: ${last}`, { cause: error });
  });
}

export async function balanceOf(t: TestServer, slug: string, cookie: string) {
  return (await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, { cookie }))
    .body as { postedMicrousd: number; heldMicrousd: number };
}

export async function suggestionsOf(t: TestServer, slug: string, cookie: string, query = "") {
  const all: any[] = [];
  let cursor: string | null = null;
  do {
    const qs: string = `limit=100${query ? `&${query}` : ""}${cursor ? `&cursor=${cursor}` : ""}`;
    const page = await t.request<any>(
      "GET",
      `/api/v1/workspaces/${slug}/prompt-suggestions?${qs}`,
      {
        cookie,
      },
    );
    if (page.status !== 200) throw new Error(page.text);
    all.push(...page.body.data);
    cursor = page.body.nextCursor;
  } while (cursor);
  return all;
}
