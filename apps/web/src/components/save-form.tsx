import { type UseMutationResult, useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiFieldErrors, mapFieldErrors } from "../field-errors";
import { ErrorNote } from "./states";

/**
 * A form over one stored resource: a draft from the stored value, save (the answer becomes the
 * stored value and the draft), cancel (back to the stored value), and whether anything changed.
 */
export function useSaveForm<T, D>({
  stored,
  queryKey,
  toDraft,
  save,
}: {
  stored: T;
  queryKey: readonly unknown[];
  toDraft: (value: T) => D;
  save: (draft: D) => Promise<T>;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<D>(() => toDraft(stored));
  const mutation = useMutation({
    mutationFn: () => save(draft),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      setDraft(toDraft(saved));
    },
  });
  const dirty = JSON.stringify(draft) !== JSON.stringify(toDraft(stored));
  const set = <K extends keyof D>(key: K, value: D[K]) => setDraft((d) => ({ ...d, [key]: value }));
  return {
    draft,
    setDraft,
    set,
    dirty,
    mutation,
    submit: (event: FormEvent) => {
      event.preventDefault();
      mutation.mutate();
    },
    cancel: () => {
      setDraft(toDraft(stored));
      mutation.reset();
    },
  };
}

/** The API's messages for a form: field errors by control, the rest above the form. */
export function useFormErrors(error: unknown, controls: readonly string[]) {
  const errors = mapFieldErrors(error, controls);
  return { ...errors, at: (key: string) => errors.byControl[key] };
}

/** What went wrong, above a form: a field summary for a 400, else the error in words. */
export function FormErrors({
  error,
  unplaced,
  action,
}: {
  error: unknown;
  unplaced: string[];
  action: string;
}) {
  if (!error) return null;
  if (apiFieldErrors(error).length === 0) return <ErrorNote error={error} action={action} />;
  return (
    <p className="error" role="alert">
      Some fields need a change: see the messages below.
      {unplaced.map((m) => ` ${m}.`)}
    </p>
  );
}

/** Save and cancel, with the form's state in words (unsaved, saving, saved). */
export function SaveBar({
  mutation,
  dirty,
  cancel,
  label = "Save",
}: {
  mutation: UseMutationResult<unknown, unknown, void>;
  dirty: boolean;
  cancel: () => void;
  label?: string;
}) {
  const state = mutation.isPending
    ? "Saving…"
    : dirty
      ? "Unsaved changes."
      : mutation.isSuccess
        ? "Saved."
        : "";
  return (
    <div className="save-bar">
      <button type="submit" className="primary" disabled={mutation.isPending}>
        {label}
      </button>
      <button type="button" onClick={cancel} disabled={!dirty || mutation.isPending}>
        Cancel
      </button>
      <span role="status" className={mutation.isSuccess && !dirty ? "saved" : undefined}>
        {state}
      </span>
    </div>
  );
}
