import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import {
  createChatThread as create,
  deleteChatThread as remove,
  renameChatThread as rename,
} from "../../services/chat/change-chat-thread.js";
import { getChatThread as get, listChatThreads as list } from "../../services/chat/chat-threads.js";

export const listChatThreads = defineHandler("listChatThreads")(async ({ op, query }) => ({
  status: 200,
  body: await list({ ...op, ...pageOf(query) }),
}));

export const createChatThread = defineHandler("createChatThread")(async ({ op, body }) => ({
  status: 201,
  body: await create({ ...op, input: body }),
}));

export const getChatThread = defineHandler("getChatThread")(async ({ op, params }) => ({
  status: 200,
  body: await get({ ...op, threadId: params.threadId }),
}));

export const renameChatThread = defineHandler("renameChatThread")(async ({ op, params, body }) => ({
  status: 200,
  body: await rename({ ...op, threadId: params.threadId, title: body.title }),
}));

export const deleteChatThread = defineHandler("deleteChatThread")(async ({ op, params }) => {
  await remove({ ...op, threadId: params.threadId });
  return { status: 204, body: undefined };
});
