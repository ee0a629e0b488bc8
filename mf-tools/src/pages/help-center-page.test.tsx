import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HelpCategoriesAnswer } from 'shared-sdk/contract';
import { renderScreen } from 'shared-sdk/testing';
import { HelpCenterPage } from './help-center-page';

const article = jest.fn();
const search = jest.fn();
const CATEGORIES: HelpCategoriesAnswer = [
  { code: 'start', name: '新手入门', articles: [{ slug: 'getting-started', title: '创作者中心快速入门', summary: '从首页开始' }] },
  { code: 'account', name: '账号与安全', articles: [{ slug: 'real-name', title: '实名认证', summary: '在客户端完成' }] },
];
jest.mock('../features/help/api', () => ({
  useHelpCategoriesQuery: () => ({ data: CATEGORIES }),
  useHelpArticleQuery: (slug: string) => article(slug),
  useHelpSearchQuery: (q: string) => search(q),
}));

jest.setTimeout(30_000);

describe('help centre', () => {
  beforeEach(() => {
    article.mockReset().mockReturnValue({
      data: {
        slug: 'real-name',
        title: '实名认证',
        summary: '',
        category: 'account',
        category_name: '账号与安全',
        html: '<h1>实名认证</h1><p>打开客户端<img src=x onerror="window.hacked=1"></p><a href="/helpCenter?article=rights">等级与权益</a>',
      },
      isFetching: false,
      isError: false,
    });
    search.mockReset().mockReturnValue({
      data: { list: [{ slug: 'real-name', title: '实名认证', summary: '', category_name: '账号与安全', snippet: '…完成实名认证…' }] },
      isFetching: false,
    });
  });

  it('lists the first category, switches category and keeps the customer-service hint', async () => {
    renderScreen(HelpCenterPage, '/helpCenter');
    expect(screen.getByRole('link', { name: '创作者中心快速入门' })).toHaveAttribute('href', '/helpCenter?article=getting-started');
    await userEvent.click(screen.getByText('账号与安全'));
    expect(screen.getByRole('link', { name: '实名认证' })).toBeInTheDocument();
    expect(screen.getByTestId('customer-service-hint')).toHaveTextContent('客服');
  });

  it('shows an article sanitized again in the page, and follows its links in the page', async () => {
    renderScreen(HelpCenterPage, '/helpCenter', '/helpCenter?article=real-name');
    expect(article).toHaveBeenLastCalledWith('real-name');
    const body = screen.getByTestId('help-article');
    expect(body.querySelector('h1')).toHaveTextContent('实名认证');
    expect(body.innerHTML).not.toContain('onerror');
    await userEvent.click(screen.getByText('等级与权益'));
    expect(article).toHaveBeenLastCalledWith('rights');
  });

  it('searches and lists the hits with their snippets', async () => {
    renderScreen(HelpCenterPage, '/helpCenter');
    await userEvent.type(screen.getByPlaceholderText('搜索帮助文章，例如：实名认证'), '实名{enter}');
    expect(search).toHaveBeenLastCalledWith('实名');
    expect(screen.getByText('找到 1 篇相关文章')).toBeInTheDocument();
    expect(screen.getByText('…完成实名认证…')).toBeInTheDocument();
  });
});
