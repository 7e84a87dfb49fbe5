/**
 * Nominal demo price of one simulated answer, in integer micro-USD: a flat
 * 2,000 (USD 0.002) per answer plus 1 per input token and 4 per output token.
 */
export const SIMULATED_PRICING = {
  perAnswerMicrousd: 2000n,
  perInputTokenMicrousd: 1n,
  perOutputTokenMicrousd: 4n,
} as const;

/** The simulated engine's input token count for a prompt. */
export function simulatedInputTokens(prompt: string): number {
  return Math.max(1, Math.ceil(prompt.length / 4));
}
