// The host: no build-time remotes. Remotes are registered at run time from /api/runtime/remotes.
export default {
  name: 'host_shell',
  // Shares registered when first asked for instead of all in the page's first task.
  runtimePlugins: ['./src/remotes/deferred-shares.ts'],
  // Only for `pnpm dev`: remotes whose dev server answers on these ports are served live.
  devRemotes: {
    mf_materials: { port: 3001 },
    mf_drafts: { port: 3002 },
    mf_editor: { port: 3003 },
    mf_newspaper: { port: 3004 },
    mf_tools: { port: 3005 },
    mf_console: { port: 3006 },
  },
};
