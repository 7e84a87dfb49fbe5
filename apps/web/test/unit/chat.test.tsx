// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import Chat from "../../src/views/chat";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const thread = {
  threadId: "cht_1",
  title: "Visibility",
  messageCount: 0,
  costMicrousd: 0,
  createdAt: "2026-11-24T10:00:00Z",
  updatedAt: "2026-11-24T10:00:00Z",
};

/** The first events of a turn, then silence until the reader gives up (a reply still streaming). */
function openStream(signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  const events = [
    {
      type: "turn_started",
      threadId: "cht_1",
      idempotencyKey: "k",
      userMessageId: "m1",
      messageId: "m2",
    },
    {
      type: "tool_call",
      messageId: "m2",
      step: 1,
      callId: "c1",
      name: "get_metrics",
      arguments: {},
    },
    { type: "text_delta", messageId: "m2", text: "Visibility <b>is</b> " },
  ];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events)
        controller.enqueue(
          encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
        );
      signal.addEventListener("abort", () => controller.error(signal.reason));
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

function renderChat(answer: (request: Request) => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      if (request.method === "GET" && request.url.includes("/chat/threads/cht_1"))
        return Response.json({ ...thread, messages: [] });
      if (request.method === "GET") return Response.json({ data: [thread], nextCursor: null });
      sent.push({ body: await request.clone().json(), accept: request.headers.get("accept") });
      return answer(request);
    }),
  );
  const router = createMemoryRouter([{ path: "/w/:slug/chat/:threadId?", element: <Chat /> }], {
    initialEntries: ["/w/acme/chat/cht_1"],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return sent;
}

describe("the chat view", () => {
  it("streams a reply as text, shows its tool steps, and Stop ends the wait", async () => {
    const sent = renderChat((request) => openStream(request.signal));
    await screen.findByRole("heading", { name: "Visibility", level: 2 });
    await userEvent.type(screen.getByLabelText("Ask the assistant"), "How visible are we?{Enter}");
    await screen.findByText("Visibility <b>is</b>", { exact: false });
    // Untrusted text stays text: no element comes out of it.
    expect(document.querySelector(".chat-text b")).toBeNull();
    expect(screen.getByText("get_metrics")).toBeTruthy();
    expect(screen.getByText("running")).toBeTruthy();
    expect(sent).toEqual([
      { body: { content: "How visible are we?" }, accept: "text/event-stream" },
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Stop" }));
    await screen.findByText(/Stopped\. The assistant still finishes this reply/);
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
  });

  it("says what to do when the credit does not cover a reply", async () => {
    renderChat(() =>
      Response.json(
        {
          error: {
            code: "insufficient_credits",
            message: "Not enough credit.",
            requestId: "req_1",
            details: { requiredMicrousd: 720_000, availableMicrousd: 0 },
          },
        },
        { status: 402 },
      ),
    );
    await screen.findByRole("heading", { name: "Visibility", level: 2 });
    await userEvent.type(screen.getByLabelText("Ask the assistant"), "How visible are we?{Enter}");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/Top up credit on the Billing page/);
    // The question is given back to send again.
    expect((screen.getByLabelText("Ask the assistant") as HTMLTextAreaElement).value).toBe(
      "How visible are we?",
    );
  });
});
