import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { gp, type Schemas } from "../api";
import { AnswerList, surfaceLabels, termsOf } from "../components/answer-list";
import { Empty, ErrorNote, Loading } from "../components/states";
import { SurfaceSelect, useSurfaceParam } from "../components/surface-select";
import { formatDate, formatExcluded, formatNumber } from "../format";
import { splitMentions } from "../highlight";
import { take, useMetrics, useSlug, useWorkspace } from "../hooks";
import { citesDomain } from "../sources-logic";

type RunResponse = Schemas["RunResponse"];
type Match = NonNullable<Parameters<typeof gp.answers.list>[1]>["match"];

/** Answers per page of a drill-down. */
const PAGE = 50;

/**
 * The answers behind a number. Without `?run=`, the metric's own population from the server
 * (`GET .../answers`, the same definition as the number, so it lists exactly its `n`):
 * `?from=&to=` (default the latest measured day), `?engine=`, `?surface=`, `?category=`,
 * `?region=`, `?language=`, `?prompt=`,
 * `?domain=`, `?url=` (a cited page), and `?match=mentioned|cited|recommended|shortlisted|discouraged`
 * with `?entity=` (`self` or a competitor's id).
 * With `?run=`, one run's answers, narrowed to an engine, surface, prompt or cited domain.
 */
export default function Answers() {
  const [params] = useSearchParams();
  return params.get("run") ? <RunAnswers runId={params.get("run") ?? ""} /> : <DrillDown />;
}

function DrillDown() {
  const slug = useSlug();
  const [params] = useSearchParams();
  const [surface, chooseSurface] = useSurfaceParam();
  const workspace = useWorkspace(slug);
  const metrics = useMetrics(slug);
  const text = (name: string) => params.get(name) ?? undefined;
  const match = params.get("match") as Match | null;
  const query = {
    from: text("from"),
    to: text("to"),
    engine: text("engine") as Schemas["Engine"] | undefined,
    surface,
    category: text("category") as Schemas["PromptCategory"] | undefined,
    region: text("region") as Schemas["PromptRegion"] | undefined,
    language: text("language") as Schemas["Language"] | undefined,
    prompt: text("prompt"),
    domain: text("domain"),
    url: text("url"),
    entity: match ? text("entity") : undefined,
    match: match ?? undefined,
    includeBrandResearch: params.get("includeBrandResearch") === "true" || undefined,
  };
  const answers = useInfiniteQuery({
    queryKey: ["drill-down", slug, JSON.stringify(query)],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      gp.answers.list(slug, { ...clean(query), limit: PAGE }).page(pageParam),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  if (workspace.isPending || metrics.isPending || answers.isPending)
    return <Loading what="the answers" />;
  if (workspace.isError || metrics.isError || answers.isError)
    return <ErrorNote error={workspace.error ?? metrics.error ?? answers.error} action="Answers" />;
  const [first] = answers.data.pages;
  const entityName =
    metrics.data.shareOfVoice.find((e) => e.entityId === query.entity)?.entity ??
    (query.entity === "self" ? workspace.data.displayName : query.entity);
  const title = [
    query.engine && `from ${query.engine}`,
    surface && `read from ${surfaceLabels[surface]}s`,
    match === "mentioned" && (entityName ? `mentioning ${entityName}` : "naming a tracked brand"),
    match === "cited" && (entityName ? `citing ${entityName}` : "with a citation"),
    match === "recommended" &&
      (entityName ? `recommending ${entityName}` : "recommending a tracked brand"),
    match === "shortlisted" &&
      (entityName
        ? `with ${entityName} among their first three picks`
        : "shortlisting a tracked brand"),
    match === "discouraged" &&
      (entityName ? `advising against ${entityName}` : "advising against a tracked brand"),
    query.domain && `citing ${query.domain}`,
    query.url && `citing ${query.url}`,
  ]
    .filter(Boolean)
    .join(" ");
  const period =
    first && first.from === first.to
      ? formatDate(first.from)
      : `${formatDate(first?.from ?? null)} to ${formatDate(first?.to ?? null)}`;
  const excluded = first?.excluded;
  return (
    <AnswersFrame
      title={title}
      intro={`The answers measured on ${period}.`}
      surface={surface}
      chooseSurface={chooseSurface}
      responses={answers.data.pages.flatMap((p) => p.data)}
      workspace={workspace.data}
      selfEntity={
        metrics.data.shareOfVoice.find((e) => e.isSelf)?.entity ?? workspace.data.displayName
      }
      count={first?.total ?? 0}
      note={
        excluded && excluded.brandResearchPrompts > 0 ? (
          <p className="note">{formatExcluded(excluded)}</p>
        ) : null
      }
    >
      {answers.hasNextPage && (
        <button
          type="button"
          onClick={() => answers.fetchNextPage()}
          disabled={answers.isFetchingNextPage}
        >
          {answers.isFetchingNextPage ? "Loading…" : "Show more answers"}
        </button>
      )}
    </AnswersFrame>
  );
}

function RunAnswers({ runId }: { runId: string }) {
  const slug = useSlug();
  const [params] = useSearchParams();
  const [surface, chooseSurface] = useSurfaceParam();
  const engine = params.get("engine");
  const prompt = params.get("prompt");
  const domain = params.get("domain");
  const metrics = useMetrics(slug);
  const workspace = useWorkspace(slug);
  const responses = useQuery({
    queryKey: ["answers", slug, runId],
    queryFn: () => take(gp.runs.responses(slug, runId, { limit: 100 }), 2000),
  });
  if (metrics.isPending || workspace.isPending) return <Loading what="the answers" />;
  if (metrics.isError || workspace.isError)
    return <ErrorNote error={metrics.error ?? workspace.error} action="Answers" />;
  const shown = (responses.data ?? [])
    .filter((r) => r.status === "succeeded" && r.answer !== null)
    .filter((r) => !engine || r.engine === engine)
    .filter((r) => !surface || r.surface === surface)
    .filter((r) => !prompt || r.promptId === prompt)
    .filter((r) => !domain || r.citations.some((c) => citesDomain(c.url, domain)));
  const title = [
    engine && `from ${engine}`,
    surface && `read from ${surfaceLabels[surface]}s`,
    domain && `citing ${domain}`,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <AnswersFrame
      title={title}
      intro="One run's answers."
      surface={surface}
      chooseSurface={chooseSurface}
      responses={shown}
      workspace={workspace.data}
      selfEntity={
        metrics.data.shareOfVoice.find((e) => e.isSelf)?.entity ?? workspace.data.displayName
      }
      count={shown.length}
      loading={responses.isLoading}
      error={responses.error}
    />
  );
}

/** The page around a list of answers: heading, surface choice, count and the answers. */
function AnswersFrame(props: {
  title: string;
  intro: string;
  surface: Schemas["Surface"] | undefined;
  chooseSurface: (surface: Schemas["Surface"] | undefined) => void;
  responses: readonly RunResponse[];
  workspace: Schemas["Workspace"];
  selfEntity: string;
  count: number;
  loading?: boolean;
  error?: Error | null;
  /** Shown above the answers (what the number leaves out). */
  note?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const slug = useSlug();
  const terms = termsOf(props.workspace, props.selfEntity);
  const shown = props.responses.map((r) => ({
    response: r,
    segments: splitMentions(r.answer ?? "", terms),
  }));
  return (
    <section aria-labelledby="answers-title">
      <h1 id="answers-title">Answers {props.title}</h1>
      <p>
        {props.intro} <mark className="m-self">Your brand</mark> and{" "}
        <mark className="m-other">competitors</mark> are highlighted.{" "}
        <Link to={`/w/${slug}`}>Back to the overview</Link>
      </p>
      <SurfaceSelect value={props.surface} onChange={props.chooseSurface} every="every surface" />
      {props.loading && <Loading what="answers" />}
      <ErrorNote error={props.error ?? null} action="Answers" />
      {!props.loading && props.count === 0 && <Empty>No answer matches this number.</Empty>}
      {props.count > 0 && <p role="status">{formatNumber(props.count)} answers</p>}
      {props.note}
      <AnswerList answers={shown} />
      {props.children}
    </section>
  );
}

/** The query without its unset fields (the SDK sends every key it is given). */
function clean<T extends Record<string, unknown>>(query: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
