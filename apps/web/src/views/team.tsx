import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { type Schemas, sessionApi } from "../api";
import { ConfirmButton } from "../components/confirm-button";
import { Field } from "../components/field";
import { Empty, ErrorNote, Loading } from "../components/states";
import { mapFieldErrors } from "../field-errors";
import { formatDate } from "../format";
import { useManages, useMe, useSlug } from "../hooks";

const roles: Schemas["Role"][] = ["owner", "admin", "member"];

/** Team: members with their roles (change, remove), invitations (send, revoke). */
export default function Team() {
  const slug = useSlug();
  // Owners and admins manage the team; a member sees it and may leave (docs/security.md, Roles).
  const manages = useManages(slug);
  const me = useMe();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["team", slug] });
  const members = useQuery({
    queryKey: ["team", slug, "members"],
    queryFn: () => sessionApi.listMembers(slug),
  });
  const invitations = useQuery({
    queryKey: ["team", slug, "invitations"],
    queryFn: () => sessionApi.listInvitations(slug),
  });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"admin" | "member">("member");
  const invite = useMutation({
    mutationFn: () => sessionApi.invite(slug, { email, role }),
    onSuccess: () => {
      setEmail("");
      void refresh();
    },
  });
  const changeRole = useMutation({
    mutationFn: (change: { memberId: string; role: Schemas["Role"] }) =>
      sessionApi.updateMember(slug, change.memberId, { role: change.role }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (memberId: string) => sessionApi.removeMember(slug, memberId),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (invitationId: string) => sessionApi.revokeInvitation(slug, invitationId),
    onSuccess: refresh,
  });
  const errors = mapFieldErrors(invite.error, ["email", "role"]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };

  return (
    <section aria-labelledby="team-title">
      <h1 id="team-title">Team</h1>
      {!manages && <p className="muted">Only owners and admins invite people and change roles.</p>}
      <form onSubmit={submit} className="panel" noValidate hidden={!manages}>
        <h2>Invite someone</h2>
        <Field label="Email" errors={errors.byControl.email}>
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Role" errors={errors.byControl.role}>
          {(props) => (
            <select
              {...props}
              value={role}
              onChange={(e) => setRole(e.target.value as "admin" | "member")}
            >
              <option value="member">Member</option>
              <option value="admin">Admin</option>
            </select>
          )}
        </Field>
        <button type="submit" className="primary" disabled={invite.isPending}>
          Send invitation
        </button>
        {invite.data && (
          <p role="status">
            Invited {invite.data.invitation.email}.
            {invite.data.delivery === "not_sent" && invite.data.acceptToken
              ? ` No email was sent: pass on this acceptance token: ${invite.data.acceptToken}`
              : ""}
          </p>
        )}
        {(errors.unplaced.length > 0 || !Object.keys(errors.byControl).length) && (
          <ErrorNote error={invite.error} action="Could not invite" />
        )}
      </form>
      <article className="panel" aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        {members.isPending && <Loading what="members" />}
        <ErrorNote error={members.error} action="Members" />
        <ErrorNote error={changeRole.error} action="Could not change the role" />
        <ErrorNote error={remove.error} action="Could not remove" />
        {members.data && (
          <div className="scroll">
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Joined</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.data.data.map((member) => (
                  <tr key={member.memberId}>
                    <td data-label="Name">{member.displayName}</td>
                    <td data-label="Email">{member.email}</td>
                    <td data-label="Role">
                      <select
                        aria-label={`Role of ${member.email}`}
                        value={member.role}
                        disabled={!manages || changeRole.isPending}
                        onChange={(e) =>
                          changeRole.mutate({
                            memberId: member.memberId,
                            role: e.target.value as Schemas["Role"],
                          })
                        }
                      >
                        {roles.map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td data-label="Joined">{formatDate(member.joinedAt)}</td>
                    <td data-label="Actions">
                      {(manages || member.email === me.data?.user?.email) && (
                        <ConfirmButton
                          label={`Remove ${member.email}`}
                          question={`Remove ${member.email}?`}
                          confirmLabel={`Confirm removing ${member.email}`}
                          disabled={remove.isPending}
                          onConfirm={() => remove.mutate(member.memberId)}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </article>
      <article className="panel" aria-labelledby="invitations-title">
        <h2 id="invitations-title">Open invitations</h2>
        {invitations.isPending && <Loading what="invitations" />}
        <ErrorNote error={invitations.error} action="Invitations" />
        <ErrorNote error={revoke.error} action="Could not revoke" />
        {invitations.data?.data.length === 0 && (
          <Empty>No open invitations: invite someone above.</Empty>
        )}
        {invitations.data && invitations.data.data.length > 0 && (
          <ul className="plain">
            {invitations.data.data.map((invitation) => (
              <li key={invitation.invitationId}>
                {invitation.email} as {invitation.role}, until {formatDate(invitation.expiresAt)}{" "}
                {manages && (
                  <button type="button" onClick={() => revoke.mutate(invitation.invitationId)}>
                    Revoke the invitation of {invitation.email}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </article>
    </section>
  );
}
