/** A turn is at most this many model steps; the last is asked without tools. */
export const maxModelSteps = 6;
export {
  maxStepOutputTokens,
  stepCeilingMicrousd,
} from "../../engines/catalog/chat-step-budget.js";

import { stepCeilingMicrousd } from "../../engines/catalog/chat-step-budget.js";

/** What a turn reserves before its first step: every step at its ceiling (720,000). */
export const turnReservationMicrousd = stepCeilingMicrousd * BigInt(maxModelSteps);
/** A tool result handed to the model (and stored with the step) is cut at this many characters of JSON. */
export const maxToolOutputChars = 16_000;
/** Tool calls one step may make; the model's further calls of that step are refused, not run. */
export const maxToolCallsPerStep = 4;
/** Characters of tool output one turn may hand the model; calls past them are refused, not run. */
export const maxTurnToolOutputChars = 64_000;
