import type { OperationId, Scope } from "@geopulse/api-types";

const methods = ["get", "post", "put", "patch", "delete"] as const;
export type HttpMethod = (typeof methods)[number];

/** Who may call an operation, read from its `security` in the contract. */
export interface AccessRule {
  public: boolean;
  session: boolean;
  /** Present when an API key may call the operation; the scopes it needs (all of them). */
  keyScopes: Scope[] | undefined;
}

export interface Operation {
  operationId: OperationId;
  method: HttpMethod;
  /** OpenAPI template, e.g. /api/v1/workspaces/{workspace}. */
  pathTemplate: string;
  /** Express route path, e.g. /api/v1/workspaces/:workspace. */
  expressPath: string;
  access: AccessRule;
  /** The path addresses a workspace through {workspace}. */
  workspaceScoped: boolean;
  /** Path and query parameters, with the JSON type of their schema. */
  parameters: OperationParameter[];
  /** The media types of the request body; undefined when the operation takes none. */
  requestBodyTypes: string[] | undefined;
  pattern: RegExp;
}

export interface OperationParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  /** The schema's `type` (`string`, `integer`, `boolean`…). */
  type: string | undefined;
}

export interface MatchedOperation {
  operation: Operation;
  params: Record<string, string>;
}

type SecurityRequirement = Record<string, string[]>;

interface OpenApiParameter {
  $ref?: string;
  name: string;
  in: OperationParameter["in"];
  schema?: { $ref?: string; type?: string };
}

interface OpenApiOperation {
  operationId?: string;
  security?: SecurityRequirement[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, unknown> };
}

/** Follows a local `#/components/...` reference (the contract uses no other kind). */
function resolve<T>(document: Record<string, unknown>, value: T & { $ref?: string }): T {
  if (!value.$ref) return value;
  const target = value.$ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document);
  return resolve(document, target as T & { $ref?: string });
}

function accessRule(security: SecurityRequirement[] | undefined, where: string): AccessRule {
  if (!security) throw new Error(`${where} declares no security; use [] for public operations`);
  const rule: AccessRule = { public: security.length === 0, session: false, keyScopes: undefined };
  for (const requirement of security) {
    for (const [scheme, scopes] of Object.entries(requirement)) {
      if (scheme === "session") rule.session = true;
      else if (scheme === "apiKey") rule.keyScopes = scopes as Scope[];
      else throw new Error(`${where} uses unknown security scheme ${scheme}`);
    }
  }
  // A session has full access to every authenticated operation but those only keys may call
  // (the MCP server, which other assistants reach with a key): those declare apiKey alone.
  if (!rule.public && !rule.session && !rule.keyScopes) {
    throw new Error(`${where} must allow the session or the apiKey scheme`);
  }
  return rule;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The contract's operations with their access rules, built once at start-up.
 * This is the authorization table: nothing else decides who may call what.
 */
export class OperationIndex {
  readonly operations: Operation[];

  constructor(document: Record<string, unknown>) {
    const paths = (document.paths ?? {}) as Record<
      string,
      Partial<Record<HttpMethod, OpenApiOperation>> & { parameters?: OpenApiParameter[] }
    >;
    this.operations = [];
    for (const [pathTemplate, item] of Object.entries(paths)) {
      for (const method of methods) {
        const op = item[method];
        if (!op) continue;
        const where = `${method.toUpperCase()} ${pathTemplate}`;
        if (!op.operationId) throw new Error(`${where} has no operationId`);
        const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((ref) => {
          const parameter = resolve(document, ref);
          const schema = parameter.schema ? resolve(document, parameter.schema) : undefined;
          return { name: parameter.name, in: parameter.in, type: schema?.type };
        });
        const parts = pathTemplate.split(/(\{[^}]+\})/).filter(Boolean);
        const source = parts
          .map((part) =>
            part.startsWith("{") ? `(?<${part.slice(1, -1)}>[^/]+)` : escapeRegExp(part),
          )
          .join("");
        this.operations.push({
          operationId: op.operationId as OperationId,
          method,
          pathTemplate,
          expressPath: pathTemplate.replace(/\{([^}]+)\}/g, ":$1"),
          access: accessRule(op.security, where),
          workspaceScoped: pathTemplate.includes("{workspace}"),
          parameters,
          requestBodyTypes: op.requestBody ? Object.keys(op.requestBody.content ?? {}) : undefined,
          // Exact, as Express routes (app.ts: case-sensitive and strict routing): no trailing
          // slash, no other case. A parameter is one segment, decoded after matching.
          pattern: new RegExp(`^${source}$`),
        });
      }
    }
    // Literal segments win over parameters (/auth/sessions/verify before /{x}).
    this.operations.sort(
      (a, b) => a.pathTemplate.split("{").length - b.pathTemplate.split("{").length,
    );
  }

  match(method: string, path: string): MatchedOperation | undefined {
    const lower = method.toLowerCase();
    for (const operation of this.operations) {
      if (operation.method !== lower) continue;
      const found = operation.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(found.groups ?? {})) {
        try {
          params[name] = decodeURIComponent(value);
        } catch {
          params[name] = value;
        }
      }
      return { operation, params };
    }
    return undefined;
  }

  /** Whether any operation, of any method, has this exact path. */
  hasPath(path: string): boolean {
    return this.operations.some((operation) => operation.pattern.test(path));
  }

  byId(operationId: OperationId): Operation | undefined {
    return this.operations.find((operation) => operation.operationId === operationId);
  }
}
