import { Rng } from "../../prng.js";
import {
  type AnswerEngine,
  type EngineAnswer,
  EngineError,
  type EngineRequest,
} from "../engine.js";
import { generateAnswer, requestKey } from "./answer.js";
import { PreparedContexts } from "./prepare.js";
import { type SimulatedTruth, validateTruth } from "./truth.js";

export { generateAnswer, SIMULATED_PRICING } from "./answer.js";
export { sourcePool, sourcePoolDomains, THIRD_PARTY_SOURCES } from "./source-pool.js";
export {
  citationProbability,
  defaultMentionRate,
  mentionProbability,
  type SimulatedTruth,
} from "./truth.js";

export interface SimulatedEngineOptions {
  /** Known mention (and citation) rates; defaults derive from the entity names. */
  truth?: SimulatedTruth;
  /** Emulated provider latency per request, waited through `sleep` (default 0). */
  latencyMs?: number;
  /** Fraction of requests that throw a retryable EngineError (default 0). */
  failureRate?: number;
  /** Injected timer (default: resolves immediately, so tests and benchmarks never wait). */
  sleep?: (ms: number) => Promise<void>;
}

/** Requests with a failure streak that are remembered (oldest forgotten first). */
const MAX_TRACKED_FAILURES = 10_000;

/**
 * An answer engine without network: every answer is a pure function of the
 * request (prompt, model, seed, context) and the truth, built from a seeded
 * PRNG. Each entity is mentioned with exactly `mentionProbability(truth, name)`,
 * independently per entity and per answer.
 *
 * Failures: the k-th consecutive attempt of the same request fails when its own
 * seeded draw (stream `failure:k`) falls under `failureRate`. The first attempts
 * of a seeded fraction of requests therefore fail, always the same ones, and a
 * retry succeeds with probability 1 - failureRate; the answer returned after a
 * retry is the same as without failures.
 */
export function createSimulatedEngine(options: SimulatedEngineOptions = {}): AnswerEngine {
  const { truth, latencyMs = 0, failureRate = 0 } = options;
  const sleep = options.sleep ?? (() => Promise.resolve());
  if (truth) validateTruth(truth);
  if (!Number.isFinite(failureRate) || failureRate < 0 || failureRate > 1) {
    throw new RangeError(`failureRate must be in [0, 1], got ${failureRate}`);
  }
  if (!Number.isFinite(latencyMs) || latencyMs < 0) {
    throw new RangeError(`latencyMs must be a non-negative number, got ${latencyMs}`);
  }
  const failureStreaks = new Map<string, number>();
  const prepared = new PreparedContexts();

  return {
    id: "simulated",
    simulated: true,
    async ask(request: EngineRequest): Promise<EngineAnswer> {
      request.signal?.throwIfAborted();
      if (latencyMs > 0) {
        await sleep(latencyMs);
        request.signal?.throwIfAborted();
      }
      const key = requestKey(request);
      if (failureRate > 0) {
        const attempt = failureStreaks.get(key) ?? 0;
        if (Rng.fromString(key).derive(`failure:${attempt}`).chance(failureRate)) {
          failureStreaks.delete(key);
          if (failureStreaks.size >= MAX_TRACKED_FAILURES) {
            const oldest = failureStreaks.keys().next();
            if (!oldest.done) failureStreaks.delete(oldest.value);
          }
          failureStreaks.set(key, attempt + 1);
          throw new EngineError("simulated failure", true);
        }
        failureStreaks.delete(key);
      }
      return generateAnswer(request, truth, key, prepared);
    },
  };
}
