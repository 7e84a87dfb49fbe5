import { createClient, type GeoPulse } from "@geopulse/sdk";
import { ConfigStore, configDir, defaultBaseUrl, type Env, type StoredConfig } from "./config.js";
import { CliError, ExitCode } from "./errors.js";
import { jsonText, printable } from "./format.js";
import { cliVersion } from "./version.js";

export interface Writer {
  /** Text, or bytes (a downloaded PDF on stdout). */
  write(chunk: string | Uint8Array): unknown;
  isTTY?: boolean | undefined;
}

/** Everything the CLI touches outside itself; tests pass their own. */
export interface Io {
  stdout: Writer;
  stderr: Writer;
  env: Env;
  stdinIsTTY?: boolean | undefined;
  /** Lines typed in (`geopulse chat`); default: the process's stdin. */
  stdin?: NodeJS.ReadableStream | undefined;
  /**
   * Routes Ctrl-C to `handler` instead of ending the CLI, until the returned
   * function is called (`geopulse chat` stops waiting for one answer with it).
   */
  onInterrupt?: ((handler: () => void) => () => void) | undefined;
  /** How to wait (polling, retries); tests pass one that does not sleep. */
  sleep?: (ms: number) => Promise<void>;
  /** Opens a URL in a browser (default: the `open` package). */
  openBrowser?: (url: string) => Promise<void>;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Options every command accepts (defined on the program). */
export interface GlobalOptions {
  baseUrl?: string;
  apiKey?: string;
}

export type KeySource = "flag" | "env" | "stored";

export interface Settings {
  baseUrl: string;
  apiKey: string | undefined;
  keySource: KeySource | undefined;
  config: StoredConfig;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Per-invocation state shared by the commands: settings, clients and output. */
export class Context {
  readonly store: ConfigStore;
  globals: GlobalOptions = {};
  /** The base URL in use, once resolved (for error messages). */
  baseUrl: string | undefined;

  constructor(readonly io: Io) {
    this.store = new ConfigStore(configDir(io.env));
  }

  get sleep(): (ms: number) => Promise<void> {
    return this.io.sleep ?? sleep;
  }

  /** A message, progress or warning: stderr only, so stdout stays parseable. */
  info(line: string): void {
    this.io.stderr.write(`${printable(line)}\n`);
  }

  /** Human output on stdout, a line or more. */
  out(text: string): void {
    this.write(text.endsWith("\n") ? text : `${text}\n`);
  }

  /** Human output on stdout as it arrives (a streamed answer): no newline added. */
  write(text: string): void {
    this.io.stdout.write(printable(text));
  }

  /** The `--json` output: one JSON document on stdout. */
  json(value: unknown): void {
    this.io.stdout.write(`${jsonText(value)}\n`);
  }

  /** --base-url, GEOPULSE_BASE_URL, the stored one, else localhost; --api-key, GEOPULSE_API_KEY, the stored key. */
  async settings(): Promise<Settings> {
    const config = await this.store.read();
    const { env } = this.io;
    const baseUrl = (
      this.globals.baseUrl ||
      env.GEOPULSE_BASE_URL ||
      config.baseUrl ||
      defaultBaseUrl
    ).replace(/\/+$/, "");
    this.baseUrl = baseUrl;
    let keySource: KeySource | undefined;
    let apiKey: string | undefined;
    if (this.globals.apiKey) [apiKey, keySource] = [this.globals.apiKey, "flag"];
    else if (env.GEOPULSE_API_KEY) [apiKey, keySource] = [env.GEOPULSE_API_KEY, "env"];
    else {
      apiKey = await this.store.readApiKey();
      keySource = apiKey ? "stored" : undefined;
    }
    return { baseUrl, apiKey, keySource, config };
  }

  private build(baseUrl: string, apiKey: string | undefined): GeoPulse {
    return createClient({
      baseUrl,
      apiKey,
      userAgent: `geopulse-cli/${cliVersion}`,
      ...(this.io.sleep ? { sleep: this.io.sleep } : {}),
      ...(this.io.fetch ? { fetch: this.io.fetch } : {}),
    });
  }

  /** A client with the API key; exit code 4 when there is none. */
  async client(): Promise<GeoPulse> {
    const { baseUrl, apiKey } = await this.settings();
    if (!apiKey) {
      throw new CliError(
        "not logged in.",
        ExitCode.auth,
        "run `geopulse login`, or set GEOPULSE_API_KEY or --api-key.",
      );
    }
    return this.build(baseUrl, apiKey);
  }

  /** A client without credentials, for the public device-flow routes. */
  async anonymousClient(): Promise<GeoPulse> {
    return this.build((await this.settings()).baseUrl, undefined);
  }

  /** --workspace, else the workspace bound to the stored key, else the one of the key in use. */
  async workspace(explicit: string | undefined): Promise<string> {
    if (explicit) return explicit;
    const settings = await this.settings();
    if (settings.keySource === "stored" && settings.config.workspace) {
      return settings.config.workspace;
    }
    const me = await (await this.client()).me();
    if (me.apiKey) return me.apiKey.workspace;
    throw new CliError("no workspace given.", ExitCode.usage, "pass --workspace <slug>.");
  }
}
