/**
 * The add form's tag picker against a real HTTP server (RTK Query, the SDK's signed client): a keyword
 * longer than a tag may be is not sent and not offered for creation; the picker shows the server's rule.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ApiError, setErrorNotifier } from 'shared-sdk';
import { LABEL_MESSAGES, LABEL_NAME_MAX } from 'shared-sdk/rules';
import { renderWithProviders } from 'shared-sdk/testing';
import { testServerForFile } from 'shared-sdk/testing/server';
import { TagSelect } from './tag-select';

const server = testServerForFile();
/** The keywords the label calls carried, in order (the SDK sends a form body: name=…&create=…). */
const searched = (): string[] => server.requests.filter((r) => r.path === '/api/label/list').map((r) => r.form.get('name') ?? '');

beforeEach(() => server.handle(() => ({ body: { code: 0, msg: 'success', data: [] } })));
afterAll(() => setErrorNotifier(null));

jest.setTimeout(30_000);

// An emoji is one character to the server (code points), two UTF-16 code units to the browser.
const EMOJI = '😀';

it(`searches a keyword of ${LABEL_NAME_MAX} characters and offers to create it`, async () => {
  const user = userEvent.setup();
  const errors: ApiError[] = [];
  setErrorNotifier((error) => errors.push(error));
  renderWithProviders(<TagSelect />);
  await user.click(screen.getByRole('combobox', { name: '标签' }));
  await user.paste(EMOJI.repeat(LABEL_NAME_MAX));
  expect(await screen.findByText(`创建标签：${EMOJI.repeat(LABEL_NAME_MAX)}`)).toBeInTheDocument();
  expect(searched()).toContain(EMOJI.repeat(LABEL_NAME_MAX));
  expect(screen.queryByText(LABEL_MESSAGES.NAME_TOO_LONG)).not.toBeInTheDocument();
  expect(errors).toEqual([]);
});

it(`says a tag is at most ${LABEL_NAME_MAX} characters, sends nothing and offers nothing to create above that`, async () => {
  const user = userEvent.setup();
  const errors: ApiError[] = [];
  setErrorNotifier((error) => errors.push(error));
  renderWithProviders(<TagSelect />);
  await user.click(screen.getByRole('combobox', { name: '标签' }));
  const tooLong = EMOJI.repeat(LABEL_NAME_MAX + 1);
  await user.paste(tooLong);
  expect(await screen.findByRole('alert')).toHaveTextContent(LABEL_MESSAGES.NAME_TOO_LONG);
  expect(screen.queryByText(`创建标签：${tooLong}`)).not.toBeInTheDocument();
  expect(searched()).not.toContain(tooLong);
  expect(errors).toEqual([]);
});
