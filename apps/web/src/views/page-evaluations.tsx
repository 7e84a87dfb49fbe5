import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { gp } from "../api";
import { Field } from "../components/field";
import { Empty, ErrorNote, Loading } from "../components/states";
import { apiFieldErrors, mapFieldErrors } from "../field-errors";
import { formatDate, formatNumber } from "../format";
import { take, useSlug } from "../hooks";
import { evaluationStatusLabels, failureLabels, pollWhileRunning } from "../report-labels";

export const evaluationKeys = {
  list: (slug: string) => ["page-evaluations", slug] as const,
  one: (slug: string, id: string) => ["page-evaluations", slug, id] as const,
};

/** Evaluate a page the way AI crawlers see it; the evaluations so far. */
export default function PageEvaluations() {
  const slug = useSlug();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const list = useQuery({
    queryKey: evaluationKeys.list(slug),
    queryFn: () => take(gp.pageEvaluations.list(slug, { limit: 50 }), 50),
    refetchInterval: (query) => pollWhileRunning(query.state.data),
  });
  const start = useMutation({
    mutationFn: () => gp.pageEvaluations.start(slug, { url: url.trim() }),
    onSuccess: async (evaluation) => {
      await queryClient.invalidateQueries({ queryKey: evaluationKeys.list(slug) });
      navigate(`/w/${slug}/page-evaluations/${evaluation.id}`);
    },
  });
  const errors = mapFieldErrors(start.error, ["url"]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate();
  };

  return (
    <section aria-labelledby="evaluations-title">
      <h1 id="evaluations-title">Page evaluations</h1>
      <form className="panel" onSubmit={submit} noValidate>
        <h2>Evaluate a page</h2>
        <Field
          label="Page address"
          hint="An http or https address of any public page (yours or a competitor's). Evaluations use no credit."
          errors={errors.byControl.url}
        >
          {(props) => (
            <input
              {...props}
              type="url"
              inputMode="url"
              value={url}
              placeholder="https://www.example.com/pricing"
              onChange={(e) => setUrl(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="primary" disabled={start.isPending}>
          {start.isPending ? "Starting…" : "Evaluate"}
        </button>
        {errors.unplaced.length > 0 && (
          <p className="error" role="alert">
            {errors.unplaced.join(" ")}
          </p>
        )}
        {apiFieldErrors(start.error).length === 0 && (
          <ErrorNote error={start.error} action="Could not start the evaluation" />
        )}
      </form>
      <article className="panel" aria-labelledby="evaluations-list-title">
        <h2 id="evaluations-list-title">Evaluations</h2>
        {list.isPending && <Loading what="page evaluations" />}
        <ErrorNote error={list.error} action="Page evaluations" />
        {list.data?.length === 0 && (
          <Empty>No pages evaluated yet: type a page's address above and press Evaluate.</Empty>
        )}
        {list.data && list.data.length > 0 && (
          <div className="scroll">
            <table className="stack">
              <caption className="visually-hidden">Page evaluations, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Overall score
                  </th>
                  <th scope="col">Started</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((e) => (
                  <tr key={e.id}>
                    <td data-label="Page" className="break">
                      <Link to={`/w/${slug}/page-evaluations/${e.id}`}>{e.url}</Link>
                    </td>
                    <td data-label="Status">
                      {evaluationStatusLabels[e.status]}
                      {e.failure && `: ${failureLabels[e.failure.reason]}`}
                    </td>
                    <td data-label="Overall score" className="num">
                      {e.scores?.overall == null ? "—" : formatNumber(e.scores.overall)}
                    </td>
                    <td data-label="Started">{formatDate(e.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </article>
    </section>
  );
}
