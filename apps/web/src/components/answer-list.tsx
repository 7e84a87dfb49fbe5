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
            {r.simulated ? ", simulated" : ""}), repetition {r.repetition},{" "}
            {formatDate(r.completedAt)}, {formatMicrousd(r.costMicrousd)}
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
          <Citations citations={r.citations} nested={inPrompt} />
        </li>
      ))}
    </ol>
  );
}

function Citations({
  citations,
  nested,
}: {
  citations: Schemas["RunResponse"]["citations"];
  nested: boolean;
}) {
  if (citations.length === 0) return <p className="muted">No citations.</p>;
  const Heading = nested ? "h4" : "h3";
  return (
    <>
      <Heading className="citations-title">Citations</Heading>
      <ol className="citations">
        {citations.map((c) => (
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
