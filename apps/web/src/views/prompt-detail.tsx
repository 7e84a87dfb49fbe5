import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { answersLink } from "../answers-link";
import { gp } from "../api";
import { AnswerList, termsOf } from "../components/answer-list";
import { Empty, ErrorNote, Loading } from "../components/states";
import { formatDate, formatEstimate, formatNumber } from "../format";
import { splitMentions } from "../highlight";
import { keys, take, useSlug, useWorkspace } from "../hooks";
import { categoryLabel } from "../prompt-set";

/** How many recent runs the prompt's answers are read from. */
const recentRuns = 5;
/** The days its visibility per engine counts (the API's default). */
const visibilityDays = 28;

/** One prompt: what it is, how often each engine names the brand, and its recent answers. */
export default function PromptDetail() {
  const slug = useSlug();
  const { promptId = "" } = useParams();
  const workspace = useWorkspace(slug);
  const prompt = useQuery({
    queryKey: [...keys.prompts(slug), "one", promptId],
    queryFn: () => gp.prompts.get(slug, promptId),
  });
  const visibility = useQuery({
    queryKey: ["prompt-visibility", slug, promptId],
    queryFn: () => gp.prompts.getVisibility(slug, promptId, { days: visibilityDays }),
  });
  const answers = useQuery({
    queryKey: ["prompt-answers", slug, promptId],
    queryFn: async () => {
      const runs = (await take(gp.runs.list(slug, { limit: 20, purpose: "measurement" }), 20))
        .filter((run) => run.status !== "queued" && run.status !== "running")
        .slice(0, recentRuns);
      const pages = await Promise.all(
        runs.map((run) => take(gp.runs.responses(slug, run.runId, { limit: 100 }), 1000)),
      );
      return pages.flat().filter((r) => r.promptId === promptId);
    },
  });

  if (prompt.isPending || workspace.isPending) return <Loading what="the prompt" />;
  if (prompt.isError || workspace.isError)
    return (
      <section aria-labelledby="prompt-title">
        <h1 id="prompt-title">Prompt</h1>
        <ErrorNote error={prompt.error ?? workspace.error} action="Prompt" />
        <Link to={`/w/${slug}/prompts`}>Back to the prompts</Link>
      </section>
    );
  const p = prompt.data;
  const terms = termsOf(workspace.data, workspace.data.displayName);
  const shown = (answers.data ?? [])
    .filter((r) => r.status === "succeeded" && r.answer !== null)
    .map((r) => ({ response: r, segments: splitMentions(r.answer ?? "", terms) }));
  const engines = visibility.data?.engines ?? [];
  // The answers behind a count: this prompt's over the same days, every category (its own).
  const drill = (query: Record<string, string>) =>
    answersLink(slug, {
      from: visibility.data?.from,
      to: visibility.data?.to,
      prompt: promptId,
      includeBrandResearch: "true",
      ...query,
    });

  return (
    <section aria-labelledby="prompt-title">
      <p>
        <Link to={`/w/${slug}/prompts`}>Back to the prompts</Link>
      </p>
      <h1 id="prompt-title">{p.text}</h1>
      <p className="meta">
        {categoryLabel(p.category)}, {p.language}
        {p.region ? ` (${p.region})` : ""}, {p.active ? "active" : "inactive"}, added{" "}
        {formatDate(p.createdAt)} ({p.source})
        {p.tags.length > 0 ? `, tags ${p.tags.join(", ")}` : ""}.
      </p>
      <article className="panel" aria-labelledby="engines-title">
        <h2 id="engines-title">Per engine</h2>
        {visibility.isPending && <Loading what="the visibility per engine" />}
        <ErrorNote error={visibility.error} action="Visibility" />
        {visibility.data && engines.length === 0 && (
          <Empty>
            No measured answers to this prompt in the last {visibilityDays} days:{" "}
            {p.active ? (
              <Link to={`/w/${slug}/runs`}>start a run</Link>
            ) : (
              "activate it on the Prompts page, then start a run"
            )}
            .
          </Empty>
        )}
        {engines.length > 0 && (
          <div className="scroll">
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">Engine</th>
                  <th scope="col">Visibility (95% interval)</th>
                  <th scope="col">Answers naming your brand</th>
                </tr>
              </thead>
              <tbody>
                {engines.map((e) => (
                  <tr key={e.engine}>
                    <td data-label="Engine">{e.engine}</td>
                    <td data-label="Visibility (95% interval)">
                      {formatEstimate(e.visibility, "share")}
                    </td>
                    <td data-label="Answers naming your brand">
                      <Link to={drill({ engine: e.engine, match: "mentioned", entity: "self" })}>
                        {formatNumber(e.mentioned)}
                      </Link>{" "}
                      of{" "}
                      <Link to={drill({ engine: e.engine })}>{formatNumber(e.visibility.n)}</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="hint">
          The share of this prompt's measured answers of the last {visibilityDays} days that name
          your brand, per engine; repetitions count as separate answers, so the interval is
          indicative.
        </p>
      </article>
      <article aria-labelledby="prompt-answers-title">
        <h2 id="prompt-answers-title">Answers</h2>
        {answers.isPending && <Loading what="the answers" />}
        <ErrorNote error={answers.error} action="Answers" />
        {answers.data && shown.length === 0 && (
          <Empty>No answers to this prompt in the last {recentRuns} runs.</Empty>
        )}
        <p>
          <mark className="m-self">Your brand</mark> and{" "}
          <mark className="m-other">competitors</mark> are highlighted.
        </p>
        <AnswerList answers={shown} inPrompt />
      </article>
    </section>
  );
}
