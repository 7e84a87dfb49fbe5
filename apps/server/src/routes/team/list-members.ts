import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import { listMembers as listMembersService } from "../../services/team/list-members.js";

export const listMembers = defineHandler("listMembers")(async ({ op, query }) => ({
  status: 200,
  body: await listMembersService({ ...op, ...pageOf(query) }),
}));
