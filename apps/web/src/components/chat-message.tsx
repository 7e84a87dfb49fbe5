import { Link } from "react-router";
import type { Schemas } from "../api";
import { citationLink } from "../chat-citations";
import { linesOf, type ToolStep } from "../chat-stream";
import { formatMicrousd } from "../format";

/** Untrusted text (an answer, a tool's summary) as text: its line breaks, and only http(s) links. */
export function UntrustedText({ text }: { text: string }) {
  const lines = linesOf(text);
  return (
    <div className="chat-text">
      {lines.map((pieces, line) => (
        // Lines have no identity of their own: their order is the text's.
        <p key={line}>
          {pieces.map((piece, i) =>
            piece.kind === "link" ? (
              <a key={i} href={piece.href} target="_blank" rel="noopener noreferrer nofollow">
                {piece.href}
              </a>
            ) : (
              piece.text
            ),
          )}
        </p>
      ))}
    </div>
  );
}

const stepStatus = { running: "running", done: "done", failed: "refused" } as const;

/** The tools a reply called, one compact line each (name, status, the tool's one-line note). */
export function ToolSteps({ steps }: { steps: ToolStep[] }) {
  if (steps.length === 0) return null;
  return (
    <ol className="chat-steps" aria-label="Tools the assistant used">
      {steps.map((step) => (
        <li key={step.callId} className={`chat-step ${step.status}`}>
          <code>{step.name}</code>{" "}
          <span className="chat-step-status">{stepStatus[step.status]}</span>
          {step.note && <span className="muted"> — {step.note}</span>}
        </li>
      ))}
    </ol>
  );
}

/** What a finished reply cost and how it ended (a stored assistant message). */
/** The answers behind the reply's numbers, one link per distinct place. */
export function ReplySources({ slug, message }: { slug: string; message: Schemas["ChatMessage"] }) {
  const links = [
    ...new Map(
      message.citations
        .map((c) => citationLink(slug, c))
        .filter((link) => link !== null)
        .map((link) => [link.to, link]),
    ).values(),
  ];
  if (links.length === 0) return null;
  return (
    <details className="chat-sources">
      <summary>Where the numbers come from ({links.length})</summary>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.text}</Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function ReplyFooter({ message }: { message: Schemas["ChatMessage"] }) {
  const ended =
    message.status === "failed"
      ? `Failed${message.error ? `: ${message.error}` : ""}. Send the question again.`
      : message.status === "interrupted"
        ? `Interrupted${message.error ? `: ${message.error}` : ""}. Send the question again.`
        : message.status === "running"
          ? "Still answering: reload in a moment."
          : null;
  return (
    <p className="chat-meta">
      <span>Cost {formatMicrousd(message.costMicrousd)}</span>
      {message.simulated && <span> · simulated assistant</span>}
      {ended && <span className="chat-ended"> · {ended}</span>}
    </p>
  );
}
