import { expect, it } from "vitest";
import type { Schemas } from "../../src/api";
import type { ShownAnswer } from "../../src/components/answer-list";
import { splitMentions, type Term } from "../../src/highlight";
import { answersByEngine } from "../../src/prompt-answers";

const terms: Term[] = [
  { text: "Acme", entity: "Acme", isSelf: true },
  { text: "Globex", entity: "Globex", isSelf: false },
];
const answer = (engine: string, text: string): ShownAnswer => ({
  response: { responseId: `${engine}-${text}`, engine } as Schemas["RunResponse"],
  segments: splitMentions(text, terms),
});

it("counts a prompt's answers per engine, those naming the brand and the competitors named", () => {
  expect(
    answersByEngine([
      answer("openai", "Acme and Globex both work."),
      answer("openai", "Try Globex."),
      answer("gemini", "Nothing to name."),
    ]),
  ).toEqual([
    { engine: "gemini", answers: 1, mentioningSelf: 0, competitors: [] },
    { engine: "openai", answers: 2, mentioningSelf: 1, competitors: ["Globex"] },
  ]);
});
