import { expect } from "vitest";
import type { TestServer } from "../harness/test-server.js";

export interface Joined {
  cookie: string;
  memberId: string;
}

/** Invites `email` (the mailbox `t.signIn(email)` signs in) on a server without email; returns the answer's acceptToken. */
export async function invite(
  t: TestServer,
  cookie: string,
  slug: string,
  email: string,
  role: "admin" | "member" = "member",
): Promise<{ token: string; invitationId: string }> {
  const response = await t.request<any>("POST", `/api/v1/workspaces/${slug}/invitations`, {
    cookie,
    body: { email: t.mailbox(email), role },
  });
  expect(response.status, response.text).toBe(201);
  expect(response.body.delivery).toBe("not_sent");
  return { token: response.body.acceptToken, invitationId: response.body.invitation.invitationId };
}

export function accept(t: TestServer, cookie: string, token: string) {
  return t.request<any>("POST", `/api/v1/invitations/${token}/accept`, { cookie });
}

/** Invites, signs in and accepts: `email` becomes a member with `role`. */
export async function join(
  t: TestServer,
  ownerCookie: string,
  slug: string,
  email: string,
  role: "owner" | "admin" | "member" = "member",
): Promise<Joined> {
  const { token } = await invite(t, ownerCookie, slug, email, role === "owner" ? "admin" : role);
  const cookie = await t.signIn(email);
  const accepted = await accept(t, cookie, token);
  expect(accepted.status, accepted.text).toBe(200);
  const memberId: string = accepted.body.member.memberId;
  if (role === "owner") {
    const promoted = await t.request("PATCH", `/api/v1/workspaces/${slug}/members/${memberId}`, {
      cookie: ownerCookie,
      body: { role: "owner" },
    });
    expect(promoted.status, promoted.text).toBe(200);
  }
  return { cookie, memberId };
}

/** The member id of a signed-in person (through listMembers). */
export async function memberIdOf(
  t: TestServer,
  cookie: string,
  slug: string,
  email: string,
): Promise<string> {
  const list = await t.request<any>("GET", `/api/v1/workspaces/${slug}/members?limit=100`, {
    cookie,
  });
  const member = list.body.data.find((m: any) => m.email === t.mailbox(email));
  if (!member) throw new Error(`${email} is not a member of ${slug}`);
  return member.memberId;
}

export async function roleOf(t: TestServer, memberId: string): Promise<string | undefined> {
  const row = await t.server.ctx.prisma.member.findUnique({ where: { id: memberId } });
  return row?.role;
}

export function expectError(response: { status: number; body: any }, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.body.error.code).toBe(code);
}
