import type { components, RequestBody } from "@geopulse/api-types";
import { createClient, GeoPulseError, unwrap } from "@geopulse/sdk";

export type Schemas = components["schemas"];

/**
 * The dashboard is another client of the contract: every call goes through the SDK, same
 * origin, authenticated by the session cookie (no API key in the browser).
 */
export const gp = createClient({
  baseUrl: window.location.origin,
  credentials: "same-origin",
  maxRetries: 1,
  // Looked up at each call (tests put a fake network in its place).
  fetch: (input, init) => globalThis.fetch(input, init),
});

/**
 * The same client without retries, for the device flow's look-ups: a wrong code is counted
 * towards a 15-minute limit, so waiting and asking again only delays the answer in words.
 */
const once = createClient({
  baseUrl: window.location.origin,
  credentials: "same-origin",
  maxRetries: 0,
  fetch: (input, init) => globalThis.fetch(input, init),
});

/** Session-only operations have no generated method (the SDK's are key-callable); raw calls. */
export const sessionApi = {
  createWorkspace: (body: RequestBody<"createWorkspaceService">) =>
    unwrap(gp.raw.POST("/api/v1/workspaces", { body })),
  signOut: () => unwrap(gp.raw.DELETE("/api/v1/auth/sessions/current")),
  listApiKeys: (workspace: string) =>
    unwrap(
      gp.raw.GET("/api/v1/workspaces/{workspace}/api-keys", {
        params: { path: { workspace } },
      }),
    ),
  createApiKey: (workspace: string, body: RequestBody<"createApiKey">) =>
    unwrap(
      gp.raw.POST("/api/v1/workspaces/{workspace}/api-keys", {
        params: { path: { workspace } },
        body,
      }),
    ),
  keyAction: (workspace: string, keyId: string, body: RequestBody<"actOnApiKey">) =>
    unwrap(
      gp.raw.POST("/api/v1/workspaces/{workspace}/api-keys/{keyId}", {
        params: { path: { workspace, keyId } },
        body,
      }),
    ),
  checkout: (workspace: string, body: RequestBody<"createCheckoutSession">) =>
    unwrap(
      gp.raw.POST("/api/v1/workspaces/{workspace}/billing/checkout", {
        params: { path: { workspace } },
        body,
      }),
    ),
  billingStatus: (workspace: string) =>
    unwrap(
      gp.raw.GET("/api/v1/workspaces/{workspace}/billing/status", {
        params: { path: { workspace } },
      }),
    ),
  listMembers: (workspace: string) =>
    unwrap(
      gp.raw.GET("/api/v1/workspaces/{workspace}/members", {
        params: { path: { workspace }, query: { limit: 100 } },
      }),
    ),
  updateMember: (workspace: string, memberId: string, body: RequestBody<"updateMember">) =>
    unwrap(
      gp.raw.PATCH("/api/v1/workspaces/{workspace}/members/{memberId}", {
        params: { path: { workspace, memberId } },
        body,
      }),
    ),
  removeMember: (workspace: string, memberId: string) =>
    unwrap(
      gp.raw.DELETE("/api/v1/workspaces/{workspace}/members/{memberId}", {
        params: { path: { workspace, memberId } },
      }),
    ),
  listInvitations: (workspace: string) =>
    unwrap(
      gp.raw.GET("/api/v1/workspaces/{workspace}/invitations", {
        params: { path: { workspace } },
      }),
    ),
  invite: (workspace: string, body: RequestBody<"inviteMember">) =>
    unwrap(
      gp.raw.POST("/api/v1/workspaces/{workspace}/invitations", {
        params: { path: { workspace } },
        body,
      }),
    ),
  revokeInvitation: (workspace: string, invitationId: string) =>
    unwrap(
      gp.raw.DELETE("/api/v1/workspaces/{workspace}/invitations/{invitationId}", {
        params: { path: { workspace, invitationId } },
      }),
    ),
  deviceAuthorization: (code: string) =>
    unwrap(once.raw.GET("/api/v1/device-authorizations/{code}", { params: { path: { code } } })),
  approveDevice: (code: string, body: RequestBody<"approveDeviceAuthorization">) =>
    unwrap(
      once.raw.POST("/api/v1/device-authorizations/{code}/approve", {
        params: { path: { code } },
        body,
      }),
    ),
  denyDevice: (code: string) =>
    unwrap(
      once.raw.POST("/api/v1/device-authorizations/{code}/deny", { params: { path: { code } } }),
    ),
  listShareLinks: (workspace: string, reportId: string) =>
    unwrap(
      gp.raw.GET("/api/v1/workspaces/{workspace}/reports/{reportId}/share-links", {
        params: { path: { workspace, reportId } },
      }),
    ),
  createShareLink: (
    workspace: string,
    reportId: string,
    body: RequestBody<"createReportShareLink">,
  ) =>
    unwrap(
      gp.raw.POST("/api/v1/workspaces/{workspace}/reports/{reportId}/share-links", {
        params: { path: { workspace, reportId } },
        body,
      }),
    ),
  revokeShareLink: (workspace: string, reportId: string, linkId: string) =>
    unwrap(
      gp.raw.DELETE("/api/v1/workspaces/{workspace}/reports/{reportId}/share-links/{linkId}", {
        params: { path: { workspace, reportId, linkId } },
      }),
    ),
  setReportSchedule: (workspace: string, body: RequestBody<"putReportSchedule">) =>
    unwrap(
      gp.raw.PUT("/api/v1/workspaces/{workspace}/report-schedule", {
        params: { path: { workspace } },
        body,
      }),
    ),
  clearReportSchedule: (workspace: string) =>
    unwrap(
      gp.raw.DELETE("/api/v1/workspaces/{workspace}/report-schedule", {
        params: { path: { workspace } },
      }),
    ),
};

/** Whether an error means "not signed in" (the app then shows the sign-in view). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof GeoPulseError && error.status === 401;
}
