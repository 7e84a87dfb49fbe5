import { type AnswerEnd, EngineError } from "../engine.js";

/**
 * An answer without text, by how it ended: a refusal or a filter is still what the engine
 * showed (an empty answer, returned); the output cap reached before any text fails for good
 * (`truncated`: asking again with the same cap would end the same way); otherwise the
 * provider answered nothing for no stated reason, which is retried.
 */
export function noAnswerText(provider: string, end: AnswerEnd): void {
  if (end === "refused" || end === "filtered" || end === "not_shown") return;
  if (end === "truncated")
    throw new EngineError(
      `${provider} reached the output cap before writing any answer text.`,
      false,
      undefined,
      false,
      "truncated",
    );
  throw new EngineError(`${provider} returned no answer text.`, true);
}
