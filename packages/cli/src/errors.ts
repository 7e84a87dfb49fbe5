import { ConnectionError, GeoPulseError } from "@geopulse/sdk";
import { CommanderError } from "commander";
import { usd } from "./format.js";

/** The process exit codes, documented in `geopulse --help` and the README. */
export const ExitCode = {
  ok: 0,
  error: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  permission: 5,
  credits: 6,
  network: 7,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export const exitCodeHelp = `Exit codes:
  0  ok
  1  error (an API error or an unexpected failure)
  2  usage error (unknown command or option, bad argument, input the API rejected: 400)
  3  not found (404)
  4  authentication needed or failed (no key stored, 401, login denied or expired)
  5  permission denied (403, e.g. a missing scope)
  6  insufficient credits (402)
  7  network or connection error`;

/** A failure of the CLI itself, with the exit code it ends the process with. */
export class CliError extends Error {
  override name = "CliError";
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly hint?: string,
  ) {
    super(message);
  }
}

const byStatus: Record<number, ExitCode> = {
  // The server rejected what was given (e.g. an invalid cron expression): bad input, like a bad argument.
  400: ExitCode.usage,
  401: ExitCode.auth,
  402: ExitCode.credits,
  403: ExitCode.permission,
  404: ExitCode.notFound,
};

export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  if (error instanceof ConnectionError) return ExitCode.network;
  if (error instanceof GeoPulseError) return byStatus[error.status] ?? ExitCode.error;
  return ExitCode.error;
}

function hintFor(error: GeoPulseError): string[] {
  const details = error.details ?? {};
  if (Array.isArray(details.fields)) {
    return (details.fields as { field?: string; message?: string }[]).map(
      (field) => `  ${field.field ?? "?"}: ${field.message ?? "invalid"}`,
    );
  }
  if (error.code === "insufficient_scope" && typeof details.requiredScope === "string") {
    return [
      `hint: get a key with that scope (plus the ones you use): geopulse login --scopes ${details.requiredScope}`,
    ];
  }
  if (error.code === "insufficient_role" && typeof details.requiredRole === "string") {
    // A key acts with its creator's current role, so a new key would not help.
    return [
      `hint: this needs the ${details.requiredRole} role in the workspace (yours is ${String(details.role ?? "lower")}); ask an owner to change it, or an admin to do this.`,
    ];
  }
  if (error.status === 401) return ["hint: run `geopulse login` to get a new API key."];
  if (error.status === 402) {
    const needed = details.requiredMicrousd;
    const available = details.availableMicrousd;
    if (typeof needed === "number" && typeof available === "number") {
      return [`  required ${usd(needed)}, available ${usd(available)}`];
    }
  }
  if (error.status === 501) {
    return ["hint: this operation is in the API contract but the server does not offer it yet."];
  }
  if (error.status === 429 && error.retryAfterSeconds !== undefined) {
    return [`hint: try again in ${error.retryAfterSeconds} s.`];
  }
  return [];
}

/** The system error code under a connection failure, e.g. ECONNREFUSED. */
function causeCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z_]+$/.test(code)) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The lines printed to stderr for an error:
 * `error: workspace_not_found: Workspace not found. (request req_…)` and hints.
 * Commander has already printed its own usage errors, so those print nothing.
 */
export function formatError(error: unknown, context: { baseUrl?: string; debug?: boolean } = {}) {
  if (error instanceof CommanderError) return [];
  if (error instanceof ConnectionError) {
    const at = context.baseUrl ? ` at ${context.baseUrl}` : "";
    const reason = causeCode(error);
    return [
      `error: connection_error: ${error.message}${reason ? ` (${reason})` : ""}`,
      `hint: is the GEO Pulse API running${at}? Set --base-url or GEOPULSE_BASE_URL.`,
    ];
  }
  if (error instanceof GeoPulseError) {
    const request = error.requestId ? ` (request ${error.requestId})` : "";
    return [`error: ${error.code}: ${error.message}${request}`, ...hintFor(error)];
  }
  if (error instanceof CliError) {
    return [`error: ${error.message}`, ...(error.hint ? [`hint: ${error.hint}`] : [])];
  }
  const lines = [`error: ${error instanceof Error ? error.message : String(error)}`];
  if (context.debug && error instanceof Error && error.stack) lines.push(error.stack);
  return lines;
}
