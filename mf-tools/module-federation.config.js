// What mf_tools exposes: one module per screen. Its routes are declared in src/expose/routes.ts.
export default {
  name: 'mf_tools',
  exposes: {
    './JobList': './src/expose/job-list.tsx',
    './JobAdd': './src/expose/job-add.tsx',
    './Rank': './src/expose/rank.tsx',
    './Rights': './src/expose/rights.tsx',
    './GovAffairs': './src/expose/gov-affairs.tsx',
    './Enterprise': './src/expose/enterprise.tsx',
    './HelpCenter': './src/expose/help-center.tsx',
  },
};
