import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { sessionApi } from "../api";
import { Field } from "../components/field";
import { FormErrors } from "../components/save-form";
import {
  CompetitorFields,
  ComplianceSelect,
  GroupErrors,
  IdentityFields,
  MeasurementFields,
  QuotaFields,
} from "../components/workspace-fields";
import { mapFieldErrors } from "../field-errors";
import { keys } from "../hooks";
import {
  type CompetitorDraft,
  controlKeys,
  emptyCompetitor,
  initialDraft,
  type SettingsDraft,
  toRequest,
  type WorkspaceDraft,
} from "../workspace-form";

/** The full creation form; the API's 400 details appear next to the fields they name. */
export default function CreateWorkspace() {
  const [draft, setDraft] = useState<WorkspaceDraft>(initialDraft);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => sessionApi.createWorkspace(toRequest(draft)),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: keys.workspaces });
      navigate(`/w/${created.slug}`);
    },
  });
  const errors = mapFieldErrors(create.error, controlKeys(draft));
  const at = (key: string) => errors.byControl[key];
  const set = <K extends keyof WorkspaceDraft>(key: K, value: WorkspaceDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  // The shared fields edit the settings part of the draft.
  const fields = {
    draft,
    at,
    set: <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value })),
  };
  const setCompetitor = (i: number, change: Partial<CompetitorDraft>) =>
    set(
      "competitors",
      draft.competitors.map((c, j) => (j === i ? { ...c, ...change } : c)),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <section aria-labelledby="create-title">
      <h1 id="create-title">Create a workspace</h1>
      <p>A workspace measures one brand against its competitors in AI answer engines.</p>
      <FormErrors
        error={create.error}
        unplaced={errors.unplaced}
        action="Could not create the workspace"
      />
      <form onSubmit={submit} noValidate className="form-grid">
        <fieldset>
          <legend>Brand</legend>
          <Field
            label="Brand id"
            hint="2–20 lower-case letters, digits or hyphens"
            errors={at("brand")}
          >
            {(p) => (
              <input
                {...p}
                name="brand"
                value={draft.brand}
                onChange={(e) => set("brand", e.target.value)}
              />
            )}
          </Field>
          <IdentityFields {...fields} />
        </fieldset>

        <fieldset>
          <legend>Competitors (2–12)</legend>
          <GroupErrors messages={at("competitors")} />
          {draft.competitors.map((c, i) => (
            <fieldset key={i} className="competitor">
              <legend>Competitor {i + 1}</legend>
              <CompetitorFields
                competitor={c}
                change={(change) => setCompetitor(i, change)}
                at={(field) => at(`competitors[${i}].${field}`)}
                name={`competitors.${i}`}
              />
              <button
                type="button"
                className="link"
                disabled={draft.competitors.length <= 1}
                onClick={() =>
                  set(
                    "competitors",
                    draft.competitors.filter((_, j) => j !== i),
                  )
                }
              >
                Remove competitor {i + 1}
              </button>
            </fieldset>
          ))}
          <button
            type="button"
            onClick={() => set("competitors", [...draft.competitors, emptyCompetitor()])}
          >
            Add a competitor
          </button>
        </fieldset>

        <fieldset>
          <legend>Connections and measurement</legend>
          <MeasurementFields {...fields} />
          <ComplianceSelect {...fields} />
        </fieldset>

        <QuotaFields {...fields} />

        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create workspace"}
        </button>
      </form>
    </section>
  );
}
