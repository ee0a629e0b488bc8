// What mf_materials exposes: one module per screen. Its routes are declared in src/expose/routes.ts.
export default {
  name: 'mf_materials',
  exposes: {
    './MaterialList': './src/expose/material-list.tsx',
    './MaterialAdd': './src/expose/material-add.tsx',
    './MaterialDetail': './src/expose/material-detail.tsx',
  },
};
