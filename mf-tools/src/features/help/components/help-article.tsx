import type { MouseEvent } from 'react';
import { Empty, Spin, Typography } from 'antd';
import { useNavigate } from 'shared-sdk/router';
import { sanitizeHelpHtml } from 'shared-sdk/html';
import { useHelpArticleQuery } from '../api';

/** One article: the server's sanitized HTML, sanitized again here; links inside the product stay in the page. */
export function HelpArticleView({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const { data, isFetching, isError } = useHelpArticleQuery(slug);
  if (isFetching) return <Spin />;
  if (isError || !data) return <Empty description="文章不存在" />;
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (href.startsWith('/')) {
      event.preventDefault();
      navigate(href);
    }
  };
  return (
    <article>
      <Typography.Text type="secondary">帮助中心 / {data.category_name}</Typography.Text>
      <div className="help-article" data-testid="help-article" onClick={onClick} dangerouslySetInnerHTML={{ __html: sanitizeHelpHtml(data.html) }} />
    </article>
  );
}
