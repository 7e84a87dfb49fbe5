import { type CompetitorDraft, languages, quotaKeys, type SettingsDraft } from "../workspace-form";
import { Field } from "./field";

/** The API's messages for a control key (from field-errors.ts's mapFieldErrors). */
export type ErrorsAt = (key: string) => string[] | undefined;

interface SettingsFieldsProps {
  draft: SettingsDraft;
  set: <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => void;
  at: ErrorsAt;
}

/** Messages for a group of controls (a fieldset) rather than one field. */
export function GroupErrors({ messages }: { messages: string[] | undefined }) {
  return messages?.map((m) => (
    <p key={m} className="field-errors">
      {m}
    </p>
  ));
}

/** Display name, domains, languages and regions: shared by creation and the settings. */
export function IdentityFields({ draft, set, at }: SettingsFieldsProps) {
  return (
    <>
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
        <GroupErrors messages={at("languages")} />
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
    </>
  );
}

/** Search Console, GA4 and the active set size. */
export function MeasurementFields({ draft, set, at }: SettingsFieldsProps) {
  return (
    <>
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
    </>
  );
}

export const complianceProfiles = {
  none: "None",
  eu_medical: "EU medical claims",
} as const satisfies Record<SettingsDraft["complianceProfile"], string>;

export function ComplianceSelect({ draft, set, at }: SettingsFieldsProps) {
  return (
    <Field label="Compliance profile" errors={at("complianceProfile")}>
      {(p) => (
        <select
          {...p}
          name="complianceProfile"
          value={draft.complianceProfile}
          onChange={(e) =>
            set("complianceProfile", e.target.value as SettingsDraft["complianceProfile"])
          }
        >
          {Object.entries(complianceProfiles).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The six category shares of the prompt mix. */
export function QuotaFields({ draft, set, at }: SettingsFieldsProps) {
  return (
    <fieldset>
      <legend>Prompt mix (shares summing to 1)</legend>
      <GroupErrors messages={at("quotas")} />
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
  );
}

/**
 * One competitor's name, domains, aliases and ambiguity. `at` gets the field's own name
 * (`name`, `aliases`): the caller adds its prefix (`competitors[0].`) if it has one.
 */
export function CompetitorFields({
  competitor,
  change,
  at,
  name,
}: {
  competitor: CompetitorDraft;
  change: (change: Partial<CompetitorDraft>) => void;
  at: ErrorsAt;
  /** The form controls' `name` prefix (`competitors.0`). */
  name: string;
}) {
  return (
    <>
      <Field label="Name" errors={at("name")}>
        {(p) => (
          <input
            {...p}
            name={`${name}.name`}
            value={competitor.name}
            onChange={(e) => change({ name: e.target.value })}
          />
        )}
      </Field>
      <Field label="Domains" hint="1–5, comma separated" errors={at("domains")}>
        {(p) => (
          <input
            {...p}
            name={`${name}.domains`}
            value={competitor.domains}
            onChange={(e) => change({ domains: e.target.value })}
          />
        )}
      </Field>
      <Field label="Aliases" hint="1–8 names answers use, comma separated" errors={at("aliases")}>
        {(p) => (
          <input
            {...p}
            name={`${name}.aliases`}
            value={competitor.aliases}
            onChange={(e) => change({ aliases: e.target.value })}
          />
        )}
      </Field>
      <label className="check">
        <input
          type="checkbox"
          checked={competitor.ambiguous}
          onChange={(e) => change({ ambiguous: e.target.checked })}
        />
        The name is also a common word
      </label>
    </>
  );
}
