import { type RawClient, unwrap } from "./client.js";
import { type GeneratedNamespaces, sdkOperations } from "./generated/namespaces.js";
import { type Page, paginate } from "./paginate.js";

/** How the generated table describes one method (see scripts/generate.mjs). */
export interface OperationSpec {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly input: "body" | "query" | null;
  readonly paginated: boolean;
  readonly idempotencyKey: boolean;
}

type Call = (
  method: string,
  path: string,
  init: { params: { path: Record<string, unknown>; query?: unknown }; body?: unknown },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** One method: positional path parameters, then the query or body (see GeneratedNamespaces). */
function bind(raw: RawClient, spec: OperationSpec): (...args: unknown[]) => unknown {
  const call = raw.request as unknown as Call;
  const send = (args: unknown[], query?: unknown) => {
    const path = Object.fromEntries(spec.pathParams.map((name, i) => [name, args[i]]));
    const input = args[spec.pathParams.length];
    return unwrap(
      call(spec.method, spec.path, {
        params: { path, ...(query ? { query } : spec.input === "query" ? { query: input } : {}) },
        ...(spec.input === "body" ? { body: input ?? {} } : {}),
      }),
    );
  };
  if (!spec.paginated) return (...args) => send(args);
  return (...args) => {
    const options = (args[spec.pathParams.length] ?? {}) as Record<string, unknown>;
    const fetchPage = (cursor: string | undefined) =>
      send(args, { ...options, ...(cursor === undefined ? {} : { cursor }) }) as Promise<
        Page<unknown>
      >;
    return Object.assign(paginate(fetchPage), { page: fetchPage });
  };
}

/** Every generated namespace with its methods, bound to one client. */
export function bindNamespaces(raw: RawClient): GeneratedNamespaces {
  const table = sdkOperations as unknown as Record<string, Record<string, OperationSpec>>;
  return Object.fromEntries(
    Object.entries(table).map(([namespace, methods]) => [
      namespace,
      Object.fromEntries(Object.entries(methods).map(([name, spec]) => [name, bind(raw, spec)])),
    ]),
  ) as unknown as GeneratedNamespaces;
}
