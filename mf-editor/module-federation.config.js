// What mf_editor exposes: one module per screen. Its routes are declared in src/expose/routes.ts.
export default {
  name: 'mf_editor',
  exposes: {
    './ScriptWrite': './src/expose/script-write.tsx',
    './VideoWrite': './src/expose/video-write.tsx',
    './GraphWrite': './src/expose/graph-write.tsx',
    './Post': './src/expose/post.tsx',
    './Episode': './src/expose/episode.tsx',
  },
};
