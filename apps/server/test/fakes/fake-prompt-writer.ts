import type { RecordedEngineRequest } from "./fake-answer-engine.js";

export const fakeWriterUsage = { input_tokens: 1234, output_tokens: 567 };

/**
 * A Responses API answer to a prompt-writing request: JSON text with the
 * asked number of prompts per category (read from the request's input).
 */
export function openAiPromptWriterResponse(request: RecordedEngineRequest, index: number) {
  const input = JSON.parse(request.body.input) as {
    language: string;
    brand: string;
    write: Array<{ category: string; count: number }>;
  };
  const prompts = input.write.flatMap((w) =>
    Array.from({ length: w.count }, (_, i) => ({
      text: `Call ${index} ${w.category} question ${i + 1} about ${input.brand} (${input.language})?`,
      category: w.category,
    })),
  );
  return {
    id: `resp_writer_${index}`,
    object: "response",
    status: "completed",
    output: [
      {
        type: "message",
        id: `msg_${index}`,
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: JSON.stringify({ prompts }), annotations: [] }],
      },
    ],
    usage: { ...fakeWriterUsage, total_tokens: 1801 },
  };
}
