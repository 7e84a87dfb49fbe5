import { Agent } from "undici";
import { test as base } from "vitest";
import { startTestServer, type TestServer, testClient } from "./test-server.js";

/**
 * One server per worker process, shared by the test files that need no
 * options, environment or clock of their own (startTestServer() with no
 * arguments); each such file is a tenant of it. Starting a server (OpenAPI
 * validator, pg-boss, first-request warm-up) costs seconds; a worker pays it
 * once instead of once per file.
 *
 * A tenant is kept apart the way real clients are, not by switching limits
 * off: its requests leave from an IPv4 address of its own, in a /24 of its
 * own (127.A.B.1; Linux routes all of 127/8 to loopback), so the per-address
 * sign-in, free-grant and shared-report limits count it alone; and `signIn`
 * signs in the file's own copy of the mailbox a test names (`owner@x` becomes
 * `owner-f7@x`; a hyphen survives the free grant's plus-and-dot
 * normalisation), so users, their workspaces and their per-mailbox limits are
 * the file's alone. `mailbox(email)` names that copy, for tests that send the
 * address in a body.
 *
 * The shared server's clock, logs and database are the worker's: a file that
 * moves the clock, reads every log line or counts rows across workspaces keeps
 * a server of its own.
 *
 *   test.beforeAll(async ({ sharedServer }) => { t = sharedServer; … });
 */
interface Worker {
  server: TestServer;
  tenants: number;
}

export const test = base
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  .extend("sharedWorkerServer", { scope: "worker" }, async ({}, { onCleanup }) => {
    const worker: Worker = { server: await startTestServer(), tenants: 0 };
    onCleanup(() => worker.server.close());
    return worker;
  })
  .extend("sharedServer", { scope: "file" }, async ({ sharedWorkerServer }, { onCleanup }) => {
    const tenant = ++sharedWorkerServer.tenants;
    const agent = new Agent({
      connect: { localAddress: `127.${1 + (tenant >> 8)}.${tenant & 255}.1` },
    });
    onCleanup(() => agent.close());
    const mailbox = (email: string) => email.replace("@", `-f${tenant}@`);
    const shared = sharedWorkerServer.server;
    const view: TestServer = {
      ...shared,
      ...testClient(shared.url, { dispatcher: agent, mailbox }),
      close: () => {
        throw new Error("the shared server outlives the file; its worker closes it");
      },
    };
    return view;
  });
