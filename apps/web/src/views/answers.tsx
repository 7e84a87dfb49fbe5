import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { gp } from "../api";
import { AnswerList, surfaceLabels, termsOf } from "../components/answer-list";
import { Empty, ErrorNote, Loading } from "../components/states";
import { SurfaceSelect, useSurfaceParam } from "../components/surface-select";
import { formatDate, formatNumber } from "../format";
import { splitMentions } from "../highlight";
import { take, useMetrics, useSlug, useWorkspace } from "../hooks";
import { citesDomain } from "../sources-logic";

/**
 * The answers behind a number: a run's (`?run=`) or the latest measured day's, narrowed to an
 * engine (`?engine=`), to one surface's (`?surface=`), to answers mentioning an entity
 * (`?entity=`), to one prompt's (`?prompt=`) or to answers citing a domain (`?domain=`, as the
 * Sources view links).
 */
export default function Answers() {
  const slug = useSlug();
  const [params] = useSearchParams();
  const runParam = params.get("run");
  const engine = params.get("engine");
  const entity = params.get("entity");
  const prompt = params.get("prompt");
  const domain = params.get("domain");
  const [surface, chooseSurface] = useSurfaceParam();
  const metrics = useMetrics(slug);
  const workspace = useWorkspace(slug);
  const runIds = runParam ? [runParam] : (metrics.data?.latestRun?.runIds ?? []);
  const responses = useQuery({
    queryKey: ["answers", slug, runIds.join(",")],
    enabled: runIds.length > 0,
    queryFn: async () =>
      (
        await Promise.all(
          runIds.map((id) => take(gp.runs.responses(slug, id, { limit: 100 }), 200)),
        )
      ).flat(),
  });

  const title = [
    engine && `from ${engine}`,
    surface && `read from ${surfaceLabels[surface]}s`,
    entity && `mentioning ${entity}`,
    domain && `citing ${domain}`,
  ]
    .filter(Boolean)
    .join(" ");
  if (metrics.isPending || workspace.isPending) return <Loading what="the answers" />;
  if (metrics.isError || workspace.isError)
    return <ErrorNote error={metrics.error ?? workspace.error} action="Answers" />;
  const selfEntity =
    metrics.data.shareOfVoice.find((e) => e.isSelf)?.entity ?? workspace.data.displayName;
  const terms = termsOf(workspace.data, selfEntity);
  const shown = (responses.data ?? [])
    .filter((r) => r.status === "succeeded" && r.answer !== null)
    .filter((r) => !engine || r.engine === engine)
    .filter((r) => !surface || r.surface === surface)
    .filter((r) => !prompt || r.promptId === prompt)
    .filter((r) => !domain || r.citations.some((c) => citesDomain(c.url, domain)))
    .map((r) => ({ response: r, segments: splitMentions(r.answer ?? "", terms) }))
    .filter(
      ({ segments }) =>
        !entity ||
        segments.some(
          (s) => s.kind === "mention" && s.entity.toLowerCase() === entity.toLowerCase(),
        ),
    );

  return (
    <section aria-labelledby="answers-title">
      <h1 id="answers-title">Answers {title}</h1>
      <p>
        {runParam
          ? "One run's answers."
          : `The answers of the latest measured day (${formatDate(metrics.data.latestRun?.date ?? null)}).`}{" "}
        <mark className="m-self">Your brand</mark> and <mark className="m-other">competitors</mark>{" "}
        are highlighted. <Link to={`/w/${slug}`}>Back to the overview</Link>
      </p>
      <SurfaceSelect value={surface} onChange={chooseSurface} every="every surface" />
      {runIds.length === 0 && (
        <Empty>
          No answers yet: <Link to={`/w/${slug}/runs`}>start a run</Link>.
        </Empty>
      )}
      {responses.isLoading && <Loading what="answers" />}
      <ErrorNote error={responses.error} action="Answers" />
      {responses.data && shown.length === 0 && <Empty>No answer matches this number.</Empty>}
      {shown.length > 0 && <p role="status">{formatNumber(shown.length)} answers</p>}
      <AnswerList answers={shown} />
    </section>
  );
}
