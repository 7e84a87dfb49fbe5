import { expect } from "vitest";
import type { TestResponse, TestServer } from "../harness/test-server.js";

export function expectError(response: TestResponse<any>, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body.error.code).toBe(code);
}

/** The `details.fields[].field` names of a 400 invalid_request. */
export function fieldsOf(response: TestResponse<any>): string[] {
  expect(response.status, response.text).toBe(400);
  expect(response.body.error.code).toBe("invalid_request");
  return response.body.error.details.fields.map((field: { field: string }) => field.field);
}

export interface Caller {
  cookie?: string;
  bearer?: string;
}

/** A request to `/api/v1/workspaces/{slug}{path}` as `caller`. */
export function call(
  t: TestServer,
  caller: Caller,
  method: string,
  slug: string,
  path: string,
  body?: unknown,
) {
  return t.request<any>(method, `/api/v1/workspaces/${slug}${path}`, {
    ...caller,
    ...(body === undefined ? {} : { body }),
  });
}

export const competitor = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  domains: [`${name.toLowerCase().replace(/[^a-z0-9]/g, "")}.com`],
  aliases: [name],
  ambiguous: false,
  ...extra,
});

/** Audit events of a workspace with this action. */
export async function auditOf(t: TestServer, slug: string, action: string) {
  return t.server.ctx.prisma.auditEvent.findMany({
    where: { action, workspaceId: (await workspaceIdOf(t, slug)) ?? "none" },
    orderBy: { id: "asc" },
  });
}

export async function workspaceIdOf(t: TestServer, slug: string): Promise<string | undefined> {
  const row = await t.server.ctx.prisma.workspace.findUnique({ where: { slug } });
  return row?.id;
}
