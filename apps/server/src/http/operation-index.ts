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
  pattern: RegExp;
}

export interface MatchedOperation {
  operation: Operation;
  params: Record<string, string>;
}

type SecurityRequirement = Record<string, string[]>;

interface OpenApiOperation {
  operationId?: string;
  security?: SecurityRequirement[];
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
  // A session has full access: every authenticated operation must admit one.
  if (!rule.public && !rule.session) throw new Error(`${where} must allow the session scheme`);
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
    const paths = (document.paths ?? {}) as Record<string, Record<string, OpenApiOperation>>;
    this.operations = [];
    for (const [pathTemplate, item] of Object.entries(paths)) {
      for (const method of methods) {
        const op = item[method];
        if (!op) continue;
        const where = `${method.toUpperCase()} ${pathTemplate}`;
        if (!op.operationId) throw new Error(`${where} has no operationId`);
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
          pattern: new RegExp(`^${source}/?$`),
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

  byId(operationId: OperationId): Operation | undefined {
    return this.operations.find((operation) => operation.operationId === operationId);
  }
}
