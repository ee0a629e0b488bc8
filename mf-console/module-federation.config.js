// What mf_console exposes: the whole console as one module, mounted by the host at /console/*.
// The console's own screens are its inner routes (src/app/screens.tsx), so adding one needs no host release.
export default {
  name: 'mf_console',
  exposes: {
    './Console': './src/expose/console.tsx',
  },
};
