import type { ReactElement } from 'react';
import type { OperatorRole } from 'shared-sdk/contract';
import { renderWithProviders } from 'shared-sdk/testing';
import { OperatorContext } from '../lib/operator-context';
import { operatorOf } from './operators';

/** Renders a screen as an operator of this role sees it (the store and providers of the page around it). */
export function renderAs(role: OperatorRole, ui: ReactElement) {
  return renderWithProviders(<OperatorContext.Provider value={operatorOf(role)}>{ui}</OperatorContext.Provider>);
}
