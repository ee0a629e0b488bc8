import type { ComponentType } from 'react';
import type { RemoteModuleLoader } from '../remotes/remote-loader';

/** A loader that serves `screens` by federation id, like loadRemote would. */
export function fakeLoader(screens: Record<string, ComponentType>): RemoteModuleLoader {
  return async (id) => {
    const screen = screens[id];
    if (!screen) throw new Error(`remote ${id} is not available`);
    return { default: screen };
  };
}

export function screenSaying(text: string): ComponentType {
  return function FakeScreen() {
    return <p>{text}</p>;
  };
}
