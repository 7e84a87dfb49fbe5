import type { TestResponse, TestServer } from "../../harness/test-server.js";

export interface EstimateFixture {
  t: TestServer;
  cookie: string;
  slug: string;
  estimate(query: string, auth?: { bearer?: string; cookie?: string }): Promise<TestResponse<any>>;
}

/** A signed-in owner and one workspace on `t`, for `GET .../run-estimate`. */
export async function startEstimateFixture(t: TestServer, brand: string): Promise<EstimateFixture> {
  const cookie = await t.signIn(`${brand}@example.com`);
  const slug = await t.createWorkspace(cookie, { brand });
  return {
    t,
    cookie,
    slug,
    estimate: (query, auth = { cookie }) =>
      t.request("GET", `/api/v1/workspaces/${slug}/run-estimate${query}`, auth),
  };
}
