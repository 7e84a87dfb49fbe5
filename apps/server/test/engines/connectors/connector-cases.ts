import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import { builtinModelCatalog } from "../../../src/engines/catalog/model-catalog.js";
import type { ConnectorOptions } from "../../../src/engines/connectors/connector-options.js";
import type { AnswerEngine, EngineRequest } from "../../../src/engines/engine.js";
import { EngineError } from "../../../src/engines/engine.js";
import { FakeAnswerEngine, type RecordedEngineRequest } from "../../fakes/fake-answer-engine.js";
import { retiredModelReply } from "../../fakes/provider-end-states.js";

export const secretKey = "sk-test-SECRET-0123456789";
/** Reads Retry-After dates; the connectors never wait on it. */
export const clock = new ManualClock("2026-01-15T12:00:00Z");
/** Names and prices the models (the built-in catalog). */
export const catalog = builtinModelCatalog;
/** What the connectors warned, in order (a provider stating more than the catalog charges). */
export const warnings: Array<{ details: object; message: string }> = [];
export const logger = {
  warn: (details: object, message: string) => warnings.push({ details, message }),
};

/** A connector's options against a fake: the test key, the fake's address, a 5 s timeout. */
export function optionsFor(
  fake: { url: string },
  overrides: Partial<ConnectorOptions> = {},
): ConnectorOptions {
  return {
    apiKey: secretKey,
    baseUrl: fake.url,
    timeoutMs: 5_000,
    clock,
    catalog,
    logger,
    ...overrides,
  };
}

export function request(
  model: string,
  prompt = "Which analytics tool is best?",
  region: string | null = null,
  language = "en",
): EngineRequest {
  return {
    prompt,
    model,
    seed: "run:prm:engine:1",
    context: {
      brand: "runner",
      brandDomains: ["runner.example"],
      competitors: [],
      language,
      region,
    },
  };
}

export async function caught(promise: Promise<unknown>): Promise<EngineError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    return error as EngineError;
  }
  throw new Error("expected an EngineError");
}

/**
 * A model the catalog lists but the provider has retired: the provider's documented refusal
 * (`retiredModelReply`: a 404, Perplexity's 400 `invalid_model`) is a non-retryable failure that
 * says what to change.
 */
export async function expectRetiredModelRefused(
  fake: FakeAnswerEngine,
  engine: AnswerEngine,
  provider: Parameters<typeof retiredModelReply>[0],
  model: string,
): Promise<void> {
  const reply = retiredModelReply(provider, model);
  fake.retired.set(model, reply);
  try {
    const seen = fake.requests.length;
    const error = await caught(engine.ask(request(model)));
    expect(fake.requests.length - seen).toBe(1);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain(`(${reply.status})`);
    expect(error.message).toContain(model);
    expect(error.message).toContain("If the model was retired, pick another");
  } finally {
    fake.retired.delete(model);
  }
}

/**
 * The failure cases every connector shares: 429 with Retry-After, 5xx,
 * dropped connection, 401 without the key in the message, 400, timeout,
 * malformed answers. `retryAfterHeader: false` for the clients whose errors
 * keep no response headers (Gemini, Exa): their 429s are still rate limits,
 * waited out by backoff.
 */
export function describeFailures(
  name: string,
  answer: (request: RecordedEngineRequest) => unknown,
  create: (options: ConnectorOptions) => AnswerEngine,
  model: string,
  errorBody: (message: string) => unknown,
  { retryAfterHeader = true } = {},
) {
  describe(`${name} failures`, () => {
    const fake = new FakeAnswerEngine(answer);
    let engine: AnswerEngine;
    beforeAll(async () => {
      await fake.start();
      // A deadline far above any answer of the local fake, however loaded the machine; only the
      // timeout case below, whose request never answers, meets a short one.
      engine = create({
        apiKey: secretKey,
        baseUrl: fake.url,
        timeoutMs: 60_000,
        clock,
        catalog,
        logger,
      });
    });
    afterAll(() => fake.close());

    it("maps 429 to a retryable rate limit, with the wait Retry-After gives", async () => {
      fake.fail(429, errorBody("Rate limit reached"), 1, { "retry-after": "7" });
      const error = await caught(engine.ask(request(model)));
      expect(error).toMatchObject({
        retryable: true,
        rateLimited: true,
        retryAfterSeconds: retryAfterHeader ? 7 : undefined,
      });
      expect(error.message).toMatch(/429/);
    });

    if (retryAfterHeader) {
      it("reads a Retry-After date against the injected clock", async () => {
        fake.fail(429, errorBody("slow down"), 1, {
          "retry-after": "Thu, 15 Jan 2026 12:00:30 GMT",
        });
        expect(await caught(engine.ask(request(model)))).toMatchObject({ retryAfterSeconds: 30 });
      });
    }

    it("maps a malformed answer or a body that is not JSON to a retryable EngineError", async () => {
      fake.fail(200, [{ unexpected: true }]);
      const malformed = await caught(engine.ask(request(model)));
      expect(malformed.retryable).toBe(true);
      expect(malformed.message).toMatch(new RegExp(`^${name} `));
      fake.replies.push({ status: 200, body: "<html>oops", raw: true });
      const garbled = await caught(engine.ask(request(model)));
      expect(garbled.retryable).toBe(true);
      expect(garbled.message).toMatch(new RegExp(`^${name} `));
    });

    it("maps 500 and a dropped connection to retryable errors", async () => {
      fake.fail(500, errorBody("internal error"));
      expect(await caught(engine.ask(request(model)))).toMatchObject({ retryable: true });
      fake.drop();
      expect(await caught(engine.ask(request(model)))).toMatchObject({ retryable: true });
    });

    it("maps 401 to a non-retryable error that never shows the key", async () => {
      fake.fail(401, errorBody(`Incorrect API key provided: ${secretKey}`));
      const error = await caught(engine.ask(request(model)));
      expect(error.retryable).toBe(false);
      expect(error.message).toMatch(/401/);
      expect(error.message).not.toContain(secretKey);
      expect(error.message).not.toContain("SECRET");
    });

    it("maps 400 to a non-retryable error with the provider's reason, redacted", async () => {
      fake.fail(400, errorBody(`model not supported for key ${secretKey}`));
      const error = await caught(engine.ask(request(model)));
      expect(error.retryable).toBe(false);
      expect(error.message).toMatch(/400.*model not supported/);
      expect(error.message).not.toContain("SECRET");
    });

    it("times out as a retryable error", async () => {
      fake.hang();
      const impatient = create({
        apiKey: secretKey,
        baseUrl: fake.url,
        timeoutMs: 300,
        clock,
        catalog,
        logger,
      });
      const error = await caught(impatient.ask(request(model)));
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/did not answer/);
    });
  });
}
