import type { OperationId, Scope } from "@geopulse/api-types";
import { hasRole, type Role, roles } from "./principal.js";

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
  /** The least role in the workspace the caller needs: the contract's `x-min-role`, else member. */
  minRole: Role;
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
  "x-min-role"?: string;
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

function minRoleOf(op: OpenApiOperation, pathTemplate: string, where: string): Role {
  const declared = op["x-min-role"];
  if (declared === undefined) return "member";
  if (!roles.includes(declared as Role)) throw new Error(`${where} has an unknown x-min-role`);
  // A role is a role in a workspace: only an operation on one can need it.
  if (!pathTemplate.includes("{workspace}")) {
    throw new Error(`${where} declares x-min-role but addresses no {workspace}`);
  }
  return declared as Role;
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
          minRole: minRoleOf(op, pathTemplate, where),
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

  /**
   * The least role a member needs to give a key (or a device login) this scope: the highest
   * `x-min-role` among the key-callable operations that need the scope, so a key a member makes
   * never carries a scope to an operation they may not call.
   */
  roleForScope(scope: Scope): Role {
    let needed: Role = "member";
    for (const operation of this.operations) {
      if (!operation.access.keyScopes?.includes(scope)) continue;
      if (!hasRole(needed, operation.minRole)) needed = operation.minRole;
    }
    return needed;
  }

  /** Whether any operation, of any method, has this exact path. */
  hasPath(path: string): boolean {
    return this.operations.some((operation) => operation.pattern.test(path));
  }

  byId(operationId: OperationId): Operation | undefined {
    return this.operations.find((operation) => operation.operationId === operationId);
  }
}
