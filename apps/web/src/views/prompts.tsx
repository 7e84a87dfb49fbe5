import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { gp } from "../api";
import { Empty, ErrorNote, Loading } from "../components/states";
import { formatMicrousd, formatNumber } from "../format";
import { keys, take, useSlug } from "../hooks";

const running = new Set(["queued", "running"]);

/** The prompt set, and suggestions generated for the brand to accept into it. */
export default function Prompts() {
  const slug = useSlug();
  const queryClient = useQueryClient();
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const prompts = useQuery({
    queryKey: keys.prompts(slug),
    queryFn: () => take(gp.prompts.list(slug, { limit: 100 }), 100),
  });
  const suggestions = useQuery({
    queryKey: keys.suggestions(slug),
    queryFn: () => take(gp.promptSuggestions.list(slug, { status: "pending", limit: 100 }), 100),
  });
  const generation = useQuery({
    queryKey: ["generation", slug, generationId],
    enabled: generationId !== null,
    queryFn: async () => {
      const current = await gp.promptGenerations.get(slug, generationId ?? "");
      if (!running.has(current.status))
        void queryClient.invalidateQueries({ queryKey: keys.suggestions(slug) });
      return current;
    },
    refetchInterval: (q) => (q.state.data && !running.has(q.state.data.status) ? false : 1000),
  });
  const generate = useMutation({
    mutationFn: () => gp.promptGenerations.start(slug, { count: 10, promptsPerCall: 10 }),
    onSuccess: (started) => setGenerationId(started.generationId),
  });
  const accept = useMutation({
    mutationFn: () => gp.promptSuggestions.acceptMany(slug, { ids: [...chosen], active: true }),
    onSuccess: () => {
      setChosen(new Set());
      for (const key of [keys.prompts(slug), keys.suggestions(slug)])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const pending = suggestions.data ?? [];

  return (
    <section aria-labelledby="prompts-title">
      <h1 id="prompts-title">Prompts</h1>
      <article className="panel" aria-labelledby="suggest-title">
        <h2 id="suggest-title">Suggestions</h2>
        <button
          type="button"
          onClick={() => generate.mutate()}
          disabled={
            generate.isPending ||
            (generation.data !== undefined && running.has(generation.data.status))
          }
        >
          Generate 10 suggestions
        </button>
        <ErrorNote error={generate.error} action="Could not generate suggestions" />
        {generation.data && (
          <p role="status">
            Generation {generation.data.status}: {formatNumber(generation.data.suggestionCount)}{" "}
            suggestions
            {generation.data.simulated ? " (simulated writer)" : ""}, cost{" "}
            {formatMicrousd(generation.data.costMicrousd)}.
          </p>
        )}
        {suggestions.isPending && <Loading what="suggestions" />}
        <ErrorNote error={suggestions.error} action="Suggestions" />
        {suggestions.data && pending.length === 0 && (
          <Empty>No suggestions waiting: generate some to grow the prompt set.</Empty>
        )}
        {pending.length > 0 && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              accept.mutate();
            }}
          >
            <fieldset>
              <legend>Choose the suggestions to add to the active set</legend>
              <label className="check">
                <input
                  type="checkbox"
                  checked={chosen.size === pending.length}
                  onChange={(e) =>
                    setChosen(
                      e.target.checked ? new Set(pending.map((s) => s.suggestionId)) : new Set(),
                    )
                  }
                />
                Select all ({formatNumber(pending.length)})
              </label>
              <ul className="plain suggestions">
                {pending.map((s) => (
                  <li key={s.suggestionId}>
                    <label className="check">
                      <input
                        type="checkbox"
                        checked={chosen.has(s.suggestionId)}
                        onChange={(e) => toggle(s.suggestionId, e.target.checked)}
                      />
                      {s.text} <span className="tag">{s.category.replace("_", " ")}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <button
              type="submit"
              className="primary"
              disabled={chosen.size === 0 || accept.isPending}
            >
              Accept {formatNumber(chosen.size)} selected
            </button>
            <ErrorNote error={accept.error} action="Could not accept" />
          </form>
        )}
      </article>
      <article className="panel" aria-labelledby="set-title">
        <h2 id="set-title">Prompt set</h2>
        {prompts.isPending && <Loading what="prompts" />}
        <ErrorNote error={prompts.error} action="Prompts" />
        {prompts.data?.length === 0 && (
          <Empty>No prompts yet: generate suggestions above and accept the ones you want.</Empty>
        )}
        {prompts.data && prompts.data.length > 0 && (
          <div className="scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Prompt</th>
                  <th scope="col">Active</th>
                </tr>
              </thead>
              <tbody>
                {prompts.data.map((p) => (
                  <tr key={p.promptId}>
                    <td>
                      {p.text} <span className="tag">{p.category.replace("_", " ")}</span>{" "}
                      <span className="tag">{p.language}</span>
                    </td>
                    <td>{p.active ? "yes" : "no"}</td>
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
