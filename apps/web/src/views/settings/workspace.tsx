import { useQueryClient } from "@tanstack/react-query";
import type { Schemas } from "../../api";
import { gp } from "../../api";
import { FormErrors, SaveBar, useFormErrors, useSaveForm } from "../../components/save-form";
import { ErrorNote, Loading } from "../../components/states";
import { IdentityFields, MeasurementFields, QuotaFields } from "../../components/workspace-fields";
import { keys } from "../../hooks";
import { settingsControlKeys, settingsDraft, toSettingsUpdate } from "../../workspace-form";
import { settingsKeys, useStoredSettings } from "./queries";

export function WorkspaceSection({ slug }: { slug: string }) {
  const stored = useStoredSettings(slug);
  if (stored.isPending) return <Loading what="the workspace settings" />;
  if (stored.isError)
    return <ErrorNote error={stored.error} action="Could not load the settings" />;
  return <WorkspaceForm slug={slug} stored={stored.data} />;
}

function WorkspaceForm({ slug, stored }: { slug: string; stored: Schemas["WorkspaceSettings"] }) {
  const queryClient = useQueryClient();
  const form = useSaveForm({
    stored,
    queryKey: settingsKeys.settings(slug),
    toDraft: settingsDraft,
    save: async (draft) => {
      const saved = await gp.settings.update(slug, toSettingsUpdate(draft));
      // The switcher and the header show the display name.
      await queryClient.invalidateQueries({ queryKey: keys.workspaces });
      await queryClient.invalidateQueries({ queryKey: keys.workspace(slug) });
      return saved;
    },
  });
  const errors = useFormErrors(form.mutation.error, settingsControlKeys);
  const fields = { draft: form.draft, set: form.set, at: errors.at };
  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="form-grid settings-form"
      aria-labelledby="ws-title"
    >
      <h2 id="ws-title">Workspace</h2>
      <p>The brand id ({slug}) is fixed; everything else can change.</p>
      <FormErrors
        error={form.mutation.error}
        unplaced={errors.unplaced}
        action="Could not save the settings"
      />
      <fieldset>
        <legend>Brand</legend>
        <IdentityFields {...fields} />
      </fieldset>
      <fieldset>
        <legend>Connections and measurement</legend>
        <MeasurementFields {...fields} />
      </fieldset>
      <QuotaFields {...fields} />
      <SaveBar mutation={form.mutation} dirty={form.dirty} cancel={form.cancel} />
    </form>
  );
}
