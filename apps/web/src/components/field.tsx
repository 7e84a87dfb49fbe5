import { type ReactNode, useId } from "react";

/** A labelled control with its hint and the API's messages for it (aria-describedby). */
export function Field({
  label,
  hint,
  errors,
  children,
}: {
  label: string;
  hint?: string;
  errors?: string[] | undefined;
  children: (props: {
    id: string;
    "aria-describedby"?: string;
    "aria-invalid"?: boolean;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : "", errors?.length ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className={`field${errors?.length ? " invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(described ? { "aria-describedby": described } : {}),
        ...(errors?.length ? { "aria-invalid": true } : {}),
      })}
      {hint && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
      {errors?.length ? (
        <ul id={errorId} className="field-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
