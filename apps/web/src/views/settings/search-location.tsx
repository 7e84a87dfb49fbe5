import type { Schemas } from "../../api";
import { gp } from "../../api";
import { Field } from "../../components/field";
import { FormErrors, SaveBar, useFormErrors, useSaveForm } from "../../components/save-form";
import { ErrorNote, Loading } from "../../components/states";
import { settingsKeys, useStoredSettings } from "./queries";

/** The search location as a person types it; all empty means none. */
interface LocationDraft {
  city: string;
  country: string;
  latitude: string;
  longitude: string;
}

const fields = ["city", "country", "latitude", "longitude"] as const;
const controlKeys = ["searchLocation", ...fields.map((f) => `searchLocation.${f}`)];

const toDraft = (s: Schemas["WorkspaceSettings"]): LocationDraft => ({
  city: s.searchLocation?.city ?? "",
  country: s.searchLocation?.country ?? "",
  latitude: s.searchLocation ? String(s.searchLocation.latitude) : "",
  longitude: s.searchLocation ? String(s.searchLocation.longitude) : "",
});

/** Every field empty clears it; anything else is sent as typed (the API names the rule broken). */
function toUpdate(draft: LocationDraft): Schemas["WorkspaceSettingsUpdate"] {
  if (fields.every((f) => draft[f].trim() === "")) return { searchLocation: null };
  const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
  return {
    searchLocation: {
      city: draft.city.trim(),
      country: draft.country.trim().toUpperCase(),
      latitude: number(draft.latitude),
      longitude: number(draft.longitude),
    },
  };
}

export function SearchLocationSection({ slug }: { slug: string }) {
  const stored = useStoredSettings(slug);
  if (stored.isPending) return <Loading what="the search location" />;
  if (stored.isError)
    return <ErrorNote error={stored.error} action="Could not load the settings" />;
  return <SearchLocationForm slug={slug} stored={stored.data} />;
}

function SearchLocationForm({
  slug,
  stored,
}: {
  slug: string;
  stored: Schemas["WorkspaceSettings"];
}) {
  const form = useSaveForm({
    stored,
    queryKey: settingsKeys.settings(slug),
    toDraft,
    save: (draft) => gp.settings.update(slug, toUpdate(draft)),
  });
  const errors = useFormErrors(form.mutation.error, controlKeys);
  const at = (field: (typeof fields)[number]) => [
    ...(errors.at(`searchLocation.${field}`) ?? []),
    ...(field === "city" ? (errors.at("searchLocation") ?? []) : []),
  ];
  const input = (field: (typeof fields)[number], label: string, hint: string) => (
    <Field label={label} hint={hint} errors={at(field)}>
      {(p) => (
        <input
          {...p}
          name={field}
          inputMode={field === "latitude" || field === "longitude" ? "decimal" : undefined}
          value={form.draft[field]}
          onChange={(e) => form.set(field, e.target.value)}
        />
      )}
    </Field>
  );
  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="form-grid settings-form"
      aria-labelledby="sl-title"
    >
      <h2 id="sl-title">Local search</h2>
      <p>
        Google's AI Overviews and AI Mode answer differently from city to city. Name a city and the
        prompts of its country are asked there, as a visitor in that city sees Google; prompts of
        other countries are asked from their country. The consumer apps take a country only. Leave
        every field empty to ask from the prompts' countries alone.
      </p>
      <FormErrors
        error={form.mutation.error}
        unplaced={errors.unplaced}
        action="Could not save the search location"
      />
      {input("city", "City", "Its name, as people say it: Austin")}
      {input("country", "Country", "Two-letter code: US, GB, ES")}
      {input("latitude", "Latitude", "-90 to 90, e.g. 30.2672")}
      {input("longitude", "Longitude", "-180 to 180, e.g. -97.7431")}
      <SaveBar mutation={form.mutation} dirty={form.dirty} cancel={form.cancel} />
    </form>
  );
}
