import type { KeyboardEvent } from "react";
import type { Schemas } from "../api";
import { type LiveReply, stepsOfMessage } from "../chat-stream";
import { useSlug } from "../hooks";
import { ReplyFooter, ReplySources, ToolSteps, UntrustedText } from "./chat-message";

/** A turn being answered: the question sent and the reply so far. */
export interface PendingTurn {
  threadId: string;
  question: string;
  reply: LiveReply;
  streaming: boolean;
  stopped: boolean;
}

/** The thread's stored messages, oldest first, then the turn being streamed (if any). */
export function Conversation({
  messages,
  pending,
}: {
  messages: Schemas["ChatMessage"][];
  pending: PendingTurn | null;
}) {
  // The streamed turn is shown from the stream until the stream has ended.
  const streamed = new Set([pending?.reply.messageId, pending?.reply.userMessageId]);
  const shown = pending ? messages.filter((m) => !streamed.has(m.messageId)) : messages;
  const slug = useSlug();
  return (
    <ol className="chat-messages">
      {shown.map((message) =>
        message.role === "user" ? (
          <li key={message.messageId} className="chat-message user">
            <h3 className="visually-hidden">You</h3>
            <UntrustedText text={message.content} />
          </li>
        ) : (
          <li key={message.messageId} className="chat-message assistant">
            <h3 className="visually-hidden">Assistant</h3>
            <ToolSteps steps={stepsOfMessage(message)} />
            <UntrustedText text={message.content} />
            <ReplySources slug={slug} message={message} />
            <ReplyFooter message={message} />
          </li>
        ),
      )}
      {pending && <PendingMessages pending={pending} />}
    </ol>
  );
}

function PendingMessages({ pending }: { pending: PendingTurn }) {
  const { reply } = pending;
  const slug = useSlug();
  return (
    <>
      <li className="chat-message user">
        <h3 className="visually-hidden">You</h3>
        <UntrustedText text={pending.question} />
      </li>
      <li className="chat-message assistant">
        <h3 className="visually-hidden">Assistant</h3>
        <ToolSteps steps={reply.steps} />
        {/* Polite and busy while streaming: a screen reader reads the answer once it is whole. */}
        <div aria-live="polite" aria-busy={pending.streaming}>
          {reply.text ? (
            <UntrustedText text={reply.text} />
          ) : (
            pending.streaming && <p className="muted">The assistant is thinking…</p>
          )}
          {reply.error && (
            <p className="error" role="alert">
              The reply failed: {reply.error}
            </p>
          )}
          {pending.stopped && (
            <p className="muted">
              Stopped. The assistant still finishes this reply on the server: reload the thread to
              see it.
            </p>
          )}
          {reply.message && <ReplySources slug={slug} message={reply.message} />}
          {reply.message && <ReplyFooter message={reply.message} />}
        </div>
      </li>
    </>
  );
}

/** The question box: Enter sends, Shift+Enter starts a new line; Stop aborts the stream. */
export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  streaming,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSend();
  };
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <label htmlFor="chat-question">Ask the assistant</label>
      <textarea
        id="chat-question"
        rows={3}
        maxLength={4000}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="chat-question-hint"
      />
      <p id="chat-question-hint" className="muted">
        Enter sends; Shift+Enter starts a new line.
      </p>
      <div className="actions">
        {streaming ? (
          <button type="button" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="submit" className="primary" disabled={!value.trim()}>
            Send
          </button>
        )}
      </div>
    </form>
  );
}
