/** A turn is at most this many model steps; the last is asked without tools. */
export const maxModelSteps = 6;
/** The most one model step is billed (its token cost is capped here). */
export const stepCeilingMicrousd = 120_000n;
/** What a turn reserves before its first step: every step at its ceiling (720,000). */
export const turnReservationMicrousd = stepCeilingMicrousd * BigInt(maxModelSteps);
/** The output-token cap of one model step. */
export const maxStepOutputTokens = 1024;
/** A tool result handed to the model (and stored with the step) is cut at this many characters of JSON. */
export const maxToolOutputChars = 16_000;

/** A model's tool arguments (JSON text) as an object; anything else is an empty object. */
export function parseToolArguments(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  return parsed && typeof parsed === "object" && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}
