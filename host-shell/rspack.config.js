import { createMfConfig } from 'build-tools/rspack';
import federation from './module-federation.config.js';

export default createMfConfig({
  dir: import.meta.dirname,
  kind: 'host',
  port: 3000,
  ...federation,
});
