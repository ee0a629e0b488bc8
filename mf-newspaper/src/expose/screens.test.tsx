import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { newsGet } from 'shared-sdk';
import routes from './routes';
import { renderScreen } from 'shared-sdk/testing';

// The same modules module-federation.config.js exposes.
const exposed: Record<string, () => Promise<{ default: ComponentType }>> = {
  './Newspaper': () => import('./newspaper'),
};

jest.mock('shared-sdk', () => ({ ...jest.requireActual('shared-sdk'), newsGet: jest.fn() }));
(newsGet as jest.MockedFunction<typeof newsGet>).mockResolvedValue([]);

const sampleUrl = (path: string) => path.replace(/:[^/]+/g, '0');
// Screens whose title depends on the URL (the sample URL above).
const expectedTitle: Record<string, string> = {};

describe('mf_newspaper screens', () => {
  it.each(routes.map((route) => [route.path, route] as const))('%s renders its screen', async (_path, route) => {
    const load = exposed[route.module];
    if (!load) throw new Error(`${route.module} is not exposed`);
    const { default: Screen } = await load();
    renderScreen(Screen, route.path, sampleUrl(route.path));
    expect(screen.getByText(expectedTitle[route.module] ?? route.title)).toBeInTheDocument();
    expect(await screen.findByText('该日暂无版面')).toBeInTheDocument();
  });
});
