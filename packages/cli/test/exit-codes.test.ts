import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  type GeoPulseError,
  InsufficientCreditsError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  RateLimitError,
} from "@geopulse/sdk";
import { CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { CliError, ExitCode, exitCodeFor, formatError, run } from "../src/index.js";
import { memoryIo } from "./helpers.js";

const apiError = (Class: typeof GeoPulseError, status: number, code: string, details?: object) =>
  new Class({
    status,
    code,
    message: "Something.",
    requestId: "req_abc",
    details: details as never,
  });

describe("exit codes", () => {
  it.each([
    [apiError(AuthenticationError, 401, "invalid_key"), 4],
    [apiError(InsufficientCreditsError, 402, "insufficient_credits"), 6],
    [apiError(PermissionError, 403, "insufficient_scope"), 5],
    [apiError(NotFoundError, 404, "workspace_not_found"), 3],
    [apiError(InvalidRequestError, 400, "invalid_request"), 2],
    [apiError(InvalidRequestError, 400, "invalid_schedule"), 2],
    [apiError(RateLimitError, 429, "rate_limited"), 1],
    [apiError(ApiError, 501, "not_implemented"), 1],
    [apiError(ApiError, 500, "internal"), 1],
    [new ConnectionError("down"), 7],
    [new CommanderError(1, "commander.unknownOption", "x"), 2],
    [new CommanderError(0, "commander.helpDisplayed", "x"), 0],
    [new CliError("not logged in.", ExitCode.auth), 4],
    [new Error("boom"), 1],
  ])("%s → %i", (error, code) => {
    expect(exitCodeFor(error)).toBe(code);
  });
});

describe("error messages", () => {
  it("print the server's code, message and request id", () => {
    expect(formatError(apiError(NotFoundError, 404, "workspace_not_found"))).toEqual([
      "error: workspace_not_found: Something. (request req_abc)",
    ]);
  });

  it("list invalid fields and the credits shortfall", () => {
    const fields = [{ field: "query.limit", rule: "maximum", message: "must be <= 500" }];
    expect(formatError(apiError(InvalidRequestError, 400, "invalid_request", { fields }))).toEqual([
      "error: invalid_request: Something. (request req_abc)",
      "  query.limit: must be <= 500",
    ]);
    const credits = { requiredMicrousd: 1_250_000, availableMicrousd: 20 };
    expect(
      formatError(apiError(InsufficientCreditsError, 402, "insufficient_credits", credits)),
    ).toContain("  required $1.25, available $0.00002");
  });

  it("say which role a refused operation needs and who can help", () => {
    const details = { requiredRole: "admin", role: "member" };
    expect(formatError(apiError(PermissionError, 403, "insufficient_role", details))).toEqual([
      "error: insufficient_role: Something. (request req_abc)",
      "hint: this needs the admin role in the workspace (yours is member); ask an owner to change it, or an admin to do this.",
    ]);
  });

  it("name the address for a connection error and stay silent for commander's own", () => {
    const lines = formatError(new ConnectionError("Could not reach"), { baseUrl: "http://x:1" });
    expect(lines[1]).toContain("http://x:1");
    expect(formatError(new CommanderError(1, "commander.unknownOption", "x"))).toEqual([]);
  });
});

describe("usage through run()", () => {
  const cli = async (...args: string[]) => {
    const io = memoryIo({ GEOPULSE_CONFIG_DIR: "/nonexistent/geopulse" });
    return { code: await run(args, io), stdout: io.out(), stderr: io.err() };
  };

  it("--help prints the exit codes on stdout and exits 0", async () => {
    const result = await cli("--help");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Exit codes:");
    expect(result.stdout).toContain("7  network or connection error");
  });

  it("--version exits 0", async () => {
    expect(await cli("--version")).toMatchObject({ code: 0, stdout: "1.0.0\n" });
  });

  it.each([
    [[]],
    [["nope"]],
    [["metrics", "--bogus"]],
    [["credits"]],
    [["credits", "usage", "--limit", "501"]],
    [["login", "--scopes", "bogus"]],
  ])("%j is a usage error (2)", async (args) => {
    const result = await cli(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).not.toBe("");
  });
});
