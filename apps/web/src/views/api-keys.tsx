import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { type Schemas, sessionApi } from "../api";
import { ConfirmButton } from "../components/confirm-button";
import { Empty, ErrorNote, Loading } from "../components/states";
import { formatDate } from "../format";
import { keys, useSlug } from "../hooks";

const scopeChoices: Schemas["Scope"][] = [
  "workspace:read",
  "metrics:read",
  "prompts:read",
  "prompts:write",
  "runs:read",
  "runs:write",
  "recs:read",
  "reports:read",
  "credits:read",
];

/** API keys: create or rotate (the secret shown once, copied, acknowledged), list, revoke. */
export default function ApiKeys() {
  const slug = useSlug();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Schemas["Scope"][]>(["workspace:read", "metrics:read"]);
  const [created, setCreated] = useState<Schemas["ApiKeyCreated"] | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.apiKeys(slug) });
  const list = useQuery({
    queryKey: keys.apiKeys(slug),
    queryFn: () => sessionApi.listApiKeys(slug),
  });
  const create = useMutation({
    mutationFn: () => sessionApi.createApiKey(slug, { name, scopes }),
    onSuccess: (key) => {
      setCreated(key);
      setName("");
      void refresh();
    },
  });
  const acknowledge = useMutation({
    mutationFn: (key: Schemas["ApiKeyCreated"]) =>
      sessionApi.keyAction(slug, key.keyId, { action: "acknowledge", deliveryId: key.deliveryId }),
    onSuccess: () => {
      setCreated(null);
      setCopied(null);
      void refresh();
    },
  });
  // Rotation answers a pending replacement; it goes through the same one-time secret panel,
  // and the old key stays active until the replacement is acknowledged.
  const rotate = useMutation({
    mutationFn: (keyId: string) => sessionApi.keyAction(slug, keyId, { action: "rotate" }),
    onSuccess: (result) => {
      if (result.replacement) setCreated(result.replacement);
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => sessionApi.keyAction(slug, keyId, { action: "revoke" }),
    onSuccess: () => refresh(),
  });
  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("Copied to the clipboard.");
    } catch {
      setCopied("The browser refused the clipboard: select the key and copy it by hand.");
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">API keys</h1>
      {created ? (
        <article className="panel secret" aria-labelledby="secret-title">
          <h2 id="secret-title">Your new key</h2>
          <p>
            This is the only time the key is shown. Store it somewhere safe, then confirm: the key
            works once you have.
          </p>
          <label htmlFor="secret">Secret</label>
          <input
            id="secret"
            readOnly
            value={created.secret}
            className="mono"
            onFocus={(e) => e.target.select()}
          />
          <div className="actions">
            <button type="button" onClick={() => copy(created.secret)}>
              Copy
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => acknowledge.mutate(created)}
              disabled={acknowledge.isPending}
            >
              I have stored the key
            </button>
          </div>
          {copied && <p role="status">{copied}</p>}
          <ErrorNote error={acknowledge.error} action="Could not confirm" />
        </article>
      ) : (
        <form onSubmit={submit} className="panel">
          <h2>Create a key</h2>
          <label htmlFor="key-name">Name</label>
          <input
            id="key-name"
            required
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <fieldset>
            <legend>Scopes</legend>
            <div className="scopes">
              {scopeChoices.map((scope) => (
                <label key={scope} className="check">
                  <input
                    type="checkbox"
                    checked={scopes.includes(scope)}
                    onChange={(e) =>
                      setScopes(
                        e.target.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope),
                      )
                    }
                  />
                  {scope}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="primary" disabled={create.isPending}>
            Create key
          </button>
          <ErrorNote error={create.error} action="Could not create the key" />
        </form>
      )}
      <article className="panel" aria-labelledby="list-title">
        <h2 id="list-title">Keys</h2>
        {list.isPending && <Loading what="keys" />}
        <ErrorNote error={list.error} action="Keys" />
        <ErrorNote error={revoke.error} action="Could not revoke" />
        <ErrorNote error={rotate.error} action="Could not rotate" />
        {list.data?.data.length === 0 && (
          <Empty>No keys yet: create one for the CLI or your scripts.</Empty>
        )}
        {list.data && list.data.data.length > 0 && (
          <div className="scroll">
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">State</th>
                  <th scope="col">Scopes</th>
                  <th scope="col">Created by</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((key) => (
                  <tr key={key.keyId}>
                    <td data-label="Name">{key.name}</td>
                    <td data-label="Key" className="mono">
                      {key.prefix}…{key.last4}
                    </td>
                    <td data-label="State">{key.state}</td>
                    <td data-label="Scopes">{key.scopes.join(", ")}</td>
                    <td data-label="Created by">{key.createdBy?.email ?? "a former member"}</td>
                    <td data-label="Last used">
                      {key.lastUsedAt ? formatDate(key.lastUsedAt) : "never"}
                    </td>
                    <td data-label="Actions">
                      {/* A member acts only on their own keys (the server refuses the rest). */}
                      {key.viewerCanManage && key.state === "active" && (
                        <button
                          type="button"
                          onClick={() => rotate.mutate(key.keyId)}
                          disabled={rotate.isPending || created !== null}
                        >
                          Rotate {key.name}
                        </button>
                      )}
                      {key.viewerCanManage &&
                        key.state !== "revoked" &&
                        key.state !== "expired" && (
                          <ConfirmButton
                            label={`Revoke ${key.name}`}
                            question={`Revoke ${key.name}?`}
                            confirmLabel={`Confirm revoking ${key.name}`}
                            disabled={revoke.isPending}
                            onConfirm={() => revoke.mutate(key.keyId)}
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
    </section>
  );
}
