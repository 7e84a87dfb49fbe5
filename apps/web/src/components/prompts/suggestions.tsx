import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { gp } from "../../api";
import { formatMicrousd, formatNumber } from "../../format";
import { keys, take } from "../../hooks";
import { categoryLabel } from "../../prompt-set";
import { Empty, ErrorNote, Loading } from "../states";

const running = new Set(["queued", "running"]);

/** Suggestions generated for the brand: accept many at once, or accept or dismiss one. */
export function SuggestionsPanel({ slug }: { slug: string }) {
  const queryClient = useQueryClient();
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const refresh = () => {
    for (const key of [keys.prompts(slug), keys.suggestions(slug)])
      void queryClient.invalidateQueries({ queryKey: key });
  };
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
    refetchInterval: (q) =>
      q.state.status === "error" || (q.state.data && !running.has(q.state.data.status))
        ? false
        : 1000,
  });
  const generate = useMutation({
    mutationFn: () => gp.promptGenerations.start(slug, { count: 10, promptsPerCall: 10 }),
    onSuccess: (started) => setGenerationId(started.generationId),
  });
  const acceptMany = useMutation({
    mutationFn: () => gp.promptSuggestions.acceptMany(slug, { ids: [...chosen], active: true }),
    onSuccess: () => {
      setChosen(new Set());
      refresh();
    },
  });
  const decide = useMutation({
    mutationFn: async ({ id, accept }: { id: string; accept: boolean }): Promise<void> => {
      if (accept) await gp.promptSuggestions.accept(slug, id, {});
      else await gp.promptSuggestions.dismiss(slug, id);
    },
    onSuccess: (_, { id }) => {
      setChosen((current) => new Set([...current].filter((c) => c !== id)));
      refresh();
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
            acceptMany.mutate();
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
                <li key={s.suggestionId} className="suggestion">
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={chosen.has(s.suggestionId)}
                      onChange={(e) => toggle(s.suggestionId, e.target.checked)}
                    />
                    {s.text} <span className="tag">{categoryLabel(s.category)}</span>
                  </label>
                  <span className="actions">
                    <button
                      type="button"
                      className="link"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ id: s.suggestionId, accept: true })}
                      aria-label={`Accept: ${s.text}`}
                    >
                      Accept
                    </button>
                    <button
                      type="button"
                      className="link"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ id: s.suggestionId, accept: false })}
                      aria-label={`Dismiss: ${s.text}`}
                    >
                      Dismiss
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          </fieldset>
          <ErrorNote error={decide.error} action="Could not decide the suggestion" />
          <button
            type="submit"
            className="primary"
            disabled={chosen.size === 0 || acceptMany.isPending}
          >
            Accept {formatNumber(chosen.size)} selected
          </button>
          <ErrorNote error={acceptMany.error} action="Could not accept" />
        </form>
      )}
    </article>
  );
}
