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
import { settingsKeys, useMeasurementModel, useModelCatalog } from "./queries";

const weightLabels = {
  visibility: "Visibility",
  shareOfVoice: "Share of voice",
  position: "Position",
  citation: "Citation",
} as const;

type CatalogModel = Schemas["CatalogModel"];

/** A catalog model as an option: its id and list prices (per million tokens in/out, per search or request). */
function optionLabel(m: CatalogModel): string {
  const p = m.prices;
  const parts: string[] = [];
  if (p.inputPerMillion || p.outputPerMillion)
    parts.push(`${usd(p.inputPerMillion)} in / ${usd(p.outputPerMillion)} out per M tokens`);
  if (p.perSearch) parts.push(`${usd(p.perSearch)} per search`);
  if (p.perGroundedRequest) parts.push(`${usd(p.perGroundedRequest)} per grounded request`);
  if (p.perRequest) parts.push(`${usd(p.perRequest)} per request`);
  return `${m.id}${parts.length ? ` (${parts.join(", ")})` : ""}${m.status === "deprecated" ? ", deprecated" : ""}`;
}

const usd = (microusd: number) => `$${(microusd / 1_000_000).toFixed(microusd % 10_000 ? 4 : 2)}`;

/** The catalog's models of a provider for a use (what the API accepts there). */
function modelsFor(
  catalog: CatalogModel[],
  provider: string,
  use: CatalogModel["uses"][number],
): CatalogModel[] {
  return catalog.filter(
    (m) => m.provider === provider && m.uses.includes(use) && m.status !== "retired",
  );
}

export function ModelSection({ slug }: { slug: string }) {
  const stored = useMeasurementModel(slug);
  const catalog = useModelCatalog();
  if (stored.isPending || catalog.isPending) return <Loading what="the measurement model" />;
  if (stored.isError) return <ErrorNote error={stored.error} action="Could not load the model" />;
  if (catalog.isError)
    return <ErrorNote error={catalog.error} action="Could not load the model catalog" />;
  return (
    <>
      <ModelForm slug={slug} stored={stored.data} catalog={catalog.data} />
      <EngineKeys slug={slug} engines={stored.data.engines.map((e) => e.engine)} />
    </>
  );
}

function ModelForm({
  slug,
  stored,
  catalog,
}: {
  slug: string;
  stored: Schemas["MeasurementModel"];
  catalog: CatalogModel[];
}) {
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
        {stored.isDefault && " No model is stored yet: these are the defaults."} Only the server's
        catalog models can be chosen, shown with the list prices a call is charged at; the{" "}
        <Link to={`/w/${slug}/runs`}>Runs</Link> view estimates what a run would reserve before it
        starts.
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
                      <select
                        {...p}
                        value={e.model}
                        onChange={(event) => setEngine(i, { model: event.target.value })}
                      >
                        {modelsFor(catalog, e.engine, "answers").map((m) => (
                          <option key={m.id} value={m.id}>
                            {optionLabel(m)}
                          </option>
                        ))}
                      </select>
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
              onChange={(e) => {
                const provider = e.target.value as ModelDraft["assistant"]["provider"];
                // Another provider's models: its default chat model until one is picked.
                const chat = modelsFor(catalog, provider, "chat");
                const model =
                  chat.find((m) => m.defaultFor.includes("chat"))?.id ?? chat[0]?.id ?? "";
                set("assistant", { provider, model });
              }}
            >
              <option value="openai">OpenAI</option>
              <option value="anthropic">Anthropic</option>
            </select>
          )}
        </Field>
        <Field label="Assistant model" errors={errors.at("assistant.model")}>
          {(p) => (
            <select
              {...p}
              value={draft.assistant.model}
              onChange={(e) => set("assistant", { ...draft.assistant, model: e.target.value })}
            >
              {modelsFor(catalog, draft.assistant.provider, "chat").map((m) => (
                <option key={m.id} value={m.id}>
                  {optionLabel(m)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>
      <SaveBar mutation={form.mutation} dirty={form.dirty} cancel={form.cancel} />
    </form>
  );
}
