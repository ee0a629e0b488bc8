import { screen } from '@testing-library/react';
import routes from './routes';
import { expectComingSoonScreen, type ExposedModules, renderScreen } from 'shared-sdk/testing';

// The same modules module-federation.config.js exposes.
const exposed: ExposedModules = {
  './ScriptWrite': () => import('./script-write'),
  './VideoWrite': () => import('./video-write'),
  './GraphWrite': () => import('./graph-write'),
  './Post': () => import('./post'),
  './Episode': () => import('./episode'),
};

describe('mf_editor screens', () => {
  it.each(routes.map((route) => [route.path, route] as const))('%s renders its coming-soon page', (_path, route) => expectComingSoonScreen(route, exposed));

  it('is the collection editor with isPack=1', async () => {
    const { default: VideoWrite } = await import('./video-write');
    renderScreen(VideoWrite, '/videoWrite', '/videoWrite?isPack=1');
    expect(screen.getByText('发合集')).toBeInTheDocument();
  });
});
