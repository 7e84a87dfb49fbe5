import type { RunningServer } from "@geopulse/server";
import { startServerOnCopy } from "@geopulse/server/test-support";
import { inject } from "vitest";

export interface RealServer {
  server: RunningServer;
  slug: string;
  /** An acknowledged API key of the workspace with these scopes. */
  secret: string;
}

/**
 * The real server on a copy of the run's database snapshot, one workspace (brand `brand`) and a
 * key with `scopes`.
 */
export async function startRealServer(brand: string, scopes: string[]): Promise<RealServer> {
  const server = await startServerOnCopy(inject("databaseSnapshot"));
  const call = async (path: string, body: unknown, cookie?: string) => {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { response, body: (await response.json()) as any };
  };
  const signIn = await call("/api/v1/auth/sessions", { email: `${brand}@example.com` });
  const cookie = signIn.response.headers.get("set-cookie")?.split(";")[0] ?? "";
  const workspace = await call(
    "/api/v1/workspaces",
    {
      brand,
      displayName: `${brand.toUpperCase()} Test`,
      domains: [`${brand}.dev`],
      languages: ["en"],
      regions: [],
      competitors: [
        { name: "Alpha", domains: ["alpha.dev"], aliases: ["Alpha"], ambiguous: false },
        { name: "Beta", domains: ["beta.dev"], aliases: ["Beta"], ambiguous: false },
      ],
      gscProperty: `sc-domain:${brand}.dev`,
      ga4Property: "123456",
      activeSetSize: 20,
      complianceProfile: "none",
      quotas: {
        discovery: 1,
        problem_solution: 0,
        use_case: 0,
        comparison: 0,
        expert: 0,
        brand_research: 0,
      },
    },
    cookie,
  );
  const slug = workspace.body.slug as string;
  const key = await call(`/api/v1/workspaces/${slug}/api-keys`, { name: brand, scopes }, cookie);
  await call(
    `/api/v1/workspaces/${slug}/api-keys/${key.body.keyId}`,
    { action: "acknowledge", deliveryId: key.body.deliveryId },
    cookie,
  );
  return { server, slug, secret: key.body.secret as string };
}
