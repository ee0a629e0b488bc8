#!/usr/bin/env node
// The CLI is TypeScript run through tsx: no build step between a fix and the next deploy.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
