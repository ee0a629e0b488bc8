import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'shared-sdk/router';
import { createAppStore, USER_INFO_STORAGE_KEY } from 'shared-sdk';
import { VERIFIED_USER } from '../../testing/fixtures';
import { useCertReread } from './use-cert-reread';

function Probe() {
  useCertReread();
  return null;
}

describe('useCertReread (docs/product.md §4: re-read 3000 ms after a screen loads)', () => {
  afterEach(() => jest.useRealTimers());

  it('picks up a real-name flag that arrived late in local storage', () => {
    jest.useFakeTimers();
    const store = createAppStore({ session: { user: { ...VERIFIED_USER, u_cert: 0 } } });
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify({ ...VERIFIED_USER, u_cert: 1 }));
    render(
      <Provider store={store}>
        <MemoryRouter>
          <Probe />
        </MemoryRouter>
      </Provider>,
    );
    act(() => jest.advanceTimersByTime(2999));
    expect(store.getState().session.user?.u_cert).toBe(0);
    act(() => jest.advanceTimersByTime(1));
    expect(store.getState().session.user?.u_cert).toBe(1);
  });
});
