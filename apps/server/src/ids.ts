import { monotonicFactory } from "ulid";
import type { Clock } from "./clock.js";

/** Prefixed, time-sortable identifiers: `ws_01JD…`, `usr_01JD…`. */
export type IdPrefix =
  | "usr"
  | "ses"
  | "sit"
  | "ws"
  | "cmp"
  | "mem"
  | "aud"
  | "req"
  | "key"
  | "idem"
  | "dev"
  | "inv"
  | "cred"
  | "oas"
  | "led"
  | "lot"
  | "rsv"
  | "run"
  | "exe"
  | "rsp"
  | "cit"
  | "usrc"
  | "prm"
  | "pgn"
  | "rsj"
  | "seo"
  | "sug"
  | "rsc"
  | "rec"
  | "rtr"
  | "pev"
  | "rpt"
  | "rsl"
  | "cht"
  | "chm"
  | "cnf";

// Monotonic: ids minted in the same millisecond by this process still sort in order.
const ulid = monotonicFactory();

export function newId(prefix: IdPrefix, clock: Clock): string {
  return `${prefix}_${ulid(clock.now().getTime())}`;
}
