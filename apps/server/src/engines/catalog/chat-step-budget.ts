/**
 * The chat assistant's per-step bounds (docs/chat.md), kept beside the catalog because they
 * decide which models the catalog may allow for `chat`: a step's worst case, its whole input
 * budget and its output cap at the model's list prices, must fit in the step ceiling.
 */

/** The most one model step is billed, in micro-USD. */
export const stepCeilingMicrousd = 120_000n;
/** The output-token cap of one model step. */
export const maxStepOutputTokens = 1024;
/**
 * Tokens a provider adds to what the assistant sends (its own framing of messages and tool
 * definitions): counted against every step's input budget.
 */
export const providerOverheadTokens = 1_000;
/** A step never gets more input than this, however cheap the model. */
export const maxChatInputBudgetTokens = 60_000;
/** A model whose budget would be smaller than this is not allowed for chat. */
export const minChatInputBudgetTokens = 12_000;

interface ChatPrices {
  prices: { inputPerMillion: bigint; outputPerMillion: bigint };
}

/**
 * The input tokens one step of this model may send (the provider's overhead included), so
 * that `budget × input price + maxStepOutputTokens × output price <= stepCeilingMicrousd`
 * (prices per million, micro-USD), capped at maxChatInputBudgetTokens.
 */
export function chatInputBudgetTokens(model: ChatPrices): number {
  const { inputPerMillion, outputPerMillion } = model.prices;
  const left = stepCeilingMicrousd * 1_000_000n - BigInt(maxStepOutputTokens) * outputPerMillion;
  if (left <= 0n) return 0;
  if (inputPerMillion === 0n) return maxChatInputBudgetTokens;
  const tokens = left / inputPerMillion;
  return Number(tokens > BigInt(maxChatInputBudgetTokens) ? maxChatInputBudgetTokens : tokens);
}
