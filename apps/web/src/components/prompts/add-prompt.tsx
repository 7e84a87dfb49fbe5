import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { gp, type Schemas } from "../../api";
import { mapFieldErrors } from "../../field-errors";
import { keys } from "../../hooks";
import { categories } from "../../prompt-set";
import { Field } from "../field";
import { ErrorNote } from "../states";

const controls = ["text", "category", "language", "region", "tags", "active"] as const;

/** Adds one prompt; the API's field errors show under their controls. */
export function AddPromptForm({
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
  const [region, setRegion] = useState("");
  const [active, setActive] = useState(true);
  const create = useMutation({
    mutationFn: () =>
      gp.prompts.create(slug, {
        text,
        category,
        language,
        active,
        ...(region.trim() ? { region: region.trim() } : {}),
      }),
    onSuccess: () => {
      setText("");
      void queryClient.invalidateQueries({ queryKey: keys.prompts(slug) });
    },
  });
  const errors = mapFieldErrors(create.error, controls);
  const at = (control: string) => errors.byControl[control];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="add-prompt-title" noValidate>
      <h2 id="add-prompt-title">Add a prompt</h2>
      <Field
        label="Prompt"
        hint="What a person would ask an AI engine (3 to 500 characters)."
        errors={at("text")}
      >
        {(props) => <input {...props} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <div className="row">
        <Field label="Category" errors={at("category")}>
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
        <Field label="Language" errors={at("language")}>
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
        <Field label="Region (optional)" hint="Lower case, e.g. us or es-ct." errors={at("region")}>
          {(props) => (
            <input {...props} value={region} onChange={(e) => setRegion(e.target.value)} />
          )}
        </Field>
      </div>
      <label className="check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        Active (measured by runs)
      </label>
      {errors.unplaced.length > 0 && (
        <ul className="field-errors">
          {errors.unplaced.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {create.error && errors.byControl.text === undefined && errors.unplaced.length === 0 && (
        <ErrorNote error={create.error} action="Could not add the prompt" />
      )}
      <button type="submit" className="primary" disabled={create.isPending}>
        {create.isPending ? "Adding…" : "Add prompt"}
      </button>
      {create.isSuccess && (
        <p role="status" className="hint">
          Added “{create.data.text}”.
        </p>
      )}
    </form>
  );
}
