import { createMfConfig } from 'build-tools/rspack';
import federation from './module-federation.config.js';

export default createMfConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  port: 3006,
  routesFile: 'src/expose/routes.ts',
  ...federation,
});
