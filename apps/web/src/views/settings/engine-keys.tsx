import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { Schemas } from "../../api";
import { Field } from "../../components/field";
import { FormErrors, useFormErrors } from "../../components/save-form";
import { ErrorNote, Loading } from "../../components/states";
import { useManages } from "../../hooks";
import { credentialsApi, settingsKeys, useCredentials } from "./queries";

/**
 * The engines' own API keys a workspace brings (connector = engine, key `api_key`, as the
 * runs and the assistant read them). Write-only here: the list shows the API's masked form,
 * never the value.
 */
export function EngineKeys({
  slug,
  engines,
}: {
  slug: string;
  engines: readonly Schemas["MeasurementEngine"][];
}) {
  const credentials = useCredentials(slug);
  if (credentials.isPending) return <Loading what="the engine keys" />;
  if (credentials.isError)
    return <ErrorNote error={credentials.error} action="Could not load the engine keys" />;
  const stored = (engine: string) =>
    credentials.data.find((c) => c.connector === engine && c.key === "api_key");
  return (
    <section aria-labelledby="keys-title" className="engine-keys">
      <h2 id="keys-title">Engine keys</h2>
      <p>
        A workspace can bring its own key for an engine; without one the server's key is used if it
        has one, else the engine is skipped. Keys are stored encrypted and never shown again.
      </p>
      <ul className="plain">
        {engines.map((engine) => (
          <EngineKey
            key={engine}
            slug={slug}
            engine={engine}
            masked={stored(engine)?.maskedValue}
          />
        ))}
      </ul>
    </section>
  );
}

function EngineKey({
  slug,
  engine,
  masked,
}: {
  slug: string;
  engine: string;
  masked: string | undefined;
}) {
  const queryClient = useQueryClient();
  // Storing and removing credentials is for owners and admins.
  const manages = useManages(slug);
  const [value, setValue] = useState("");
  const [notice, setNotice] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.credentials(slug) });
  const store = useMutation({
    mutationFn: () => credentialsApi.store(slug, engine, value),
    onSuccess: async () => {
      setValue("");
      setNotice(`Stored the ${engine} key.`);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => credentialsApi.remove(slug, engine),
    onSuccess: async () => {
      setNotice(`Removed the ${engine} key.`);
      await refresh();
    },
  });
  const errors = useFormErrors(store.error, ["value"]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    store.mutate();
  };
  return (
    <li>
      <form onSubmit={submit} noValidate className="engine-key">
        <strong>{engine}</strong>{" "}
        <span>{masked ? `Stored key: ${masked}` : "No key of this workspace's"}</span>
        <Field label={`New ${engine} key`} errors={errors.at("value")}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
        </Field>
        <div className="save-bar">
          <button type="submit" disabled={!manages || store.isPending}>
            {masked ? `Replace the ${engine} key` : `Store the ${engine} key`}
          </button>
          {manages && masked && (
            <button type="button" className="link" onClick={() => remove.mutate()}>
              Remove the {engine} key
            </button>
          )}
          <span role="status">{notice}</span>
        </div>
        <FormErrors
          error={store.error}
          unplaced={errors.unplaced}
          action="Could not store the key"
        />
        <ErrorNote error={remove.error} action="Could not remove the key" />
      </form>
    </li>
  );
}
