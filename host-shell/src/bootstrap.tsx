import { nextTask } from './lib/next-task';
import './styles.css';

/**
 * The shell's libraries evaluated a task each, then its start (start-shell.tsx). This module arrives
 * with the host's start-up file (React's renderer, Redux Toolkit, axios, the SDK, the router), and a
 * module's static imports are evaluated before it runs: with them all static, every one of those
 * libraries ran in the task where the last file arrived, 270-420 ms at 2x CPU on an ordinary computer.
 * Each import here is `eager`: its code still travels in the files this module came with (no request
 * is added) and is evaluated only when the import runs, after the browser has had its turn. Five cold
 * loads of /index at 2x CPU (bench/RESULTS.md, 2026-12-02): React's renderer 79-174 ms, Redux Toolkit
 * with its query hooks and react-redux 22-78, the SDK with axios 104-178, the shell's own modules 6-33.
 * Each import takes only what is named (`createRoot`, `createApi`), not the module's whole namespace,
 * so the bundles keep exactly what they kept before.
 */
async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await Promise.all([
    import(/* webpackMode: "eager" */ '@reduxjs/toolkit'),
    import(/* webpackMode: "eager", webpackExports: ["createApi"] */ '@reduxjs/toolkit/query/react'),
    import(/* webpackMode: "eager" */ 'react-redux'),
  ]);
  await nextTask();
  await import(/* webpackMode: "eager" */ 'shared-sdk');
  await nextTask();
  const { startShell } = await import(/* webpackMode: "eager" */ './start-shell');
  await startShell(createRoot(container));
}

const container = document.getElementById('root');
if (container) {
  start(container).catch((error: unknown) => {
    console.error('host-shell: start-up failed', error);
  });
}
