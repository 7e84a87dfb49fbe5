import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { type Schemas, sessionApi } from "../api";
import { Field } from "../components/field";
import { Empty, ErrorNote, Loading } from "../components/states";
import { apiFieldErrors, mapFieldErrors } from "../field-errors";
import { formatDate } from "../format";
import { useManages } from "../hooks";
import { shareLinkStatusLabels } from "../report-labels";
import { reportKeys } from "./reports";

const expiryChoices = [
  { hours: 24, label: "1 day" },
  { hours: 168, label: "7 days" },
  { hours: 720, label: "30 days" },
];

/** Read-only links to this report for people without an account: create, copy once, revoke. */
export function ReportShareLinks({ slug, reportId }: { slug: string; reportId: string }) {
  const queryClient = useQueryClient();
  // Share links open the report to anyone: owners and admins create and revoke them.
  const manages = useManages(slug);
  const links = useQuery({
    queryKey: reportKeys.shareLinks(slug, reportId),
    queryFn: async () => (await sessionApi.listShareLinks(slug, reportId)).data,
  });
  const [hours, setHours] = useState("168");
  const [created, setCreated] = useState<Schemas["ReportShareLinkCreated"] | null>(null);
  const [copied, setCopied] = useState("");
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: reportKeys.shareLinks(slug, reportId) });
  const create = useMutation({
    mutationFn: () => sessionApi.createShareLink(slug, reportId, { expiresInHours: Number(hours) }),
    onSuccess: (link) => {
      setCreated(link);
      setCopied("");
      return refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (linkId: string) => sessionApi.revokeShareLink(slug, reportId, linkId),
    onSuccess: refresh,
  });
  const errors = mapFieldErrors(create.error, ["expiresInHours"]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied("Copied to the clipboard.");
    } catch {
      setCopied("The browser refused the clipboard: select the link and copy it by hand.");
    }
  };

  return (
    <article className="panel" aria-labelledby="share-title">
      <h2 id="share-title">Share links</h2>
      <p className="muted">
        Anyone holding a link can read this report without an account until it expires or you revoke
        it.
      </p>
      {!manages && <p className="muted">Only owners and admins create or revoke links.</p>}
      <form onSubmit={submit} className="inline-form" hidden={!manages}>
        <Field label="Expires after" errors={errors.byControl.expiresInHours}>
          {(props) => (
            <select {...props} value={hours} onChange={(e) => setHours(e.target.value)}>
              {expiryChoices.map((c) => (
                <option key={c.hours} value={c.hours}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="primary" disabled={create.isPending}>
          Create share link
        </button>
      </form>
      {apiFieldErrors(create.error).length === 0 && (
        <ErrorNote error={create.error} action="Could not create the link" />
      )}
      {created && (
        <div className="panel secret">
          <p>The link is shown this once: copy it now.</p>
          <code className="mono break">{created.url}</code>
          <div className="actions">
            <button type="button" onClick={copy}>
              Copy link
            </button>
          </div>
          <p role="status">{copied}</p>
        </div>
      )}
      {links.isPending && <Loading what="the share links" />}
      <ErrorNote error={links.error} action="Share links" />
      {links.data?.length === 0 && <Empty>No share links yet: create one above.</Empty>}
      {links.data && links.data.length > 0 && (
        <div className="scroll">
          <table className="stack">
            <caption className="visually-hidden">Share links</caption>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.data.map((link) => (
                <tr key={link.id}>
                  <td data-label="Created">{formatDate(link.createdAt)}</td>
                  <td data-label="Expires">{formatDate(link.expiresAt)}</td>
                  <td data-label="Status">{shareLinkStatusLabels[link.status]}</td>
                  <td data-label="Action">
                    {manages && link.status === "active" && (
                      <button
                        type="button"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(link.id)}
                      >
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ErrorNote error={revoke.error} action="Could not revoke the link" />
    </article>
  );
}
