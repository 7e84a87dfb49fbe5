import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake model answers to one step: text (streamed in pieces), tool calls, token usage. */
export interface ScriptedStep {
  text?: string;
  toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }>;
  usage?: { inputTokens: number; outputTokens: number };
  /**
   * OpenAI only: the response ends `response.incomplete` for this reason after its text
   * (streaming events reference), or the stream ends with an `error` event after it.
   */
  incomplete?: "max_output_tokens" | "content_filter";
  streamError?: { code: string; message: string };
}

export interface RecordedModelRequest {
  path: string;
  body: any;
}

/** A step as it is, or built from the request it answers (a model that reads its input). */
export type ScriptEntry = ScriptedStep | ((request: RecordedModelRequest) => ScriptedStep);

/**
 * A local stand-in for the assistant's model provider, speaking the real
 * streaming wire formats so the official clients run: OpenAI's Responses API
 * (`POST /v1/responses`, SSE: response.output_text.delta, response.completed
 * with function_call output items and usage) and Anthropic's Messages API
 * (`POST /v1/messages`, SSE: message_start, content_block_* with text and
 * tool_use blocks, message_delta with usage). Each request takes the next
 * scripted step, or `fallback` (built from the request) once the script is used up.
 */
export class FakeChatModel {
  readonly requests: RecordedModelRequest[] = [];
  readonly script: ScriptEntry[] = [];
  url = "";
  /** Every answer waits this long before its first byte (kill tests). */
  latencyMs = 0;
  private server: Server | undefined;
  private calls = 0;
  private gate: Promise<void> | undefined;

  constructor(
    private readonly fallback: (request: RecordedModelRequest) => ScriptedStep = () => ({
      text: "Done.",
    }),
  ) {}

  /** Queues the answers of the next steps. */
  queue(...steps: ScriptEntry[]): this {
    this.script.push(...steps);
    return this;
  }

  /**
   * Holds every answer until the returned release is called: a turn stays running for as
   * long as a test needs, however loaded the machine, and no longer.
   */
  hold(): () => void {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.gate = gate;
    return () => {
      if (this.gate === gate) this.gate = undefined;
      release();
    };
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const request = {
          path: req.url ?? "",
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
        };
        this.requests.push(request);
        const next = this.script.shift();
        const step = typeof next === "function" ? next(request) : (next ?? this.fallback(request));
        const call = ++this.calls;
        const answer = () => {
          if (res.destroyed) return;
          res.writeHead(200, { "content-type": "text/event-stream" });
          if (request.path.startsWith("/v1/responses")) writeResponses(res, step, call);
          else writeMessages(res, step, call);
          res.end();
        };
        void (this.gate ?? Promise.resolve()).then(() => setTimeout(answer, this.latencyMs));
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const sse = (res: ServerResponse, event: string, data: unknown) =>
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/** The text in a few pieces, as a model streams it. */
const pieces = (text: string) => text.match(/.{1,12}/gs) ?? [];

function writeResponses(res: ServerResponse, step: ScriptedStep, call: number): void {
  const usage = step.usage ?? { inputTokens: 1000, outputTokens: 100 };
  const output: unknown[] = [];
  sse(res, "response.created", {
    type: "response.created",
    response: { id: `resp_${call}`, status: "in_progress", output: [] },
  });
  if (step.text) {
    for (const delta of pieces(step.text)) {
      sse(res, "response.output_text.delta", {
        type: "response.output_text.delta",
        item_id: `msg_${call}`,
        output_index: 0,
        content_index: 0,
        delta,
      });
    }
    output.push({
      type: "message",
      id: `msg_${call}`,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: step.text, annotations: [] }],
    });
  }
  (step.toolCalls ?? []).forEach((tool, index) => {
    output.push({
      type: "function_call",
      id: `fc_${call}_${index}`,
      call_id: `call_${call}_${index}`,
      name: tool.name,
      arguments: JSON.stringify(tool.arguments),
      status: "completed",
    });
  });
  if (step.streamError) {
    sse(res, "error", { type: "error", ...step.streamError, param: null, sequence_number: 9 });
    return;
  }
  const end = step.incomplete ? "response.incomplete" : "response.completed";
  sse(res, end, {
    type: end,
    response: {
      id: `resp_${call}`,
      object: "response",
      status: step.incomplete ? "incomplete" : "completed",
      ...(step.incomplete ? { incomplete_details: { reason: step.incomplete } } : {}),
      output,
      usage: {
        input_tokens: usage.inputTokens,
        output_tokens: usage.outputTokens,
        total_tokens: usage.inputTokens + usage.outputTokens,
      },
    },
  });
}

function writeMessages(res: ServerResponse, step: ScriptedStep, call: number): void {
  const usage = step.usage ?? { inputTokens: 1000, outputTokens: 100 };
  sse(res, "message_start", {
    type: "message_start",
    message: {
      id: `msg_${call}`,
      type: "message",
      role: "assistant",
      model: "claude",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: usage.inputTokens, output_tokens: 1 },
    },
  });
  let index = 0;
  if (step.text) {
    sse(res, "content_block_start", {
      type: "content_block_start",
      index,
      content_block: { type: "text", text: "" },
    });
    for (const text of pieces(step.text)) {
      sse(res, "content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "text_delta", text },
      });
    }
    sse(res, "content_block_stop", { type: "content_block_stop", index });
    index++;
  }
  for (const [n, tool] of (step.toolCalls ?? []).entries()) {
    sse(res, "content_block_start", {
      type: "content_block_start",
      index,
      content_block: { type: "tool_use", id: `toolu_${call}_${n}`, name: tool.name, input: {} },
    });
    sse(res, "content_block_delta", {
      type: "content_block_delta",
      index,
      delta: { type: "input_json_delta", partial_json: JSON.stringify(tool.arguments) },
    });
    sse(res, "content_block_stop", { type: "content_block_stop", index });
    index++;
  }
  sse(res, "message_delta", {
    type: "message_delta",
    delta: { stop_reason: step.toolCalls?.length ? "tool_use" : "end_turn", stop_sequence: null },
    usage: { output_tokens: usage.outputTokens },
  });
  sse(res, "message_stop", { type: "message_stop" });
}
