import { Link } from "react-router";
import type { Schemas } from "../../api";
import { gp } from "../../api";
import { Field } from "../../components/field";
import { FormErrors, SaveBar, useFormErrors, useSaveForm } from "../../components/save-form";
import { ErrorNote, Loading } from "../../components/states";
import { GroupErrors } from "../../components/workspace-fields";
import {
  type ModelDraft,
  modelControlKeys,
  modelDraft,
  toModelUpdate,
  weightKeys,
} from "../../settings-form";
import { EngineKeys } from "./engine-keys";
import { settingsKeys, useMeasurementModel } from "./queries";

const weightLabels = {
  visibility: "Visibility",
  shareOfVoice: "Share of voice",
  position: "Position",
  citation: "Citation",
} as const;

export function ModelSection({ slug }: { slug: string }) {
  const stored = useMeasurementModel(slug);
  if (stored.isPending) return <Loading what="the measurement model" />;
  if (stored.isError) return <ErrorNote error={stored.error} action="Could not load the model" />;
  return (
    <>
      <ModelForm slug={slug} stored={stored.data} />
      <EngineKeys slug={slug} engines={stored.data.engines.map((e) => e.engine)} />
    </>
  );
}

function ModelForm({ slug, stored }: { slug: string; stored: Schemas["MeasurementModel"] }) {
  const form = useSaveForm({
    stored,
    queryKey: settingsKeys.model(slug),
    toDraft: modelDraft,
    save: (draft) => gp.settings.putMeasurementModel(slug, toModelUpdate(draft)),
  });
  const { draft, set } = form;
  const errors = useFormErrors(form.mutation.error, modelControlKeys(draft));
  const setEngine = (i: number, change: Partial<ModelDraft["engines"][number]>) =>
    set(
      "engines",
      draft.engines.map((e, j) => (j === i ? { ...e, ...change } : e)),
    );
  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="form-grid settings-form"
      aria-labelledby="model-title"
    >
      <h2 id="model-title">Model</h2>
      <p>
        Which engines a measurement run asks, how the composite score weighs its parts, and the chat
        assistant's model.
        {stored.isDefault && " No model is stored yet: these are the defaults."} The API gives no
        price per model; the <Link to={`/w/${slug}/runs`}>Runs</Link> view estimates what a run
        would reserve before it starts.
      </p>
      <FormErrors
        error={form.mutation.error}
        unplaced={errors.unplaced}
        action="Could not save the model"
      />
      <fieldset>
        <legend>Engines</legend>
        <GroupErrors messages={errors.at("engines")} />
        <table className="stack">
          <thead>
            <tr>
              <th scope="col">Engine</th>
              <th scope="col">Model</th>
              <th scope="col">Asked</th>
            </tr>
          </thead>
          <tbody>
            {draft.engines.map((e, i) => (
              <tr key={e.engine}>
                <th scope="row" data-label="Engine">
                  {e.engine}
                </th>
                <td data-label="Model">
                  <Field label={`${e.engine} model`} errors={errors.at(`engines[${i}].model`)}>
                    {(p) => (
                      <input
                        {...p}
                        value={e.model}
                        onChange={(event) => setEngine(i, { model: event.target.value })}
                      />
                    )}
                  </Field>
                </td>
                <td data-label="Asked">
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={e.enabled}
                      onChange={(event) => setEngine(i, { enabled: event.target.checked })}
                    />
                    Ask {e.engine}
                  </label>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
      <fieldset>
        <legend>Score weights (summing to 1)</legend>
        <GroupErrors messages={errors.at("weights")} />
        <div className="quotas">
          {weightKeys.map((k) => (
            <Field key={k} label={weightLabels[k]} errors={errors.at(`weights.${k}`)}>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  step="0.05"
                  min="0"
                  max="1"
                  value={draft.weights[k]}
                  onChange={(e) => set("weights", { ...draft.weights, [k]: e.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Chat assistant</legend>
        <Field label="Assistant provider" errors={errors.at("assistant.provider")}>
          {(p) => (
            <select
              {...p}
              value={draft.assistant.provider}
              onChange={(e) =>
                set("assistant", {
                  ...draft.assistant,
                  provider: e.target.value as ModelDraft["assistant"]["provider"],
                })
              }
            >
              <option value="openai">OpenAI</option>
              <option value="anthropic">Anthropic</option>
            </select>
          )}
        </Field>
        <Field
          label="Assistant model"
          hint="The provider's model name, e.g. gpt-4.1-mini"
          errors={errors.at("assistant.model")}
        >
          {(p) => (
            <input
              {...p}
              value={draft.assistant.model}
              onChange={(e) => set("assistant", { ...draft.assistant, model: e.target.value })}
            />
          )}
        </Field>
      </fieldset>
      <SaveBar mutation={form.mutation} dirty={form.dirty} cancel={form.cancel} />
    </form>
  );
}
