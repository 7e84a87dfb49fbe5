import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RunningServer } from "@geopulse/server";
import { startServerOnCopy } from "@geopulse/server/test-support";
import { inject } from "vitest";
import type { Io } from "../src/index.js";

export const binPath = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

export interface TestApi {
  server: RunningServer;
  url: string;
  cookie: string;
  slug: string;
  post(path: string, body: unknown): Promise<{ status: number; body: any }>;
  /** A durable API key made with the session (create + acknowledge), of `slug` or the workspace. */
  createKey(scopes: string[], slug?: string): Promise<string>;
  /** Active manual prompts stored in the workspace as they are (no API rules on their text). */
  seedPrompts(prompts: { id: string; text: string }[]): Promise<void>;
}

/** A valid workspace creation body for `brand` (two competitors, all discovery). */
export function workspaceBody(brand: string, displayName = `${brand} Test`) {
  return {
    brand,
    displayName,
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
  };
}

/**
 * The real server on a copy of the run's database snapshot, a signed-in person and one
 * workspace; `env` adds to the server's environment (e.g. where Google's endpoints are).
 */
export async function startTestApi(
  brand: string,
  env: Record<string, string> = {},
): Promise<TestApi> {
  const server = await startServerOnCopy(inject("databaseSnapshot"), { env });
  let cookie = "";
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { response, status: response.status, body: (await response.json()) as any };
  };
  const signIn = await post("/api/v1/auth/sessions", { email: `${brand}@example.com` });
  cookie = signIn.response.headers.get("set-cookie")?.split(";")[0] ?? "";
  const workspace = await post("/api/v1/workspaces", workspaceBody(brand));
  if (workspace.status !== 201) throw new Error(`workspace: ${JSON.stringify(workspace.body)}`);
  const slug = workspace.body.slug as string;
  return {
    server,
    url: server.url,
    cookie,
    slug,
    post,
    async createKey(scopes, of = slug) {
      const key = await post(`/api/v1/workspaces/${of}/api-keys`, { name: "cli-test", scopes });
      await post(`/api/v1/workspaces/${of}/api-keys/${key.body.keyId}`, {
        action: "acknowledge",
        deliveryId: key.body.deliveryId,
      });
      return key.body.secret as string;
    },
    async seedPrompts(prompts) {
      const prisma = server.ctx.prisma;
      const { id: workspaceId } = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
      const now = new Date();
      await prisma.prompt.createMany({
        data: prompts.map(({ id, text }) => ({
          id,
          workspaceId,
          text,
          textKey: text.toLowerCase(),
          category: "discovery",
          language: "en",
          tags: [],
          active: true,
          source: "manual",
          createdAt: now,
          updatedAt: now,
        })),
      });
    },
  };
}

const tempDirs: string[] = [];
/** A fresh directory under the system temp dir; removeTempDirs() deletes them all. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "geopulse-cli-"));
  tempDirs.push(dir);
  return dir;
}
export async function removeTempDirs(): Promise<void> {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export interface MemoryIo extends Io {
  out(): string;
  err(): string;
}

/** An Io that records stdout and stderr, never sleeps, and has no real environment. */
export function memoryIo(
  env: Record<string, string | undefined>,
  extra: Partial<Io> = {},
): MemoryIo {
  let out = "";
  let err = "";
  return {
    stdout: { write: (chunk: string) => (out += chunk) },
    stderr: { write: (chunk: string) => (err += chunk) },
    env,
    sleep: async () => {},
    ...extra,
    out: () => out,
    err: () => err,
  };
}

export interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built binary as a child process; `onStderr` sees stderr as it arrives. */
export function runBin(
  args: string[],
  env: Record<string, string>,
  onStderr?: (soFar: string) => void,
): Promise<ChildResult> {
  const { GEOPULSE_API_KEY: _key, GEOPULSE_BASE_URL: _url, ...inherited } = process.env;
  const child = spawn(process.execPath, [binPath, ...args], {
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    onStderr?.(stderr);
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
