import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { gp, type Schemas } from "../../api";
import { apiFieldErrors } from "../../field-errors";
import { keys } from "../../hooks";
import { categories, describeImport, importBody } from "../../prompt-set";
import { Field } from "../field";
import { ErrorNote } from "../states";

/** Imports pasted lines or a CSV/text file in one all-or-nothing request. */
export function ImportPrompts({
  slug,
  languages,
}: {
  slug: string;
  languages: readonly Schemas["Language"][];
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [category, setCategory] = useState<Schemas["PromptCategory"]>("discovery");
  const [language, setLanguage] = useState<Schemas["Language"]>(languages[0] ?? "en");
  const run = useMutation({
    mutationFn: () => {
      const body = importBody(text, category, language);
      return body.kind === "csv"
        ? gp.prompts.importCsv(slug, body.csv)
        : gp.prompts.import(slug, { prompts: body.prompts });
    },
    onSuccess: () => {
      setText("");
      void queryClient.invalidateQueries({ queryKey: keys.prompts(slug) });
    },
  });
  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate();
  };
  const rowErrors = apiFieldErrors(run.error);
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="import-title">
      <h2 id="import-title">Import prompts</h2>
      <Field
        label="Prompts, one per line"
        hint="Or a CSV with the header text,category,language,region,tags,active."
        errors={rowErrors.map((e) => `${e.field.replace(/^body\./, "")}: ${e.message}`)}
      >
        {(props) => (
          <textarea {...props} rows={4} value={text} onChange={(e) => setText(e.target.value)} />
        )}
      </Field>
      <Field label="Or choose a CSV or text file">
        {(props) => (
          <input
            {...props}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={chooseFile}
          />
        )}
      </Field>
      <div className="row">
        <Field label="Category of pasted lines">
          {(props) => (
            <select
              {...props}
              value={category}
              onChange={(e) => setCategory(e.target.value as Schemas["PromptCategory"])}
            >
              {categories.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Language of pasted lines">
          {(props) => (
            <select
              {...props}
              value={language}
              onChange={(e) => setLanguage(e.target.value as Schemas["Language"])}
            >
              {languages.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <button type="submit" disabled={run.isPending || text.trim().length === 0}>
        {run.isPending ? "Importing…" : "Import"}
      </button>
      {rowErrors.length === 0 && <ErrorNote error={run.error} action="Could not import" />}
      {run.data && (
        <p role="status" data-testid="import-result">
          {describeImport(run.data)}
        </p>
      )}
    </form>
  );
}
