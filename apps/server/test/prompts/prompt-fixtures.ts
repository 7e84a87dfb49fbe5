import { expect } from "vitest";
import type { TestServer } from "../harness/test-server.js";
import { type Caller, call } from "../workspace-config/config-fixtures.js";

export { type Caller, call, expectError, fieldsOf } from "../workspace-config/config-fixtures.js";

export const prompt = (text: string, extra: Record<string, unknown> = {}) => ({
  text,
  category: "discovery",
  language: "en",
  ...extra,
});

export async function createPrompt(
  t: TestServer,
  caller: Caller,
  slug: string,
  body: Record<string, unknown>,
): Promise<any> {
  const response = await call(t, caller, "POST", slug, "/prompts", body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** Imports `count` prompts `${label} n` (JSON), active unless told otherwise. */
export async function importMany(
  t: TestServer,
  caller: Caller,
  slug: string,
  count: number,
  label: string,
  extra: Record<string, unknown> = {},
): Promise<any> {
  const prompts = Array.from({ length: count }, (_, i) => prompt(`${label} ${i}`, extra));
  const response = await call(t, caller, "POST", slug, "/prompts/import", { prompts });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

export function importCsv(t: TestServer, caller: Caller, slug: string, csv: string) {
  return t.request<any>("POST", `/api/v1/workspaces/${slug}/prompts/import`, {
    ...caller,
    rawBody: csv,
    headers: { "content-type": "text/csv" },
  });
}

export async function activeCount(t: TestServer, slug: string): Promise<number> {
  return t.server.ctx.prisma.prompt.count({ where: { workspace: { slug }, active: true } });
}

export async function promptCount(t: TestServer, slug: string): Promise<number> {
  return t.server.ctx.prisma.prompt.count({ where: { workspace: { slug } } });
}
