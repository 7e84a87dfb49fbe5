import type { Schemas } from "../api";
import { formatDate, formatMicrousd } from "../format";
import type { Segment, Term } from "../highlight";

/** The brand's and the competitors' names and aliases, as the answers' highlights. */
export function termsOf(workspace: Schemas["Workspace"], selfEntity: string): Term[] {
  return [
    { text: workspace.displayName, entity: selfEntity, isSelf: true },
    { text: workspace.brand, entity: selfEntity, isSelf: true },
    ...workspace.competitors.flatMap((c) =>
      [c.name, ...c.aliases].map((text) => ({ text, entity: c.name, isSelf: false })),
    ),
  ];
}

export interface ShownAnswer {
  response: Schemas["RunResponse"];
  segments: Segment[];
}

/** Answers with their mentions highlighted and their citations listed. */
export function AnswerList({
  answers,
  inPrompt = false,
}: {
  answers: readonly ShownAnswer[];
  /** Under one prompt's heading: each answer is titled by its engine, one level lower. */
  inPrompt?: boolean;
}) {
  return (
    <ol className="answers">
      {answers.map(({ response: r, segments }) => (
        <li key={r.responseId} className="answer">
          {inPrompt ? (
            <h3 className="prompt">
              {r.engine}, repetition {r.repetition}
            </h3>
          ) : (
            <h2 className="prompt">{r.prompt}</h2>
          )}
          <p className="meta">
            {r.engine} ({r.model}
            {r.simulated ? ", simulated" : ""}), {surfaceLabels[r.surface]}, repetition{" "}
            {r.repetition}, {formatDate(r.completedAt)}, {formatMicrousd(r.costMicrousd)}
            {answerFacts(r).map((fact) => `, ${fact}`)}
          </p>
          {/* Text nodes only: an engine's answer is never parsed as HTML. */}
          <p className="answer-text">
            {segments.map((s, i) =>
              s.kind === "text" ? (
                s.text
              ) : (
                <mark key={i} className={s.isSelf ? "m-self" : "m-other"} title={s.entity}>
                  {s.text}
                </mark>
              ),
            )}
          </p>
          <Sources title="Citations" sources={r.citations} nested={inPrompt} />
          {r.usedSources.length > 0 && (
            <Sources title="Also read, not cited" sources={r.usedSources} nested={inPrompt} />
          )}
        </li>
      ))}
    </ol>
  );
}

const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });

/**
 * What the answer's provider said beyond its text: served model, asker's city, country and language,
 * end state.
 */
export function answerFacts(r: Schemas["RunResponse"]): string[] {
  return [
    ...(r.servedModel && !r.servedModel.startsWith(r.model) ? [`served by ${r.servedModel}`] : []),
    ...(r.country ? [`asked from ${r.city ? `${r.city}, ` : ""}${r.country}`] : []),
    ...(r.language ? [`asked in ${languageNames.of(r.language) ?? r.language}`] : []),
    ...(r.endState && r.endState !== "completed" ? [endStateLabels[r.endState]] : []),
  ];
}

/** Where the answer was read (the contract's `Surface`). */
export const surfaceLabels: Record<Schemas["RunResponse"]["surface"], string> = {
  api: "developer API",
  search_page: "search results page",
  consumer_app: "consumer app",
};

const endStateLabels: Record<NonNullable<Schemas["RunResponse"]["endState"]>, string> = {
  completed: "completed",
  truncated: "cut by the output cap",
  refused: "the engine declined to answer",
  filtered: "withheld by the engine's safety filter",
  not_shown: "no AI answer shown on the page",
  quota_exhausted: "the provider key has no credit left",
  failed: "failed",
};

function Sources({
  title,
  sources,
  nested,
}: {
  title: string;
  sources: ReadonlyArray<{ position: number; url: string; title: string | null }>;
  nested: boolean;
}) {
  if (sources.length === 0) return <p className="muted">No citations.</p>;
  const Heading = nested ? "h4" : "h3";
  return (
    <>
      <Heading className="citations-title">{title}</Heading>
      <ol className="citations">
        {sources.map((c) => (
          <li key={`${c.position}-${c.url}`}>
            {/^https?:\/\//i.test(c.url) ? (
              <a href={c.url} rel="noopener noreferrer nofollow" target="_blank">
                {c.title ?? c.url}
              </a>
            ) : (
              // Only web addresses become links (never javascript: or data:).
              <span>{c.title ?? c.url}</span>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
