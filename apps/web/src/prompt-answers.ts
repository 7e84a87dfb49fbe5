import type { ShownAnswer } from "./components/answer-list";

export interface EngineAnswers {
  engine: string;
  answers: number;
  /** Answers naming the brand (by name or alias) at least once. */
  mentioningSelf: number;
  /** Competitors named in any of the engine's answers, in first-seen order. */
  competitors: string[];
}

/** A prompt's answers counted per engine, engines in alphabetical order. */
export function answersByEngine(shown: readonly ShownAnswer[]): EngineAnswers[] {
  const byEngine = new Map<string, EngineAnswers>();
  for (const { response, segments } of shown) {
    const row = byEngine.get(response.engine) ?? {
      engine: response.engine,
      answers: 0,
      mentioningSelf: 0,
      competitors: [],
    };
    row.answers += 1;
    if (segments.some((s) => s.kind === "mention" && s.isSelf)) row.mentioningSelf += 1;
    for (const s of segments)
      if (s.kind === "mention" && !s.isSelf && !row.competitors.includes(s.entity))
        row.competitors.push(s.entity);
    byEngine.set(response.engine, row);
  }
  return [...byEngine.values()].sort((a, b) => a.engine.localeCompare(b.engine));
}
