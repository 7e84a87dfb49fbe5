import type { FuzzCase } from "./contract-fuzz-cases.js";
import { allOperations } from "./operations.js";

/**
 * Valid traffic for the long contract fuzz (bench/fuzz-contract.mjs): while the
 * hostile requests arrive, a real customer adds and edits prompts, starts runs
 * (which the workers answer), edits a competitor's aliases (which re-analyses the
 * stored answers) and reads the metrics, so the fuzz hits a server that is busy
 * with real work rather than an idle one. Each step is a plain case of the
 * operation it calls, judged by the same rules as the generated ones.
 */

export interface WorkloadStep {
  fuzz: FuzzCase;
  /** Reads what later steps need (the ids the answer names). */
  remember?: (status: number, body: any) => void;
}

const operationNumber = (operationId: string): number => {
  const index = allOperations.findIndex((operation) => operation.operationId === operationId);
  if (index < 0) throw new Error(`no operation ${operationId} in the contract`);
  return index;
};

function step(
  operationId: string,
  credential: "session" | "key",
  options: { path?: Record<string, string>; query?: Array<[string, string]>; body?: unknown } = {},
): FuzzCase {
  return {
    operation: operationNumber(operationId),
    hostile: "workload",
    credential,
    path: options.path ?? {},
    query: options.query ?? [],
    body:
      options.body === undefined
        ? undefined
        : { contentType: "application/json", text: JSON.stringify(options.body) },
    headers: {},
  };
}

/**
 * An endless sequence of valid steps for one workspace: round `n` tops up when
 * the balance ran low, adds a prompt, edits the previous one, deletes an old
 * one, starts a smoke run, renames the competitor's alias (every few rounds)
 * and reads the metrics, scoreboard and time series (over `window`, UTC days).
 */
export function* workloadSteps(window: { from: string; to: string }): Generator<WorkloadStep> {
  const prompts: string[] = [];
  let competitorId: string | undefined;
  let needsCredit = true;
  for (let round = 0; ; round++) {
    if (needsCredit) {
      yield {
        fuzz: step("mockTopUp", "session", {
          body: { amountMicrousd: 500_000_000, idempotencyKey: `workload-top-up-${round}` },
        }),
        remember: (status) => {
          if (status === 200) needsCredit = false;
        },
      };
    }
    if (competitorId === undefined) {
      yield {
        fuzz: step("listCompetitors", "key"),
        remember: (status, body) => {
          if (status === 200) competitorId = body?.data?.[0]?.competitorId;
        },
      };
    }
    yield {
      fuzz: step("createPrompt", "key", {
        body: {
          text: `Which analytics tool fits a team of ${round} people?`,
          category: "discovery",
          language: "en",
        },
      }),
      remember: (status, body) => {
        if (status === 201 && typeof body?.promptId === "string") prompts.push(body.promptId);
      },
    };
    const previous = prompts.at(-1);
    if (previous) {
      yield {
        fuzz: step("updatePrompt", "key", {
          path: { promptId: previous },
          body: { text: `Which analytics tool fits a team of ${round} engineers?` },
        }),
      };
    }
    if (prompts.length > 30) {
      const oldest = prompts.shift() as string;
      yield { fuzz: step("deletePrompt", "key", { path: { promptId: oldest } }) };
    }
    yield {
      fuzz: step("startRun", "key", { body: { preset: "smoke" } }),
      remember: (status) => {
        if (status === 402) needsCredit = true;
      },
    };
    if (competitorId && round % 5 === 4) {
      yield {
        fuzz: step("updateCompetitor", "key", {
          path: { competitorId },
          body: { aliases: ["Globex Corp", `Globex ${round % 3}`] },
        }),
      };
    }
    yield { fuzz: step("getWorkspaceMetrics", "key") };
    yield { fuzz: step("getWorkspaceScoreboard", "key") };
    yield {
      fuzz: step("getMetricsTimeSeries", "key", {
        query: [
          ["from", window.from],
          ["to", window.to],
        ],
      }),
    };
  }
}
