import { unwrap } from "@geopulse/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { gp, type Schemas } from "../api";
import { Field } from "../components/field";
import { ErrorNote, Loading } from "../components/states";
import { mapFieldErrors } from "../field-errors";
import { formatDate } from "../format";
import { useManages, useSlug } from "../hooks";
import { connectionStatus, oauthReturnMessage, type Provider, providerNames } from "../seo-labels";
import { useCredentials } from "./settings/queries";

const propertyHints: Record<Provider, string> = {
  search_console: "The domain property, e.g. sc-domain:example.com",
  analytics: "The GA4 property ID: 6 to 12 digits, e.g. 123456789",
};

/** Search Console and GA4: state, configure, connect with Google, test, disconnect. */
export default function Connections() {
  const slug = useSlug();
  const [params] = useSearchParams();
  const returned = oauthReturnMessage(params.get("connected"), params.get("reason"));
  const connections = useQuery({
    queryKey: ["connections", slug],
    queryFn: () => gp.connections.list(slug),
  });
  const credentials = useCredentials(slug);
  // Connecting, configuring and disconnecting use the workspace's credentials: owners and admins.
  const manages = useManages(slug);
  const connect = useMutation({
    mutationFn: () =>
      unwrap(
        gp.raw.POST("/api/v1/workspaces/{workspace}/connections/oauth/start", {
          params: { path: { workspace: slug } },
          body: { search_console: {}, analytics: {} },
        }),
      ),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });

  if (connections.isPending) return <Loading what="the connections" />;
  if (connections.isError) return <ErrorNote error={connections.error} action="Connections" />;
  const keys = (credentials.data ?? []).filter((c) => c.kind === "google_service_account");

  return (
    <section aria-labelledby="connections-title">
      <h1 id="connections-title">Connections</h1>
      {returned && (
        <p className={returned.ok ? "notice" : "error"} role="status">
          {returned.text}
        </p>
      )}
      <p>
        Search Console and Google Analytics 4 feed the{" "}
        <Link to={`/w/${slug}/seo`}>SEO traffic</Link> view. Connect with your Google account, or
        use a service-account key stored as a credential.
      </p>
      {manages ? (
        <p>
          <button type="button" onClick={() => connect.mutate()} disabled={connect.isPending}>
            Connect with Google
          </button>
        </p>
      ) : (
        <p className="muted">Only owners and admins connect, configure or disconnect.</p>
      )}
      <ErrorNote error={connect.error} action="Could not start connecting" />
      {connections.data.data.map((c) => (
        <ConnectionPanel
          key={c.provider}
          slug={slug}
          connection={c}
          keys={keys}
          manages={manages}
        />
      ))}
    </section>
  );
}

function ConnectionPanel({
  slug,
  connection: c,
  keys,
  manages,
}: {
  slug: string;
  connection: Schemas["Connection"];
  keys: Schemas["StoredCredential"][];
  manages: boolean;
}) {
  const queryClient = useQueryClient();
  const [property, setProperty] = useState(c.property ?? "");
  const [credentialId, setCredentialId] = useState("");
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["connections", slug] });
  const configure = useMutation({
    mutationFn: () =>
      gp.connections.configure(slug, {
        [c.provider]: {
          ...(property ? { property } : {}),
          ...(credentialId ? { credentialId } : {}),
        },
      }),
    onSuccess: refresh,
  });
  const test = useMutation({
    mutationFn: () => gp.connections.test(slug, c.provider),
    onSuccess: refresh,
  });
  const disconnect = useMutation({
    mutationFn: () => gp.connections.disconnect(slug, c.provider),
    onSuccess: () => {
      setConfirming(false);
      return refresh();
    },
  });
  const errors = mapFieldErrors(configure.error, [
    `${c.provider}.property`,
    `${c.provider}.credentialId`,
  ]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    configure.mutate();
  };
  const titleId = `connection-${c.provider}`;

  return (
    <article className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{providerNames[c.provider]}</h2>
      <p className={c.status === "error" ? "error" : ""}>{connectionStatus(c)}</p>
      <dl className="facts">
        <dt>Property</dt>
        <dd>{c.property ?? "—"}</dd>
        <dt>Credential</dt>
        <dd>{c.credential?.label ?? "—"}</dd>
        <dt>Last tested</dt>
        <dd>{formatDate(c.lastTestedAt)}</dd>
        <dt>Last refresh</dt>
        <dd>{formatDate(c.lastSyncedAt)}</dd>
      </dl>
      <form onSubmit={submit} noValidate>
        <Field
          label={c.provider === "search_console" ? "Site (domain property)" : "GA4 property ID"}
          hint={propertyHints[c.provider]}
          errors={errors.byControl[`${c.provider}.property`]}
        >
          {(props) => (
            <input {...props} value={property} onChange={(e) => setProperty(e.target.value)} />
          )}
        </Field>
        {keys.length > 0 && (
          <Field
            label="Service-account key"
            hint="Optional: a stored Google service-account key instead of your Google account"
            errors={errors.byControl[`${c.provider}.credentialId`]}
          >
            {(props) => (
              <select
                {...props}
                value={credentialId}
                onChange={(e) => setCredentialId(e.target.value)}
              >
                <option value="">Keep the current credential</option>
                {keys.map((k) => (
                  <option key={k.id} value={k.id}>
                    {k.key} ({k.maskedValue})
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {errors.unplaced.length > 0 && (
          <p className="error" role="alert">
            {errors.unplaced.join(" ")}
          </p>
        )}
        {errors.unplaced.length === 0 && Object.keys(errors.byControl).length === 0 && (
          <ErrorNote error={configure.error} action="Could not save" />
        )}
        <div className="actions">
          <button type="submit" disabled={!manages || configure.isPending}>
            Save {providerNames[c.provider]}
          </button>
          <button
            type="button"
            disabled={c.credential === null || test.isPending}
            onClick={() => test.mutate()}
          >
            {test.isPending ? "Testing…" : "Test connection"}
          </button>
          {!confirming ? (
            <button
              type="button"
              className="danger"
              disabled={!manages || c.status === "unconfigured"}
              onClick={() => setConfirming(true)}
            >
              Disconnect
            </button>
          ) : (
            <span className="confirm">
              Disconnect {providerNames[c.provider]}?{" "}
              <button type="button" className="danger" onClick={() => disconnect.mutate()}>
                Yes, disconnect
              </button>{" "}
              <button type="button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </span>
          )}
        </div>
        {configure.isSuccess && <p role="status">Saved.</p>}
        <ErrorNote error={test.error} action="Could not test" />
        <ErrorNote error={disconnect.error} action="Could not disconnect" />
      </form>
    </article>
  );
}
