import type { HandlerRegistry } from "../../http/handler.js";
import { sendChatMessage } from "./send-chat-message.js";
import {
  createChatThread,
  deleteChatThread,
  getChatThread,
  listChatThreads,
  renameChatThread,
} from "./threads.js";

/** Chat threads and their turns with the assistant. */
export const chatHandlers: HandlerRegistry = {
  listChatThreads,
  createChatThread,
  getChatThread,
  renameChatThread,
  deleteChatThread,
  sendChatMessage,
};
