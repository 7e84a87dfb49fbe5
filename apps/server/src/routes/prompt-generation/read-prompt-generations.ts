import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import {
  getPromptGeneration as get,
  listPromptGenerations as list,
} from "../../services/prompt-generation/read-prompt-generations.js";

export const listPromptGenerations = defineHandler("listPromptGenerations")(
  async ({ op, query }) => ({
    status: 200,
    body: await list({ ...op, ...pageOf(query) }),
  }),
);

export const getPromptGeneration = defineHandler("getPromptGeneration")(async ({ op, params }) => ({
  status: 200,
  body: await get({ ...op, generationId: params.generationId }),
}));
