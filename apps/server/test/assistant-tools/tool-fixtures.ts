import type { Scope } from "@geopulse/api-types";
import type { Principal } from "../../src/http/principal.js";
import type { WorkspaceOperation } from "../../src/services/operation.js";
import type { TestServer } from "../harness/test-server.js";

/** A real WorkspaceOperation on the test server's context, as a handler would build it. */
export async function operationFor(
  t: TestServer,
  slug: string,
  as: { scopes?: Scope[] } = {},
): Promise<WorkspaceOperation> {
  const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const principal: Principal = as.scopes
    ? {
        kind: "api_key",
        keyId: "key_tools_test",
        workspaceId: workspace.id,
        workspaceSlug: slug,
        scopes: as.scopes,
        prefix: "abcd",
        last4: "wxyz",
        role: "owner",
      }
    : { kind: "session", sessionId: "ses_tools_test", userId: "usr_tools_test", email: "t@x.test" };
  return {
    ctx: t.server.ctx,
    principal,
    requestId: "req_tools_test",
    workspace: { id: workspace.id, slug, role: as.scopes ? null : "owner" },
  };
}

/** Row counts of every table of the database (public schema). */
export async function tableCounts(t: TestServer): Promise<Record<string, number>> {
  const prisma = t.server.ctx.prisma;
  const tables = await prisma.$queryRawUnsafe<Array<{ name: string }>>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await prisma.$queryRawUnsafe<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM "${name}"`,
    );
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

/**
 * Every number a summary states is one the data holds (a value, or a list's
 * length): dates and ids must appear in the data as they are, percentages as
 * shares.
 */
export function unsupportedSummaryNumbers(summary: string, data: unknown): string[] {
  const text = JSON.stringify(data);
  const numbers: number[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "number") numbers.push(value);
    else if (Array.isArray(value)) {
      numbers.push(value.length);
      value.forEach(walk);
    } else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(data);
  const missing: string[] = [];
  let rest = summary;
  // Ids, days and host names (a digit in `g2.com` is no stated number) must be the data's.
  const tokens =
    /\b[a-z]{3}_[0-9A-Z]{26}\b|\d{4}-\d{2}-\d{2}|\b[a-z0-9-]*[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+/gi;
  for (const token of summary.match(tokens) ?? []) {
    if (!text.includes(token)) missing.push(token);
    rest = rest.replace(token, " ");
  }
  for (const match of rest.matchAll(/(\d+(?:\.\d+)?)(%)?/g)) {
    const stated = Number(match[1]);
    const found = match[2]
      ? numbers.some((n) => Math.abs(n * 100 - stated) < 0.051)
      : numbers.some((n) => n === stated);
    if (!found) missing.push(match[0]);
  }
  return missing;
}
