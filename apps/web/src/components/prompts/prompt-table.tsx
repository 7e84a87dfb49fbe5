import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { gp, type Schemas } from "../../api";
import { mapFieldErrors } from "../../field-errors";
import { keys, take } from "../../hooks";
import { categories, categoryLabel } from "../../prompt-set";
import { Empty, ErrorNote, Loading } from "../states";

type Category = Schemas["PromptCategory"];
type Activity = "all" | "active" | "inactive";

/** The prompt set, filtered by category and activity, each prompt activated, edited or deleted. */
export function PromptTable({ slug }: { slug: string }) {
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<Category | "">("");
  const [activity, setActivity] = useState<Activity>("all");
  const [editing, setEditing] = useState<Schemas["Prompt"] | null>(null);
  const filters = {
    ...(category ? { category } : {}),
    ...(activity === "all" ? {} : { active: activity === "active" }),
  };
  const prompts = useQuery({
    queryKey: [...keys.prompts(slug), filters],
    queryFn: () => take(gp.prompts.list(slug, { ...filters, limit: 100 }), 100),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.prompts(slug) });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: string; change: Schemas["PromptUpdate"] }) =>
      gp.prompts.update(slug, id, change),
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => gp.prompts.delete(slug, id),
    onSuccess: refresh,
  });
  const filtered = category !== "" || activity !== "all";

  return (
    <article className="panel" aria-labelledby="set-title">
      <h2 id="set-title">Prompt set</h2>
      <div className="row filters">
        <label>
          Category{" "}
          <select value={category} onChange={(e) => setCategory(e.target.value as Category | "")}>
            <option value="">All categories</option>
            {categories.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status{" "}
          <select value={activity} onChange={(e) => setActivity(e.target.value as Activity)}>
            <option value="all">Active and inactive</option>
            <option value="active">Active only</option>
            <option value="inactive">Inactive only</option>
          </select>
        </label>
      </div>
      {prompts.isPending && <Loading what="prompts" />}
      <ErrorNote error={prompts.error} action="Prompts" />
      <ErrorNote error={update.error} action="Could not change the prompt" />
      <ErrorNote error={remove.error} action="Could not delete the prompt" />
      {prompts.data?.length === 0 && (
        <Empty>
          {filtered
            ? "No prompt matches these filters: choose another category or status."
            : "No prompts yet: add one, import a list, or accept suggestions above."}
        </Empty>
      )}
      {prompts.data && prompts.data.length > 0 && (
        <div className="scroll">
          <table className="stack">
            <thead>
              <tr>
                <th scope="col">Prompt</th>
                <th scope="col">Category</th>
                <th scope="col">Language</th>
                <th scope="col">Active</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {prompts.data.map((p) =>
                editing?.promptId === p.promptId ? (
                  <EditRow
                    key={p.promptId}
                    prompt={p}
                    error={update.error}
                    saving={update.isPending}
                    onCancel={() => setEditing(null)}
                    onSave={(change) => update.mutate({ id: p.promptId, change })}
                  />
                ) : (
                  <tr key={p.promptId}>
                    <td data-label="Prompt">
                      <Link to={`/w/${slug}/prompts/${p.promptId}`}>{p.text}</Link>
                    </td>
                    <td data-label="Category">{categoryLabel(p.category)}</td>
                    <td data-label="Language">
                      {p.language}
                      {p.region ? ` (${p.region})` : ""}
                    </td>
                    <td data-label="Active">{p.active ? "yes" : "no"}</td>
                    <td data-label="Actions">
                      <span className="actions">
                        <button
                          type="button"
                          className="link"
                          aria-label={`${p.active ? "Deactivate" : "Activate"}: ${p.text}`}
                          onClick={() =>
                            update.mutate({ id: p.promptId, change: { active: !p.active } })
                          }
                        >
                          {p.active ? "Deactivate" : "Activate"}
                        </button>
                        <button
                          type="button"
                          className="link"
                          aria-label={`Edit: ${p.text}`}
                          onClick={() => setEditing(p)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="link"
                          aria-label={`Delete: ${p.text}`}
                          onClick={() => {
                            if (window.confirm(`Delete “${p.text}”? Its past answers are kept.`))
                              remove.mutate(p.promptId);
                          }}
                        >
                          Delete
                        </button>
                      </span>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}

/** A prompt's text and category edited in place; the API's field errors under the text. */
function EditRow({
  prompt,
  error,
  saving,
  onCancel,
  onSave,
}: {
  prompt: Schemas["Prompt"];
  error: unknown;
  saving: boolean;
  onCancel: () => void;
  onSave: (change: Schemas["PromptUpdate"]) => void;
}) {
  const [text, setText] = useState(prompt.text);
  const [category, setCategory] = useState<Category>(prompt.category);
  const textErrors = mapFieldErrors(error, ["text"]).byControl.text;
  return (
    <tr>
      <td data-label="Prompt">
        <input
          aria-label="Prompt text"
          value={text}
          aria-invalid={textErrors ? true : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {textErrors && (
          <ul className="field-errors">
            {textErrors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </td>
      <td data-label="Category">
        <select
          aria-label="Prompt category"
          value={category}
          onChange={(e) => setCategory(e.target.value as Category)}
        >
          {categories.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Language">{prompt.language}</td>
      <td data-label="Active">{prompt.active ? "yes" : "no"}</td>
      <td data-label="Actions">
        <span className="actions">
          <button
            type="button"
            className="link"
            disabled={saving}
            onClick={() => onSave({ text, category })}
          >
            Save
          </button>
          <button type="button" className="link" onClick={onCancel}>
            Cancel
          </button>
        </span>
      </td>
    </tr>
  );
}
