import { jestConfig } from 'build-tools/jest';

export default jestConfig({ rootDir: import.meta.dirname });
