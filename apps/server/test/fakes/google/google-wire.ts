import type { IncomingMessage, ServerResponse } from "node:http";

/** One answer of a fake Google endpoint. */
export interface GoogleReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function send(res: ServerResponse, reply: GoogleReply): void {
  res.writeHead(reply.status, {
    "content-type": "application/json; charset=UTF-8",
    ...reply.headers,
  });
  res.end(JSON.stringify(reply.body));
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Google's JSON error envelope of its REST APIs (`google.rpc.Status` over HTTP). */
export function apiError(
  code: number,
  status: string,
  message: string,
  extra: { errors?: unknown[]; details?: unknown[] } = {},
): GoogleReply {
  return { status: code, body: { error: { code, message, ...extra, status } } };
}

export const unauthenticated = () =>
  apiError(
    401,
    "UNAUTHENTICATED",
    "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
    {
      errors: [
        {
          message: "Invalid Credentials",
          domain: "global",
          reason: "authError",
          location: "Authorization",
          locationType: "header",
        },
      ],
    },
  );

export const insufficientScopes = (service: string) =>
  apiError(403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.", {
    details: [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
        domain: "googleapis.com",
        metadata: { service },
      },
    ],
  });

/** What Google answers when the API is off in the caller's Cloud project. */
export function serviceDisabled(
  api: { title: string; service: string; legacyErrors: boolean },
  projectNumber: string,
): GoogleReply {
  const url = `https://console.developers.google.com/apis/api/${api.service}/overview?project=${projectNumber}`;
  const message = `${api.title} has not been used in project ${projectNumber} before or it is disabled. Enable it by visiting ${url} then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`;
  return apiError(403, "PERMISSION_DENIED", message, {
    ...(api.legacyErrors
      ? {
          errors: [
            {
              message,
              domain: "usageLimits",
              reason: "accessNotConfigured",
              extendedHelp: "https://console.developers.google.com",
            },
          ],
        }
      : {}),
    details: [
      {
        "@type": "type.googleapis.com/google.rpc.Help",
        links: [{ description: "Google developers console API activation", url }],
      },
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "SERVICE_DISABLED",
        domain: "googleapis.com",
        metadata: { service: api.service, consumer: `projects/${projectNumber}` },
      },
    ],
  });
}

/** A quota answer: `429 RESOURCE_EXHAUSTED` with `Retry-After` in seconds. */
export function quotaExceeded(retryAfterSeconds: number, service: string): GoogleReply {
  return {
    ...apiError(
      429,
      "RESOURCE_EXHAUSTED",
      `Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service '${service}'.`,
      {
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "RATE_LIMIT_EXCEEDED",
            domain: "googleapis.com",
            metadata: { service },
          },
        ],
      },
    ),
    headers: { "retry-after": String(retryAfterSeconds) },
  };
}
