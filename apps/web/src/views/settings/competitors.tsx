import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { Schemas } from "../../api";
import { gp } from "../../api";
import { FormErrors, useFormErrors } from "../../components/save-form";
import { ErrorNote, Loading } from "../../components/states";
import { CompetitorFields } from "../../components/workspace-fields";
import {
  type CompetitorDraft,
  competitorControlKeys,
  competitorDraft,
  emptyCompetitor,
  toCompetitor,
} from "../../workspace-form";
import { settingsKeys, useCompetitors } from "./queries";

type Competitor = Schemas["CompetitorRecord"];

export function CompetitorsSection({ slug }: { slug: string }) {
  const competitors = useCompetitors(slug);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.competitors(slug) });
  const remove = useMutation({
    mutationFn: (c: Competitor) => gp.competitors.delete(slug, c.competitorId),
    onSuccess: async (_, c) => {
      setConfirming(null);
      setNotice(`Removed ${c.name}.`);
      await refresh();
    },
  });
  const done = async (message: string) => {
    setEditing(null);
    setNotice(message);
    await refresh();
  };

  if (competitors.isPending) return <Loading what="the competitors" />;
  if (competitors.isError)
    return <ErrorNote error={competitors.error} action="Could not load the competitors" />;
  const list = competitors.data;
  const edited = list.find((c) => c.competitorId === editing);
  return (
    <div className="settings-form">
      <h2>Competitors and aliases</h2>
      <p>
        A workspace measures 2 to 12 competitors; answers count a competitor when they use its name
        or an alias. Changing names or aliases re-analyses the stored answers in the background:
        scores update when it finishes (the API does not report its progress).
      </p>
      <p role="status">{notice}</p>
      <ErrorNote error={remove.error} action="Could not remove the competitor" />
      <table className="stack">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Aliases</th>
            <th scope="col">Domains</th>
            <th scope="col">Common word</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {list.map((c) => (
            <tr key={c.competitorId}>
              <td data-label="Name">{c.name}</td>
              <td data-label="Aliases">{c.aliases.join(", ")}</td>
              <td data-label="Domains">{c.domains.join(", ")}</td>
              <td data-label="Common word">{c.ambiguous ? "Yes" : "No"}</td>
              <td data-label="Actions">
                {confirming === c.competitorId ? (
                  <span className="confirm">
                    Remove {c.name}? Its mentions stop counting.{" "}
                    <button type="button" onClick={() => remove.mutate(c)}>
                      Yes, remove {c.name}
                    </button>{" "}
                    <button type="button" onClick={() => setConfirming(null)}>
                      Keep {c.name}
                    </button>
                  </span>
                ) : (
                  <>
                    <button
                      type="button"
                      className="link"
                      onClick={() => setEditing(c.competitorId)}
                    >
                      Edit {c.name}
                    </button>{" "}
                    <button
                      type="button"
                      className="link"
                      onClick={() => setConfirming(c.competitorId)}
                    >
                      Remove {c.name}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-grid">
        {edited && (
          <CompetitorEditor
            key={edited.competitorId}
            title={`Edit ${edited.name}`}
            initial={competitorDraft(edited)}
            submitLabel="Save competitor"
            save={(body) => gp.competitors.update(slug, edited.competitorId, body)}
            cancel={() => setEditing(null)}
            done={(c) => done(`Saved ${c.name}; its answers are being re-analysed.`)}
          />
        )}
        <CompetitorEditor
          key={`add-${list.length}`}
          title="Add a competitor"
          initial={emptyCompetitor()}
          submitLabel="Add competitor"
          save={(body) => gp.competitors.create(slug, body)}
          done={(c) => done(`Added ${c.name}.`)}
        />
      </div>
    </div>
  );
}

/** One competitor's form: the API's 400 details on its fields, 409s (name taken) in words. */
function CompetitorEditor({
  title,
  initial,
  submitLabel,
  save,
  cancel,
  done,
}: {
  title: string;
  initial: CompetitorDraft;
  submitLabel: string;
  save: (body: Schemas["Competitor"]) => Promise<Competitor>;
  cancel?: () => void;
  done: (saved: Competitor) => Promise<void>;
}) {
  const [draft, setDraft] = useState(initial);
  const mutation = useMutation({ mutationFn: () => save(toCompetitor(draft)), onSuccess: done });
  const errors = useFormErrors(mutation.error, competitorControlKeys(""));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="competitor">
        <legend>{title}</legend>
        <FormErrors
          error={mutation.error}
          unplaced={errors.unplaced}
          action="Could not save the competitor"
        />
        <CompetitorFields
          competitor={draft}
          change={(change) => setDraft((d) => ({ ...d, ...change }))}
          at={errors.at}
          name="competitor"
        />
        <div className="save-bar">
          <button type="submit" className="primary" disabled={mutation.isPending}>
            {mutation.isPending ? "Saving…" : submitLabel}
          </button>
          {cancel && (
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
