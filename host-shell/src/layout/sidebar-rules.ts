import type { CallSpec, SidebarRules } from 'shared-sdk';
import { shortDrama, tools } from 'shared-sdk/contract/calls';

/**
 * The calls the sidebar's rules come from (the shell client makes them). Entering the layout's routes
 * starts them beside the layout's code (build-routes), so the sidebar usually draws once, complete.
 */
export const SIDEBAR_RULE_CALLS = {
  shortDrama: { path: shortDrama.dramaHasAuth.url, method: shortDrama.dramaHasAuth.method },
  tools: { path: tools.toolList.url },
} as const satisfies Record<keyof SidebarRules, CallSpec>;

/**
 * How long the sidebar waits for the short-drama rule before drawing without it. 短剧 sits among
 * the manuscript entries, so appearing later pushes every entry below it down under the pointer;
 * the tools group is last and moves nothing, so the sidebar never waits for it (an entry a tool
 * rule guards belongs in a group declared last, as 工具 is).
 */
export const SHORT_DRAMA_WAIT_MS = 600;
