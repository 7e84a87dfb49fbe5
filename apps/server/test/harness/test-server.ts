import { Writable } from "node:stream";
import type { Worker } from "node:worker_threads";
import type { Scope, WorkspaceCreateRequest } from "@geopulse/api-types";
import { type Dispatcher, fetch as undiciFetch } from "undici";
import { ManualClock } from "../../src/clock.js";
import { type Config, loadConfig } from "../../src/config.js";
import type { EmailProvider } from "../../src/email/email-provider.js";
import { providerEnv } from "../../src/engines/connectors/provider-settings.js";
import { createLogger } from "../../src/logger.js";
import { type RunningServer, startServer } from "../../src/server.js";
import type { AssistantToolbox } from "../../src/services/chat/assistant-toolbox.js";
import { sharedContractValidator } from "../../src/test-support/shared-contract-validator.js";
import { testServerEnv } from "../../src/test-support/start-server-on-copy.js";
import { connectToTestDatabase, createTestDatabase } from "./test-database.js";

export interface RequestOptions {
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON). */
  rawBody?: string;
  cookie?: string;
  bearer?: string;
  headers?: Record<string, string>;
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestServer {
  url: string;
  clock: ManualClock;
  server: RunningServer;
  /** The log lines the server wrote, as text: every one, or the latest keptLogLines at least. */
  logs: string[];
  request<T = any>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<TestResponse<T>>;
  /** Signs in (local mode) as `mailbox(email)` and returns the `geo.session=…` cookie pair. */
  signIn(email: string): Promise<string>;
  /** The address `signIn(email)` signs in: `email` itself, or a shared server's per-file copy. */
  mailbox(email: string): string;
  /** Creates a workspace as the signed-in user; returns its slug. */
  createWorkspace(cookie: string, overrides?: Partial<WorkspaceCreateRequest>): Promise<string>;
  /** Creates and acknowledges an API key with exactly these scopes. */
  mintKey(
    cookie: string,
    slug: string,
    scopes: Scope[],
    allowedCidrs?: string[],
  ): Promise<MintedKey>;
  close(): Promise<void>;
}

export interface MintedKey {
  keyId: string;
  secret: string;
  deliveryId: string;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  email?: EmailProvider;
  /** Runs on the same PostgreSQL database as this server, as another process would. */
  shareDatabaseWith?: TestServer;
  /** The chat assistant's tools (tests add tools the registry does not have). */
  assistantToolbox?: AssistantToolbox;
  /** Starts the page content worker thread (a worker that never finishes, for the deadline). */
  startPageContentWorker?: () => Worker;
}

/** The secrets every non-local operator mode requires (test values only). */
export const hostedSecretsEnv: Record<string, string> = {
  GEO_SESSION_SECRET: "s".repeat(40),
  GEO_KEY_PEPPERS: `1:${Buffer.alloc(32, 7).toString("base64")}`,
  GEO_ENCRYPTION_KEYS: `test:${Buffer.alloc(32, 9).toString("base64")}`,
};

export function validWorkspace(
  overrides: Partial<WorkspaceCreateRequest> = {},
): WorkspaceCreateRequest {
  return {
    brand: "acme",
    displayName: "Acme Analytics",
    domains: ["acme.com"],
    languages: ["en", "es"],
    regions: ["us", "eu-west"],
    competitors: [
      { name: "Globex", domains: ["globex.com"], aliases: ["Globex Corp"], ambiguous: false },
      { name: "Initech", domains: ["initech.io"], aliases: ["Initech"], ambiguous: true },
    ],
    gscProperty: "sc-domain:acme.com",
    ga4Property: "123456789",
    activeSetSize: 50,
    complianceProfile: "none",
    quotas: {
      discovery: 0.3,
      problem_solution: 0.2,
      use_case: 0.2,
      comparison: 0.1,
      expert: 0.1,
      brand_research: 0.1,
    },
    ...overrides,
  };
}

/** Log lines a test server keeps at least (at most twice as many): tests read recent ones. */
const keptLogLines = 5_000;

/** The real server on a fresh database, a manual clock, and captured logs. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.shareDatabaseWith
    ? await connectToTestDatabase(options.shareDatabaseWith.server.ctx.db)
    : await createTestDatabase();
  const config: Config = loadConfig({
    // The providers' keys and addresses as this process has them (config reads them at start).
    ...providerEnv(process.env),
    ...testServerEnv,
    GEO_OPERATOR_MODE: "local",
    // Tests read the server's log lines (captured below).
    GEO_LOG_LEVEL: "info",
    GEO_VALIDATE_RESPONSES: "true",
    // Independent of whether apps/web was built; test/http/web-app.test.ts serves a build.
    GEO_WEB_DIR: "/nonexistent/geopulse-web",
    ...options.env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      // A long run (the contract fuzz) must not keep every line: the latest ones are kept.
      if (logs.length >= 2 * keptLogLines) logs.splice(0, logs.length - keptLogLines);
      done();
    },
  });
  const clock = new ManualClock(new Date());
  const server = await startServer({
    config,
    clock,
    db: database.db,
    logger: createLogger("info", sink),
    contractValidator: sharedContractValidator(config.validateResponses),
    ...(options.email ? { email: options.email } : {}),
    ...(options.assistantToolbox ? { assistantToolbox: options.assistantToolbox } : {}),
    ...(options.startPageContentWorker
      ? { startPageContentWorker: options.startPageContentWorker }
      : {}),
  });

  const client = testClient(server.url);
  return {
    url: server.url,
    clock,
    server,
    logs,
    ...client,
    close: async () => {
      await server.close();
      await database.close();
    },
  };
}

export type TestClient = Pick<
  TestServer,
  "request" | "signIn" | "mailbox" | "createWorkspace" | "mintKey"
>;

export interface TestClientOptions {
  /** Sends every request through this dispatcher (a shared server's per-file source address). */
  dispatcher?: Dispatcher;
  /** The mailbox `signIn` signs in for the one a test names (a shared server's per-file users). */
  mailbox?: (email: string) => string;
}

/** Requests to a server at `url`, and the sign-in, workspace and key steps most tests begin with. */
export function testClient(url: string, options: TestClientOptions = {}): TestClient {
  const mailbox = options.mailbox ?? ((email: string) => email);
  const request = async <T>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.bearer !== undefined) headers.authorization = `Bearer ${opts.bearer}`;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] ??= "application/json";
    }
    const init = { method, headers, body };
    const response = options.dispatcher
      ? ((await undiciFetch(`${url}${path}`, {
          ...init,
          dispatcher: options.dispatcher,
        })) as unknown as Response)
      : await fetch(`${url}${path}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  };

  const signIn = async (email: string): Promise<string> => {
    const response = await request("POST", "/api/v1/auth/sessions", {
      body: { email: mailbox(email) },
    });
    if (response.status !== 201) throw new Error(`sign-in failed: ${response.text}`);
    const cookie = response.headers.get("set-cookie")?.split(";")[0];
    if (!cookie) throw new Error("sign-in set no cookie");
    return cookie;
  };

  const createWorkspace = async (
    cookie: string,
    overrides: Partial<WorkspaceCreateRequest> = {},
  ) => {
    const response = await request<{ slug: string }>("POST", "/api/v1/workspaces", {
      cookie,
      body: validWorkspace(overrides),
    });
    if (response.status !== 201) throw new Error(`workspace creation failed: ${response.text}`);
    return response.body.slug;
  };

  const mintKey = async (
    cookie: string,
    slug: string,
    scopes: Scope[],
    allowedCidrs?: string[],
  ): Promise<MintedKey> => {
    const created = await request<MintedKey>("POST", `/api/v1/workspaces/${slug}/api-keys`, {
      cookie,
      body: {
        name: `test key ${scopes.length} scopes`,
        scopes,
        ...(allowedCidrs ? { allowedCidrs } : {}),
      },
    });
    if (created.status !== 201) throw new Error(`key creation failed: ${created.text}`);
    const { keyId, secret, deliveryId } = created.body;
    const acknowledged = await request("POST", `/api/v1/workspaces/${slug}/api-keys/${keyId}`, {
      cookie,
      body: { action: "acknowledge", deliveryId },
    });
    if (acknowledged.status !== 200) throw new Error(`acknowledge failed: ${acknowledged.text}`);
    return { keyId, secret, deliveryId };
  };
  return { request, signIn, mailbox, createWorkspace, mintKey };
}
