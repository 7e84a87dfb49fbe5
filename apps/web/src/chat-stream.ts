import { GeoPulseError } from "@geopulse/sdk";
import type { Schemas } from "./api";

type StreamEvent = Schemas["ChatStreamEvent"];
type Message = Schemas["ChatMessage"];

/** A tool call of a reply, as a compact step: its name and how it went. */
export interface ToolStep {
  callId: string;
  name: string;
  status: "running" | "done" | "failed";
  /** The tool's one-line summary, or why it was refused (untrusted text). */
  note: string | null;
}

/** The assistant's reply as the stream has told it so far. */
export interface LiveReply {
  messageId: string | null;
  /** The stored question's id (the history shows it once it has it). */
  userMessageId: string | null;
  text: string;
  steps: ToolStep[];
  /** Set by `done`: the stored message (its status, cost and content are the truth). */
  message: Message | null;
  /** An `error` event's words (the turn failed; `done` follows). */
  error: string | null;
}

export const emptyReply: LiveReply = {
  messageId: null,
  userMessageId: null,
  text: "",
  steps: [],
  message: null,
  error: null,
};

/** One stream event folded into the reply (pure: the view keeps the result in state). */
export function foldEvent(reply: LiveReply, event: StreamEvent): LiveReply {
  switch (event.type) {
    case "turn_started":
      return { ...reply, messageId: event.messageId, userMessageId: event.userMessageId };
    case "step_started":
      return reply;
    case "tool_call":
      if (reply.steps.some((step) => step.callId === event.callId)) return reply;
      return {
        ...reply,
        steps: [
          ...reply.steps,
          { callId: event.callId, name: event.name, status: "running", note: null },
        ],
      };
    case "tool_result": {
      const finished: ToolStep = {
        callId: event.callId,
        name: event.name,
        status: event.error ? "failed" : "done",
        note: event.error ?? event.summary,
      };
      const known = reply.steps.some((step) => step.callId === event.callId);
      return {
        ...reply,
        steps: known
          ? reply.steps.map((step) => (step.callId === event.callId ? finished : step))
          : [...reply.steps, finished],
      };
    }
    case "text_delta":
      return { ...reply, text: reply.text + event.text };
    case "error":
      return { ...reply, error: event.message };
    case "done":
      return { ...reply, message: event.message, text: event.message.content || reply.text };
  }
}

/** The tool steps of a stored assistant message (the history's view of a finished turn). */
export function stepsOfMessage(message: Message): ToolStep[] {
  return message.steps.flatMap((step) =>
    step.kind === "tool"
      ? [
          {
            callId: step.callId,
            name: step.name,
            status: step.error ? ("failed" as const) : ("done" as const),
            note: step.error ?? step.summary,
          },
        ]
      : [],
  );
}

/** A piece of untrusted text: plain, or a link (only http and https addresses become links). */
export type TextPiece = { kind: "text"; text: string } | { kind: "link"; href: string };

const urlPattern = /https?:\/\/[^\s<>"'`]+/g;

/**
 * The lines of an untrusted answer, each cut into text and http(s) links. Trailing
 * punctuation stays text ("see https://a.com." links https://a.com).
 */
export function linesOf(text: string): TextPiece[][] {
  return text.split(/\r?\n/).map((line) => {
    const pieces: TextPiece[] = [];
    let at = 0;
    for (const match of line.matchAll(urlPattern)) {
      const href = match[0].replace(/[.,;:!?)\]]+$/, "");
      const start = match.index;
      if (start > at) pieces.push({ kind: "text", text: line.slice(at, start) });
      if (isWebAddress(href)) pieces.push({ kind: "link", href });
      else pieces.push({ kind: "text", text: href });
      at = start + href.length;
    }
    if (at < line.length) pieces.push({ kind: "text", text: line.slice(at) });
    return pieces;
  });
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Why a message could not be sent, in words, with what to do next. */
export function sendErrorMessage(error: unknown): string {
  if (!(error instanceof GeoPulseError)) {
    return error instanceof Error
      ? `The connection broke: ${error.message} Reload the thread to see whether the answer was stored.`
      : "Something went wrong. Reload the thread and try again.";
  }
  switch (error.status) {
    case 402:
      return "Not enough credit for a reply (each reply holds $0.72 until it settles). Top up credit on the Billing page, then send again.";
    case 409:
      if (error.code === "chat_turn_in_progress")
        return "The assistant is still answering an earlier message in this thread. Wait for it to finish (reload to see it), then send again.";
      if (error.code === "no_engines_configured")
        return "No assistant model is set up on this server: add the provider's API key, then send again.";
      return `${error.message} Reload the thread and send again.`;
    case 429: {
      const wait = error.retryAfterSeconds;
      return `Too many messages in a short time. ${wait ? `Wait ${wait} second${wait === 1 ? "" : "s"}` : "Wait a moment"} and send again.`;
    }
    default:
      return `${error.message} (request ${error.requestId ?? "unknown"})`;
  }
}
