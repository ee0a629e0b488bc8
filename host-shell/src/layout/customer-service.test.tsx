import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-sdk/testing';
import { CustomerService } from './header-actions';

// The dialog's code cannot be loaded (a network failure while fetching its chunk).
jest.mock('./customer-service-dialog', () => {
  throw new Error('chunk failed to load');
});

it('keeps the header when the 客服 dialog cannot be loaded', async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    renderWithProviders(<CustomerService />);
    await userEvent.click(screen.getByRole('button', { name: /客服/ }));
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: /客服/ })).toBeInTheDocument();
  } finally {
    errors.mockRestore();
  }
});
