import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { sessionApi } from "../api";
import { Field } from "../components/field";
import { ErrorNote } from "../components/states";
import { apiFieldErrors, mapFieldErrors } from "../field-errors";
import { keys } from "../hooks";
import {
  type CompetitorDraft,
  controlKeys,
  emptyCompetitor,
  initialDraft,
  languages,
  quotaKeys,
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
      {create.isError && apiFieldErrors(create.error).length === 0 && (
        <ErrorNote error={create.error} action="Could not create the workspace" />
      )}
      {create.isError && apiFieldErrors(create.error).length > 0 && (
        <p className="error" role="alert">
          Some fields need a change: see the messages below.
          {errors.unplaced.map((m) => ` ${m}.`)}
        </p>
      )}
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
          <Field label="Display name" errors={at("displayName")}>
            {(p) => (
              <input
                {...p}
                name="displayName"
                value={draft.displayName}
                onChange={(e) => set("displayName", e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Brand domains"
            hint="1–8, separated by commas (example.com)"
            errors={at("domains")}
          >
            {(p) => (
              <input
                {...p}
                name="domains"
                value={draft.domains}
                onChange={(e) => set("domains", e.target.value)}
              />
            )}
          </Field>
          <fieldset className="inline">
            <legend>Languages</legend>
            {languages.map((lang) => (
              <label key={lang} className="check">
                <input
                  type="checkbox"
                  name="languages"
                  value={lang}
                  checked={draft.languages.includes(lang)}
                  onChange={(e) =>
                    set(
                      "languages",
                      e.target.checked
                        ? [...draft.languages, lang]
                        : draft.languages.filter((l) => l !== lang),
                    )
                  }
                />
                {lang}
              </label>
            ))}
            {at("languages")?.map((m) => (
              <p key={m} className="field-errors">
                {m}
              </p>
            ))}
          </fieldset>
          <Field
            label="Regions"
            hint="Up to 8, separated by commas (us, eu-west)"
            errors={at("regions")}
          >
            {(p) => (
              <input
                {...p}
                name="regions"
                value={draft.regions}
                onChange={(e) => set("regions", e.target.value)}
              />
            )}
          </Field>
        </fieldset>

        <fieldset>
          <legend>Competitors (2–12)</legend>
          {at("competitors")?.map((m) => (
            <p key={m} className="field-errors">
              {m}
            </p>
          ))}
          {draft.competitors.map((c, i) => (
            <fieldset key={i} className="competitor">
              <legend>Competitor {i + 1}</legend>
              <Field label="Name" errors={at(`competitors[${i}].name`)}>
                {(p) => (
                  <input
                    {...p}
                    name={`competitors.${i}.name`}
                    value={c.name}
                    onChange={(e) => setCompetitor(i, { name: e.target.value })}
                  />
                )}
              </Field>
              <Field
                label="Domains"
                hint="1–5, comma separated"
                errors={at(`competitors[${i}].domains`)}
              >
                {(p) => (
                  <input
                    {...p}
                    name={`competitors.${i}.domains`}
                    value={c.domains}
                    onChange={(e) => setCompetitor(i, { domains: e.target.value })}
                  />
                )}
              </Field>
              <Field
                label="Aliases"
                hint="1–8 names answers use, comma separated"
                errors={at(`competitors[${i}].aliases`)}
              >
                {(p) => (
                  <input
                    {...p}
                    name={`competitors.${i}.aliases`}
                    value={c.aliases}
                    onChange={(e) => setCompetitor(i, { aliases: e.target.value })}
                  />
                )}
              </Field>
              <label className="check">
                <input
                  type="checkbox"
                  checked={c.ambiguous}
                  onChange={(e) => setCompetitor(i, { ambiguous: e.target.checked })}
                />
                The name is also a common word
              </label>
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
          <Field
            label="Search Console property"
            hint="sc-domain:example.com"
            errors={at("gscProperty")}
          >
            {(p) => (
              <input
                {...p}
                name="gscProperty"
                value={draft.gscProperty}
                onChange={(e) => set("gscProperty", e.target.value)}
              />
            )}
          </Field>
          <Field label="GA4 property id" hint="6–12 digits" errors={at("ga4Property")}>
            {(p) => (
              <input
                {...p}
                name="ga4Property"
                inputMode="numeric"
                value={draft.ga4Property}
                onChange={(e) => set("ga4Property", e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Active prompt set size"
            hint="20–300 prompts asked per run"
            errors={at("activeSetSize")}
          >
            {(p) => (
              <input
                {...p}
                name="activeSetSize"
                type="number"
                value={draft.activeSetSize}
                onChange={(e) => set("activeSetSize", e.target.value)}
              />
            )}
          </Field>
          <Field label="Compliance profile" errors={at("complianceProfile")}>
            {(p) => (
              <select
                {...p}
                name="complianceProfile"
                value={draft.complianceProfile}
                onChange={(e) =>
                  set("complianceProfile", e.target.value as WorkspaceDraft["complianceProfile"])
                }
              >
                <option value="none">None</option>
                <option value="eu_medical">EU medical claims</option>
              </select>
            )}
          </Field>
        </fieldset>

        <fieldset>
          <legend>Prompt mix (shares summing to 1)</legend>
          {at("quotas")?.map((m) => (
            <p key={m} className="field-errors">
              {m}
            </p>
          ))}
          <div className="quotas">
            {quotaKeys.map((key) => (
              <Field key={key} label={key.replace("_", " ")} errors={at(`quotas.${key}`)}>
                {(p) => (
                  <input
                    {...p}
                    name={`quotas.${key}`}
                    type="number"
                    step="0.05"
                    min="0"
                    max="1"
                    value={draft.quotas[key]}
                    onChange={(e) => set("quotas", { ...draft.quotas, [key]: e.target.value })}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>

        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create workspace"}
        </button>
      </form>
    </section>
  );
}
