import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { gp } from "../api";
import { ErrorNote } from "../components/states";

/**
 * Sign-in by email: in local mode the server signs the person in at once (201); otherwise it
 * emails a link, which opens /sign-in and comes back here signed in.
 */
export function SignIn() {
  const [email, setEmail] = useState("");
  const navigate = useNavigate();
  const back = returnPath(useLocation().state);
  const signIn = useMutation({
    mutationFn: () => gp.raw.POST("/api/v1/auth/sessions", { body: { email } }),
    onSuccess: ({ response }) => {
      if (response.status === 201) navigate(back ?? "/", { replace: true });
    },
  });
  const linkSent = signIn.data?.response.status === 202;
  const failed = signIn.data && !signIn.data.response.ok ? signIn.data.error : signIn.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };

  return (
    <main id="main" className="narrow">
      <h1>Sign in to GEO Pulse</h1>
      <form onSubmit={submit}>
        <label htmlFor="email">Email</label>
        <input
          id="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="primary" disabled={signIn.isPending}>
          {signIn.isPending ? "Signing in…" : "Sign in"}
        </button>
      </form>
      {linkSent && (
        <p role="status">
          Check your inbox: we sent a sign-in link to {email}. It works for 15 minutes.
          {back && (
            <>
              {" "}
              Once you have opened it, <Link to={back}>continue where you were</Link>.
            </>
          )}
        </p>
      )}
      {failed ? <ErrorNote error={toError(failed)} action="Sign-in failed" /> : null}
    </main>
  );
}

/**
 * The app path the frame sent the person here from (`state.from`, set on a 401), so signing in
 * leads back to it: device approval, a checkout's return, any view. Only paths of this app.
 */
export function returnPath(state: unknown): string | null {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (typeof from?.pathname !== "string" || !from.pathname.startsWith("/")) return null;
  if (from.pathname.startsWith("//") || from.pathname === "/login") return null;
  return `${from.pathname}${typeof from.search === "string" ? from.search : ""}`;
}

/** openapi-fetch returns the envelope for non-2xx answers; show its message. */
function toError(value: unknown): Error {
  const message = (value as { error?: { message?: string } })?.error?.message;
  return value instanceof Error ? value : new Error(message ?? "Sign-in failed.");
}
