import { type FakeAnswer, type RecordedEngineRequest, ReplyServer } from "./reply-server.js";

export type { FakeReply, RecordedEngineRequest } from "./reply-server.js";

/**
 * A local stand-in for one answer-engine provider: records every request and
 * answers queued replies first (errors, hangs, dropped connections), then the
 * provider-shaped success that `answer` builds from the request.
 */
export class FakeAnswerEngine extends ReplyServer {
  /** Models this provider no longer serves, with its documented refusal (see `retiredModelReply`). */
  readonly retired = new Map<string, FakeAnswer>();

  constructor(private readonly answer: (request: RecordedEngineRequest, index: number) => unknown) {
    super();
  }

  async start(): Promise<this> {
    await this.listen(
      (request, index) =>
        this.retired.get(requestedModel(request) ?? "") ?? {
          status: 200,
          body: this.answer(request, index),
        },
    );
    return this;
  }
}

/** The model a request names: in the body (OpenAI, Anthropic, Perplexity) or Gemini's URL path. */
function requestedModel(request: RecordedEngineRequest): string | undefined {
  if (typeof request.body?.model === "string") return request.body.model;
  return /\/models\/([^/:]+):/.exec(request.path)?.[1];
}

// The providers' success answers live in provider-responses.ts (re-exported for the tests).
export { sentLocale } from "./fake-locale.js";
export {
  anthropicResponse,
  exaCostDollars,
  exaResponse,
  geminiResponse,
  openAiResponse,
  perplexityResponse,
} from "./provider-responses.js";
