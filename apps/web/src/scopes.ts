import type { Schemas } from "./api";

/** Every scope of the contract (components.schemas.Scope), in its order. */
export const allScopes = [
  "workspace:read",
  "settings:read",
  "settings:write",
  "connections:read",
  "connections:write",
  "connections:test",
  "prompts:read",
  "prompts:write",
  "runs:read",
  "runs:write",
  "recs:read",
  "recs:write",
  "reports:read",
  "metrics:read",
  "chat:read",
  "chat:write",
  "credits:read",
] as const satisfies readonly Schemas["Scope"][];

// A scope added to the contract and missing here fails the typecheck.
type Missing = Exclude<Schemas["Scope"], (typeof allScopes)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;
