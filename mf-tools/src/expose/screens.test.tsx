import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import routes from './routes';
import { renderScreen } from 'shared-sdk/testing';

// The same modules module-federation.config.js exposes.
const exposed: Record<string, () => Promise<{ default: ComponentType }>> = {
  './JobList': () => import('./job-list'),
  './JobAdd': () => import('./job-add'),
  './Rank': () => import('./rank'),
  './Rights': () => import('./rights'),
  './GovAffairs': () => import('./gov-affairs'),
  './Enterprise': () => import('./enterprise'),
  './HelpCenter': () => import('./help-center'),
};

const sampleUrl = (path: string) => path.replace(/:[^/]+/g, '0');
// Screens whose title depends on the URL (the sample URL above).
const expectedTitle: Record<string, string> = {};

describe('mf_tools screens', () => {
  it.each(routes.map((route) => [route.path, route] as const))('%s renders its coming-soon page', async (_path, route) => {
    const load = exposed[route.module];
    if (!load) throw new Error(`${route.module} is not exposed`);
    const { default: Screen } = await load();
    renderScreen(Screen, route.path, sampleUrl(route.path));
    expect(screen.getByText(expectedTitle[route.module] ?? route.title)).toBeInTheDocument();
    expect(screen.getByText('该功能正在建设中，敬请期待')).toBeInTheDocument();
  });

  it('highlights recruitment management from the add screen and opens the rank in a new window (spec §2)', () => {
    expect(routes.find((route) => route.path === '/tools/job/add')?.highlight).toBe('/tools/job/index');
    expect(routes.find((route) => route.path === '/rank')).toMatchObject({ open: 'window', bare: true });
  });
});
