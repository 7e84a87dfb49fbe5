import type { Schemas } from "../../api";
import { gp } from "../../api";
import { FormErrors, SaveBar, useFormErrors, useSaveForm } from "../../components/save-form";
import { ErrorNote, Loading } from "../../components/states";
import { ComplianceSelect } from "../../components/workspace-fields";
import { settingsControlKeys, settingsDraft } from "../../workspace-form";
import { settingsKeys, useStoredSettings } from "./queries";

export function ComplianceSection({ slug }: { slug: string }) {
  const stored = useStoredSettings(slug);
  if (stored.isPending) return <Loading what="the compliance profile" />;
  if (stored.isError)
    return <ErrorNote error={stored.error} action="Could not load the settings" />;
  return <ComplianceForm slug={slug} stored={stored.data} />;
}

function ComplianceForm({ slug, stored }: { slug: string; stored: Schemas["WorkspaceSettings"] }) {
  const form = useSaveForm({
    stored,
    queryKey: settingsKeys.settings(slug),
    toDraft: settingsDraft,
    save: (draft) => gp.settings.update(slug, { complianceProfile: draft.complianceProfile }),
  });
  const errors = useFormErrors(form.mutation.error, settingsControlKeys);
  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="form-grid settings-form"
      aria-labelledby="cp-title"
    >
      <h2 id="cp-title">Compliance profile</h2>
      <FormErrors
        error={form.mutation.error}
        unplaced={errors.unplaced}
        action="Could not save the compliance profile"
      />
      <ComplianceSelect draft={form.draft} set={form.set} at={errors.at} />
      <dl className="profile-notes">
        <dt>None</dt>
        <dd>Nothing is flagged.</dd>
        <dt>EU medical claims</dt>
        <dd>
          Every recommendation's title, action and suggested wording is checked against the EU rules
          on health and medical claims; findings are flagged with the rule, the passage and a
          compliant rewording. Engines' answers are also checked for restricted claims they
          attribute to the brand, which become "correct a claim" recommendations.
        </dd>
      </dl>
      <SaveBar mutation={form.mutation} dirty={form.dirty} cancel={form.cancel} />
    </form>
  );
}
