import { GeoPulseError } from "@geopulse/sdk";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { type Schemas, sessionApi } from "../api";
import { ErrorNote, Loading } from "../components/states";
import { errorMessage } from "../field-errors";
import { useWorkspaces } from "../hooks";
import { allScopes } from "../scopes";

type Scope = Schemas["Scope"];

/**
 * `/device`: the verification page of the CLI's device flow. The person (signed in by the
 * frame) enters the code the device shows, or arrives with `?user_code=`, sees which client
 * asks for which scopes, picks a workspace and approves or denies.
 */
export default function Device() {
  const [params, setParams] = useSearchParams();
  const code = params.get("user_code")?.trim() ?? "";
  const request = useQuery({
    queryKey: ["device-authorization", code],
    queryFn: () => sessionApi.deviceAuthorization(code),
    enabled: code !== "",
    retry: false,
  });

  return (
    <section aria-labelledby="device-title" className="narrow-view">
      <h1 id="device-title">Approve a device</h1>
      {(code === "" || request.isError) && (
        <CodeForm
          initial={code}
          error={request.error}
          // The same code again (after a 429 or a network error) asks again.
          onSubmit={(typed) =>
            typed === code ? void request.refetch() : setParams({ user_code: typed })
          }
        />
      )}
      {code !== "" && request.isPending && <Loading what="the request" />}
      {request.data &&
        (request.data.status === "pending" ? (
          <Decide key={request.data.userCode} request={request.data} />
        ) : (
          <p role="status">{decidedWords[request.data.status]}</p>
        ))}
    </section>
  );
}

const decidedWords: Record<Schemas["DeviceAuthorization"]["status"], string> = {
  pending: "",
  approved: "This request was already approved. You can return to your device.",
  denied: "This request was denied. Start again on your device to sign in.",
  expired: "This request expired. Start again on your device for a new code.",
  consumed: "This request was approved and the device has its key. Nothing more to do here.",
};

/** A device-flow error in words: unknown and expired codes look alike on purpose. */
export function deviceErrorWords(error: unknown): string {
  if (error instanceof GeoPulseError) {
    if (error.status === 404 && error.code === "not_found")
      return "No request has this code, or it has expired (codes work for 10 minutes). Check the code on your device, or start again there.";
    if (error.status === 429) {
      const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 900) / 60));
      return `Too many tries with wrong codes. Wait ${minutes} minute${minutes === 1 ? "" : "s"}, then try again.`;
    }
  }
  return errorMessage(error);
}

function CodeForm({
  initial,
  error,
  onSubmit,
}: {
  initial: string;
  error: unknown;
  onSubmit: (code: string) => void;
}) {
  const [typed, setTyped] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) onSubmit(typed.trim());
  };
  return (
    <form onSubmit={submit} className="panel">
      <label htmlFor="user-code">Code shown by your device</label>
      <input
        id="user-code"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="mono"
        value={typed}
        aria-describedby="user-code-hint"
        aria-invalid={error ? true : undefined}
        onChange={(event) => setTyped(event.target.value)}
      />
      <small id="user-code-hint" className="hint">
        Such as WDJB-MJHT; case and spaces do not matter.
      </small>
      {error ? (
        <p className="error" role="alert">
          {deviceErrorWords(error)}
        </p>
      ) : null}
      <button type="submit" className="primary">
        Continue
      </button>
    </form>
  );
}

function Decide({ request }: { request: Schemas["DeviceAuthorization"] }) {
  const workspaces = useWorkspaces();
  const asked: Scope[] =
    request.requestedScopes.length > 0 ? request.requestedScopes : ["workspace:read"];
  const others = allScopes.filter((scope) => !asked.includes(scope));
  const [ticked, setTicked] = useState<Scope[]>(asked);
  const [workspace, setWorkspace] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = workspace || workspaces.data?.[0]?.slug || "";
  const decide = useMutation({
    mutationFn: (approve: boolean) =>
      approve
        ? sessionApi.approveDevice(request.userCode, {
            workspace: chosen,
            scopes: allScopes.filter((scope) => ticked.includes(scope)),
          })
        : sessionApi.denyDevice(request.userCode),
  });
  const approve = () => {
    if (ticked.length === 0) {
      setProblem("Tick at least one scope.");
      return;
    }
    setProblem(null);
    decide.mutate(true);
  };

  if (decide.isSuccess)
    return (
      <p role="status" className="panel">
        {decide.data.status === "approved"
          ? "Approved. You can return to your device."
          : "Denied. The device gets no key."}
      </p>
    );

  const box = (scope: Scope) => (
    <label key={scope} className="check">
      <input
        type="checkbox"
        value={scope}
        checked={ticked.includes(scope)}
        onChange={(event) =>
          setTicked(event.target.checked ? [...ticked, scope] : ticked.filter((s) => s !== scope))
        }
      />
      {scope}
    </label>
  );

  return (
    <article className="panel" aria-labelledby="decide-title">
      <h2 id="decide-title">
        <span data-testid="client">{request.clientName ?? "A device"}</span> asks for access
      </h2>
      <p>The key it receives gets the ticked scopes. Code {request.userCode}.</p>
      <fieldset>
        <legend>Asked for</legend>
        <div className="scopes" data-testid="asked">
          {asked.map(box)}
        </div>
      </fieldset>
      <fieldset>
        <legend>Also grant</legend>
        <div className="scopes" data-testid="more">
          {others.map(box)}
        </div>
      </fieldset>
      {workspaces.isPending && <Loading what="your workspaces" />}
      <ErrorNote error={workspaces.error} action="Workspaces" />
      {workspaces.data && workspaces.data.length === 0 && (
        <p className="error" role="alert">
          You have no workspace yet: create one first, then approve the device.
        </p>
      )}
      {workspaces.data && workspaces.data.length > 0 && (
        <>
          <label htmlFor="device-workspace">Workspace the key is for</label>
          <select
            id="device-workspace"
            value={chosen}
            onChange={(event) => setWorkspace(event.target.value)}
          >
            {workspaces.data.map((w) => (
              <option key={w.slug} value={w.slug}>
                {w.displayName} ({w.slug})
              </option>
            ))}
          </select>
        </>
      )}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={decide.isPending || !chosen}
          onClick={approve}
        >
          Approve
        </button>
        <button type="button" disabled={decide.isPending} onClick={() => decide.mutate(false)}>
          Deny
        </button>
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {decide.isError && (
        <p className="error" role="alert">
          {deviceErrorWords(decide.error)}
        </p>
      )}
    </article>
  );
}
