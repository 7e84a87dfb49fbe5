import type { Schemas } from "../../api";
import { gp } from "../../api";
import { Field } from "../../components/field";
import { FormErrors, SaveBar, useFormErrors, useSaveForm } from "../../components/save-form";
import { ErrorNote, Loading } from "../../components/states";
import { profileControlKeys, profileDraft, toProfile } from "../../settings-form";
import { settingsKeys, useBrandProfile } from "./queries";

export function ProfileSection({ slug }: { slug: string }) {
  const stored = useBrandProfile(slug);
  if (stored.isPending) return <Loading what="the brand profile" />;
  if (stored.isError)
    return <ErrorNote error={stored.error} action="Could not load the brand profile" />;
  return <ProfileForm slug={slug} stored={stored.data} />;
}

function ProfileForm({ slug, stored }: { slug: string; stored: Schemas["BrandProfile"] }) {
  const form = useSaveForm({
    stored,
    queryKey: settingsKeys.profile(slug),
    toDraft: profileDraft,
    save: (draft) => gp.settings.putBrandProfile(slug, toProfile(draft)),
  });
  const errors = useFormErrors(form.mutation.error, profileControlKeys);
  const { draft, set } = form;
  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="form-grid settings-form"
      aria-labelledby="bp-title"
    >
      <h2 id="bp-title">Brand profile</h2>
      <p>What the brand is: prompt generation and answer analysis read it. Empty means not set.</p>
      <FormErrors
        error={form.mutation.error}
        unplaced={errors.unplaced}
        action="Could not save the brand profile"
      />
      <Field
        label="Category"
        hint="The brand's market, e.g. web analytics"
        errors={errors.at("category")}
      >
        {(p) => (
          <input {...p} value={draft.category} onChange={(e) => set("category", e.target.value)} />
        )}
      </Field>
      <Field label="Description" errors={errors.at("description")}>
        {(p) => (
          <textarea
            {...p}
            rows={4}
            value={draft.description}
            onChange={(e) => set("description", e.target.value)}
          />
        )}
      </Field>
      <Field label="Positioning" errors={errors.at("positioning")}>
        {(p) => (
          <textarea
            {...p}
            rows={3}
            value={draft.positioning}
            onChange={(e) => set("positioning", e.target.value)}
          />
        )}
      </Field>
      <Field label="Markets" hint="Up to 20, comma separated" errors={errors.at("markets")}>
        {(p) => (
          <input {...p} value={draft.markets} onChange={(e) => set("markets", e.target.value)} />
        )}
      </Field>
      <SaveBar mutation={form.mutation} dirty={form.dirty} cancel={form.cancel} />
    </form>
  );
}
