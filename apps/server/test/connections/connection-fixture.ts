import { expect } from "vitest";
import { FakeGoogle } from "../fakes/google/fake-google.js";
import {
  type TestServiceAccount,
  testServiceAccount,
} from "../fakes/google/test-service-account.js";
import { startTestServer, type TestResponse, type TestServer } from "../harness/test-server.js";

/** Who calls: the owner's session, or an API key's secret. */
export type Caller = { cookie: string } | { bearer: string };

export const GSC_PROPERTY = "sc-domain:acme.com";
export const GA4_PROPERTY = "123456789";

/**
 * A test server pointed at a fake Google, a signed-in owner, one workspace whose Search
 * Console site and GA4 property are shared with the service account, and that account's key
 * stored as a `google_service_account` credential.
 */
export interface ConnectionFixture {
  t: TestServer;
  google: FakeGoogle;
  account: TestServiceAccount;
  cookie: string;
  slug: string;
  owner: Caller;
  /** The id of the stored service-account key. */
  credentialId: string;
  storeCredential(key: string, value: string, kind?: string): Promise<TestResponse<any>>;
  list(caller?: Caller, slug?: string): Promise<TestResponse<any>>;
  configure(body: unknown, caller?: Caller, slug?: string): Promise<TestResponse<any>>;
  test(provider: string, caller?: Caller, slug?: string): Promise<TestResponse<any>>;
  disconnect(provider: string, caller?: Caller, slug?: string): Promise<TestResponse<any>>;
  close(): Promise<void>;
}

let sharedAccount: TestServiceAccount | undefined;
/** One key pair per test file: generating RSA keys is slow. */
export function account(): TestServiceAccount {
  sharedAccount ??= testServiceAccount();
  return sharedAccount;
}

export async function startConnectionFixture(brand: string): Promise<ConnectionFixture> {
  const google = await new FakeGoogle().start();
  const sa = account();
  google.oauth.addServiceAccount({ clientEmail: sa.clientEmail, publicKeyPem: sa.publicKeyPem });
  google.searchConsole.addSite(GSC_PROPERTY, [sa.clientEmail]);
  google.analytics.addProperty(GA4_PROPERTY, [sa.clientEmail]);
  const t = await startTestServer({ env: google.env });
  const cookie = await t.signIn(`owner@${brand}.example.com`);
  const slug = await t.createWorkspace(cookie, {
    brand,
    gscProperty: GSC_PROPERTY,
    ga4Property: GA4_PROPERTY,
  });
  const owner = { cookie };
  const path = (s: string, rest: string) => `/api/v1/workspaces/${s}/connections${rest}`;
  const storeCredential = (key: string, value: string, kind = "google_service_account") =>
    t.request("POST", `/api/v1/workspaces/${slug}/credentials`, {
      cookie,
      body: { connector: "google", key, value, kind },
    });
  const stored = await storeCredential("service-account", sa.keyFile);
  expect(stored.status).toBe(201);
  return {
    t,
    google,
    account: sa,
    cookie,
    slug,
    owner,
    credentialId: stored.body.id,
    storeCredential,
    list: (caller = owner, s = slug) => t.request("GET", path(s, ""), caller),
    configure: (body, caller = owner, s = slug) =>
      t.request("POST", path(s, "/configure"), { ...caller, body }),
    test: (provider, caller = owner, s = slug) =>
      t.request("POST", path(s, `/${provider}/test`), caller),
    disconnect: (provider, caller = owner, s = slug) =>
      t.request("DELETE", path(s, `/${provider}`), caller),
    close: async () => {
      await t.close();
      await google.close();
    },
  };
}

/** Configures both providers with the fixture's key. */
export async function configureBoth(f: ConnectionFixture): Promise<TestResponse<any>> {
  const response = await f.configure({
    search_console: { credentialId: f.credentialId },
    analytics: { credentialId: f.credentialId },
  });
  expect(response.status).toBe(200);
  return response;
}

export function expectError(response: TestResponse<any>, status: number, code: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.body.error.code).toBe(code);
  expect(response.body.error.requestId).toMatch(/^req_/);
}
