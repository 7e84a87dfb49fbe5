import { unwrap } from "@geopulse/sdk";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { gp, type Schemas } from "./api";

/** The workspace slug of the current route (views under /w/:slug). */
export function useSlug(): string {
  const { slug } = useParams();
  if (!slug) throw new Error("This view needs a workspace in its address.");
  return slug;
}

export const keys = {
  me: ["me"] as const,
  workspaces: ["workspaces"] as const,
  workspace: (slug: string) => ["workspace", slug] as const,
  metrics: (slug: string, surface?: Surface) =>
    (surface ? ["metrics", slug, surface] : ["metrics", slug]) as readonly string[],
  timeseries: (slug: string, from: string, to: string, surface?: Surface) =>
    ["timeseries", slug, from, to, surface ?? "all"] as const,
  window: (slug: string, days: 7 | 28, surface?: Surface) =>
    ["window", slug, days, surface ?? "all"] as const,
  balance: (slug: string) => ["balance", slug] as const,
  runs: (slug: string) => ["runs", slug] as const,
  run: (slug: string, runId: string) => ["run", slug, runId] as const,
  prompts: (slug: string) => ["prompts", slug] as const,
  suggestions: (slug: string) => ["suggestions", slug] as const,
  apiKeys: (slug: string) => ["api-keys", slug] as const,
};

export function useMe() {
  return useQuery({ queryKey: keys.me, queryFn: () => gp.me(), retry: false });
}

export function useWorkspaces(enabled = true) {
  return useQuery({
    queryKey: keys.workspaces,
    enabled,
    queryFn: async () =>
      (await unwrap(gp.raw.GET("/api/v1/workspaces", { params: { query: { limit: 100 } } }))).data,
  });
}

export function useWorkspace(slug: string) {
  return useQuery({ queryKey: keys.workspace(slug), queryFn: () => gp.workspaces.get(slug) });
}

export function useBalance(slug: string) {
  return useQuery({ queryKey: keys.balance(slug), queryFn: () => gp.credits.balance(slug) });
}

/** The first `max` items of one of the SDK's paginated lists (one page when `limit` = max). */
export async function take<T>(items: AsyncIterable<T>, max: number): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}

/** The metrics view, of one surface's answers or (without one) every surface pooled. */
export function useMetrics(slug: string, surface?: Surface) {
  return useQuery({
    queryKey: keys.metrics(slug, surface),
    queryFn: () => gp.metrics.get(slug, surface ? { surface } : {}),
  });
}

type Surface = Schemas["Surface"];

/**
 * Whether the signed-in person is an owner or an admin of the workspace, from its read (the
 * caller's `role`): the server refuses the rest (403 insufficient_role, docs/security.md, Roles),
 * so views hide or disable what a member cannot do. True until the workspace is read.
 */
export function useManages(slug: string): boolean {
  const workspace = useWorkspace(slug);
  return workspace.data?.role !== "member";
}
