import type { ReactNode } from "react";
import { errorMessage } from "../field-errors";

/** Loading, empty and error states that say what is happening and what to do next. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="state" role="status">
      Loading {what}…
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="state empty">{children}</div>;
}

export function ErrorNote({ error, action }: { error: unknown; action?: string }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {action ? `${action}: ` : ""}
      {errorMessage(error)}
    </p>
  );
}
