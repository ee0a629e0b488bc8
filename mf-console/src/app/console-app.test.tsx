import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'shared-sdk/router';
import { renderWithProviders } from 'shared-sdk/testing';
import { ConsoleApp } from './console-app';

jest.setTimeout(60_000);

function Where() {
  return <output aria-label="地址">{useLocation().pathname}</output>;
}

/** The session call answered as the server would for `role`; everything else empty. */
function signedInAs(role: string, permissions: string[]) {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const data =
      url === '/api/operator/session'
        ? { id: 7, name: 'ops', role, permissions, expires_at: null, via: 'session' }
        : url.startsWith('/api/operator/releases')
          ? { env: 'production', remotes: [] }
          : null;
    return { status: 200, ok: true, json: async () => ({ code: 0, msg: 'ok', data }) };
  }) as unknown as typeof fetch;
}

describe('the console at /console', () => {
  const originalFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  it('opens a release manager, who has no home screen, on 发布', async () => {
    signedInAs('release_manager', ['self', 'release']);
    renderWithProviders(
      <MemoryRouter initialEntries={['/console']}>
        <Routes>
          <Route
            path="/console/*"
            element={
              <>
                <ConsoleApp />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByLabelText('地址')).toHaveTextContent('/console/releases'));
    expect(screen.queryByText('抱歉，你访问的页面不存在')).not.toBeInTheDocument();
  });
});
