/**
 * The creator's tools (docs/product.md §7: the code oddjobs adds 招聘管理 to the menu), and the operator
 * commands a CLI sends the running server when it cannot open the embedded database itself.
 */
import { type Static, Type } from 'typebox';
import { OneOf, Text } from '../core/common';
import { defineRoute } from '../core/route';

const tag = 'tools';

export const ToolListItem = Type.Object({ code: Type.String(), name: Type.String() });
export type ToolListItem = Static<typeof ToolListItem>;

export const toolList = defineRoute({
  method: 'GET',
  url: '/api/user/getToolList',
  operationId: 'toolList',
  summary: "The creator's enabled tools",
  tag,
  data: Type.Array(ToolListItem),
});

/** The operator commands the running server runs for `npm run admin` (see /operator/tools/:command). */
export const TOOL_COMMANDS = ['certification-review', 'certification-queue', 'grant-tool', 'revoke-tool', 'grant-short-drama', 'revoke-short-drama'] as const;
export type ToolCommand = (typeof TOOL_COMMANDS)[number];

export const ToolCommandArgs = Type.Object({
  phone: Type.Optional(Text(20)),
  kind: Type.Optional(Text(20)),
  decision: Type.Optional(Text(20)),
  reason: Type.Optional(Text(400)),
  tool: Type.Optional(Text(40)),
});
export type ToolCommandArgs = Static<typeof ToolCommandArgs>;

export const operatorToolCommand = defineRoute({
  method: 'POST',
  url: '/operator/tools/:command',
  operationId: 'operatorToolCommand',
  summary: 'Run a creator-tool operator command (certification review, tools, short-drama authority)',
  description:
    'Not a creator call: no signature, no session; the `x-operator-token` header must match the one the server ' +
    'publishes in DATA_DIR/operator.json (HTTP 403 otherwise). A refusal of the command answers 1009 with its reason.',
  tag: 'operator',
  auth: 'public',
  params: Type.Object({ command: OneOf(TOOL_COMMANDS) }),
  body: ToolCommandArgs,
  data: Type.Object({ message: Type.String() }),
});
