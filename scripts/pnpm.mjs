#!/usr/bin/env node
// Runs the pinned pnpm without a global install: a fresh machine has only Node and npm.
import { runPnpm } from './lib/pnpm.mjs';

process.exit(await runPnpm(process.argv.slice(2)));
