import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { gp, type Schemas } from "../api";
import { emptyReply, foldEvent, sendErrorMessage } from "../chat-stream";
import { Composer, Conversation, type PendingTurn } from "../components/chat-conversation";
import { Empty, ErrorNote, Loading } from "../components/states";
import { formatDate, formatMicrousd } from "../format";
import { take, useSlug } from "../hooks";

const pageSize = 20;
const chatKeys = {
  threads: (slug: string) => ["chat", slug, "threads"] as const,
  thread: (slug: string, threadId: string) => ["chat", slug, "thread", threadId] as const,
};

/** The assistant: threads on one side, the selected thread's conversation and question box. */
export default function Chat() {
  const slug = useSlug();
  const { threadId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState("");
  const [pending, setPending] = useState<PendingTurn | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const thread = useQuery({
    queryKey: chatKeys.thread(slug, threadId ?? ""),
    enabled: threadId !== undefined,
    queryFn: () => gp.chat.getThread(slug, threadId as string),
  });
  // Leaving the view stops waiting for the stream (the server still finishes the turn).
  useEffect(() => () => abort.current?.abort(), []);

  const refresh = (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chatKeys.threads(slug) }),
      queryClient.invalidateQueries({ queryKey: chatKeys.thread(slug, id) }),
    ]);

  async function streamTurn(id: string, text: string) {
    const controller = new AbortController();
    abort.current = controller;
    setPending({
      threadId: id,
      question: text,
      reply: emptyReply,
      streaming: true,
      stopped: false,
    });
    const update = (change: (turn: PendingTurn) => PendingTurn) =>
      setPending((turn) => (turn && turn.threadId === id ? change(turn) : turn));
    try {
      const stream = gp.chat.stream(slug, id, { content: text }, { signal: controller.signal });
      for await (const event of stream)
        update((turn) => ({ ...turn, reply: foldEvent(turn.reply, event) }));
      update((turn) => ({ ...turn, streaming: false }));
      await refresh(id);
      setPending((turn) => (turn?.threadId === id && !turn.stopped ? null : turn));
    } catch (error) {
      if (controller.signal.aborted) {
        update((turn) => ({ ...turn, streaming: false, stopped: true }));
      } else {
        setPending((turn) => (turn?.threadId === id && !turn.reply.messageId ? null : turn));
        update((turn) => ({ ...turn, streaming: false }));
        setQuestion((current) => current || text);
        setSendError(sendErrorMessage(error));
      }
      await refresh(id);
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  const send = async () => {
    const text = question.trim();
    if (!text || pending?.streaming) return;
    setSendError(null);
    setQuestion("");
    let id = threadId;
    if (!id) {
      const created = await gp.chat.createThread(slug, {}).catch((error: unknown) => {
        setQuestion(text);
        setSendError(sendErrorMessage(error));
        return null;
      });
      if (!created) return;
      id = created.threadId;
      void queryClient.invalidateQueries({ queryKey: chatKeys.threads(slug) });
      navigate(`/w/${slug}/chat/${id}`);
    }
    await streamTurn(id, text);
  };

  const shownPending = pending && pending.threadId === threadId ? pending : null;
  const streaming = pending?.streaming === true;
  return (
    <section aria-labelledby="chat-title" className="chat">
      <h1 id="chat-title">Assistant</h1>
      <div className="chat-layout">
        <ThreadList slug={slug} selected={threadId} />
        <div className="chat-main">
          {threadId && thread.isPending && <Loading what="the thread" />}
          <ErrorNote error={thread.error} action="Could not open the thread" />
          {threadId && thread.data && (
            <ThreadHeader
              // A new thread starts a new header: no rename draft or delete question carried over.
              key={thread.data.threadId}
              slug={slug}
              thread={thread.data}
              onDeleted={() => navigate(`/w/${slug}/chat`)}
            />
          )}
          {!threadId && (
            <Empty>
              Ask about this workspace's visibility, prompts, runs, sources or recommendations: the
              assistant reads the workspace's data and says where each number comes from. Your first
              question starts a new thread.
            </Empty>
          )}
          {threadId && thread.data && (
            <Conversation messages={thread.data.messages} pending={shownPending} />
          )}
          {threadId && thread.data?.messages.length === 0 && !shownPending && (
            <Empty>No messages yet: ask your first question below.</Empty>
          )}
          {sendError && (
            <p className="error" role="alert">
              {sendError}
            </p>
          )}
          {(!threadId || thread.data) && (
            <Composer
              value={question}
              onChange={setQuestion}
              onSend={() => void send()}
              onStop={() => abort.current?.abort()}
              streaming={streaming}
            />
          )}
        </div>
      </div>
    </section>
  );
}

/** The workspace's threads, newest first, a page at a time. */
function ThreadList({ slug, selected }: { slug: string; selected: string | undefined }) {
  const [shown, setShown] = useState(pageSize);
  // One more than shown says whether another page exists.
  const threads = useQuery({
    queryKey: [...chatKeys.threads(slug), shown],
    queryFn: () => take(gp.chat.listThreads(slug, { limit: pageSize }), shown + 1),
    placeholderData: (previous) => previous,
  });
  return (
    <nav className="chat-threads panel" aria-labelledby="chat-threads-title">
      <h2 id="chat-threads-title">Threads</h2>
      <Link to={`/w/${slug}/chat`} className="button">
        New thread
      </Link>
      {threads.isPending && <Loading what="threads" />}
      <ErrorNote error={threads.error} action="Threads" />
      {threads.data?.length === 0 && <p className="muted">No threads yet.</p>}
      {threads.data && threads.data.length > 0 && (
        <ul>
          {threads.data.slice(0, shown).map((t) => (
            <li key={t.threadId}>
              <Link
                to={`/w/${slug}/chat/${t.threadId}`}
                aria-current={t.threadId === selected ? "page" : undefined}
              >
                <span className="chat-thread-title">{t.title ?? "Untitled thread"}</span>
                <span className="muted">Updated {formatDate(t.updatedAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {threads.data && threads.data.length > shown && (
        <button type="button" onClick={() => setShown((n) => n + pageSize)}>
          Show more threads
        </button>
      )}
    </nav>
  );
}

/** The thread's title and total cost, with rename and delete. */
function ThreadHeader({
  slug,
  thread,
  onDeleted,
}: {
  slug: string;
  thread: Schemas["ChatThreadWithMessages"];
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["chat", slug] });
  const rename = useMutation({
    mutationFn: (next: string) => gp.chat.renameThread(slug, thread.threadId, { title: next }),
    onSuccess: () => {
      setTitle(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => gp.chat.deleteThread(slug, thread.threadId),
    onSuccess: () => {
      void refresh();
      onDeleted();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title?.trim()) rename.mutate(title.trim());
  };
  const name = thread.title ?? "Untitled thread";
  return (
    <header className="chat-thread-header">
      {title === null ? (
        <h2>{name}</h2>
      ) : (
        <form onSubmit={submit} className="chat-rename">
          <label htmlFor="chat-thread-title">Thread title</label>
          <input
            id="chat-thread-title"
            value={title}
            maxLength={120}
            onChange={(event) => setTitle(event.target.value)}
          />
          <button type="submit" className="primary" disabled={rename.isPending || !title.trim()}>
            Save title
          </button>
          <button type="button" onClick={() => setTitle(null)}>
            Cancel
          </button>
        </form>
      )}
      <p className="muted">
        {thread.messageCount} messages · cost {formatMicrousd(thread.costMicrousd)}
      </p>
      <div className="actions">
        {title === null && (
          <button type="button" onClick={() => setTitle(thread.title ?? "")}>
            Rename
          </button>
        )}
        {confirming ? (
          <>
            <button type="button" className="danger" onClick={() => remove.mutate()}>
              Delete this thread
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </div>
      <ErrorNote error={rename.error} action="Could not rename" />
      <ErrorNote error={remove.error} action="Could not delete" />
    </header>
  );
}
