// What mf_drafts exposes: one module per screen. Its routes are declared in src/expose/routes.ts.
export default {
  name: 'mf_drafts',
  exposes: {
    './DraftList': './src/expose/draft-list.tsx',
    './ScriptDetail': './src/expose/script-detail.tsx',
    './PersonalScript': './src/expose/personal-script.tsx',
    './ShortPlay': './src/expose/short-play.tsx',
    './ShortPlayDetail': './src/expose/short-play-detail.tsx',
  },
};
