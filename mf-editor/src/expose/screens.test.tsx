import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import routes from './routes';
import { renderScreen } from 'shared-sdk/testing';

// The same modules module-federation.config.js exposes.
const exposed: Record<string, () => Promise<{ default: ComponentType }>> = {
  './ScriptWrite': () => import('./script-write'),
  './VideoWrite': () => import('./video-write'),
  './GraphWrite': () => import('./graph-write'),
  './Post': () => import('./post'),
  './Episode': () => import('./episode'),
};

const sampleUrl = (path: string) => path.replace(/:[^/]+/g, '0');
// Screens whose title depends on the URL (the sample URL above).
const expectedTitle: Record<string, string> = {};

describe('mf_editor screens', () => {
  it.each(routes.map((route) => [route.path, route] as const))('%s renders its coming-soon page', async (_path, route) => {
    const load = exposed[route.module];
    if (!load) throw new Error(`${route.module} is not exposed`);
    const { default: Screen } = await load();
    renderScreen(Screen, route.path, sampleUrl(route.path));
    expect(screen.getByText(expectedTitle[route.module] ?? route.title)).toBeInTheDocument();
    expect(screen.getByText('该功能正在建设中，敬请期待')).toBeInTheDocument();
  });

  it('is the collection editor with isPack=1', async () => {
    const { default: VideoWrite } = await import('./video-write');
    renderScreen(VideoWrite, '/videoWrite', '/videoWrite?isPack=1');
    expect(screen.getByText('发合集')).toBeInTheDocument();
  });
});
