// What mf_newspaper exposes: one module per screen. Its routes are declared in src/expose/routes.ts.
export default {
  name: 'mf_newspaper',
  exposes: {
    './Newspaper': './src/expose/newspaper.tsx',
  },
};
