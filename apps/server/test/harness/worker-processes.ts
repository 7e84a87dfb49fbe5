import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { NODE_FLAGS } from "../../src/node-flags.js";
import { providerEnvNames } from "./provider-env.js";
import { hostedSecretsEnv } from "./test-server.js";

const workerScript = fileURLToPath(new URL("../../dist/worker.js", import.meta.url));

/**
 * Real worker processes (`dist/worker.js`, hosted mode) on a test server's
 * PostgreSQL database, for tests that kill one. The provider variables of the
 * test process are replaced by `providers` while the test runs (the test
 * server reads them too) and restored by `close`.
 */
export class WorkerProcesses {
  private readonly children: ChildProcess[] = [];
  private readonly saved: Record<string, string | undefined> = {};

  constructor(providers: Record<string, string>) {
    if (!existsSync(workerScript))
      throw new Error(`build the server first: ${workerScript} is missing`);
    for (const name of providerEnvNames) {
      this.saved[name] = process.env[name];
      delete process.env[name];
    }
    Object.assign(process.env, providers);
  }

  start(databaseUrl: string, env: Record<string, string> = {}): ChildProcess {
    const child = spawn(process.execPath, [...NODE_FLAGS, workerScript], {
      env: {
        ...process.env,
        ...hostedSecretsEnv,
        DATABASE_URL: databaseUrl,
        GEO_OPERATOR_MODE: "hosted",
        GEO_LOG_LEVEL: "warn",
        GEO_QUEUE_POLL_SECONDS: "0.5",
        // These workers run jobs; the provider defaults check has its own test.
        GEO_PROVIDER_CHECK_HOURS: "0",
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    this.children.push(child);
    return child;
  }

  /** SIGKILL, as a machine that dies; resolves once the process is gone. */
  async kill(child: ChildProcess): Promise<void> {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  close(): void {
    for (const child of this.children) if (child.exitCode === null) child.kill("SIGKILL");
    for (const name of providerEnvNames) {
      if (this.saved[name] === undefined) delete process.env[name];
      else process.env[name] = this.saved[name];
    }
  }
}
