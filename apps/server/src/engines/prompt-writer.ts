import type { BrandProfile, Language, PromptCategory } from "@geopulse/api-types";

/** What one LLM call is asked to write. */
export interface PromptWriterRequest {
  language: Language;
  items: Array<{ category: PromptCategory; count: number }>;
  brand: string;
  profile: BrandProfile;
  competitors: string[];
  /** Existing prompt texts of this language, to avoid repeating. */
  avoid: string[];
  /** Stable per generation and batch: seeds the simulated writer. */
  seed: string;
}

export interface WrittenPrompt {
  text: string;
  category: PromptCategory;
}

export interface PromptWriterResult {
  prompts: WrittenPrompt[];
  inputTokens: number;
  outputTokens: number;
  /** Integer micro-USD. */
  costMicrousd: bigint;
}

/** An LLM (or the simulated stand-in) that proposes prompts for a brand. */
export interface PromptWriter {
  readonly id: "openai" | "simulated";
  readonly model: string;
  readonly simulated: boolean;
  write(request: PromptWriterRequest): Promise<PromptWriterResult>;
}
