import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMITS } from 'shared-sdk';
import { renderWithProviders } from 'shared-sdk/testing';
import { MemoryRouter } from 'shared-sdk/router';
import { MaterialAddForm } from './material-add-form';

jest.setTimeout(60_000);

// An emoji is one character to the server (code points) and two UTF-16 code units to antd's maxLength.
const EMOJI = '😀';

const openForm = () =>
  renderWithProviders(
    <MemoryRouter>
      <MaterialAddForm />
    </MemoryRouter>,
  );

describe('the add form counts characters as the server does', () => {
  it(`takes a title of ${LIMITS.MATERIAL_TITLE_MAX} emoji, counts it as ${LIMITS.MATERIAL_TITLE_MAX}, and stops there`, async () => {
    const user = userEvent.setup();
    openForm();
    const title = screen.getByPlaceholderText('请输入素材名称');
    await user.click(title);
    await user.paste(EMOJI.repeat(LIMITS.MATERIAL_TITLE_MAX + 1));
    expect(title).toHaveValue(EMOJI.repeat(LIMITS.MATERIAL_TITLE_MAX));
    expect(screen.getByText(`${LIMITS.MATERIAL_TITLE_MAX} / ${LIMITS.MATERIAL_TITLE_MAX}`)).toBeInTheDocument();

    await user.click(screen.getByPlaceholderText('请输入素材描述'));
    await user.paste('一张风景照');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    // The form's rules accepted the title and the description: the next rule is the pictures'.
    expect(await screen.findByText('请上传图片素材')).toBeInTheDocument();
    expect(screen.queryByText(`素材名称不能超过${LIMITS.MATERIAL_TITLE_MAX}个字`)).not.toBeInTheDocument();
  });

  it('refuses an empty name and description with the server’s messages', async () => {
    const user = userEvent.setup();
    openForm();
    await user.type(screen.getByPlaceholderText('请输入素材名称'), '   ');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('素材名称不能为空')).toBeInTheDocument();
    expect(await screen.findByText('素材描述不能为空')).toBeInTheDocument();
  });

  it(`warns above ${LIMITS.MATERIAL_DESCRIBE_MAX} characters of description, counted in code points`, async () => {
    const user = userEvent.setup();
    openForm();
    const describe = screen.getByPlaceholderText('请输入素材描述');
    await user.click(describe);
    await user.paste(EMOJI.repeat(LIMITS.MATERIAL_DESCRIBE_MAX));
    expect(screen.getByText(String(LIMITS.MATERIAL_DESCRIBE_MAX))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('素材名称不能为空')).toBeInTheDocument();
    expect(screen.queryByText('素材描述超出长度限制')).not.toBeInTheDocument();
    await user.click(describe);
    await user.paste(EMOJI);
    expect(await screen.findByText('素材描述超出长度限制')).toBeInTheDocument();
  });
});
