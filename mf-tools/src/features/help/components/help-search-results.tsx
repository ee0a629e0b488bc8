import { Empty, List, Spin, Typography } from 'antd';
import { Link } from 'shared-sdk/router';
import { useHelpSearchQuery } from '../api';

export function HelpSearchResults({ query }: { query: string }) {
  const { data, isFetching } = useHelpSearchQuery(query);
  if (isFetching) return <Spin />;
  const hits = data?.list ?? [];
  if (hits.length === 0) return <Empty description={`没有找到与“${query}”相关的文章`} />;
  return (
    <List
      header={`找到 ${hits.length} 篇相关文章`}
      dataSource={hits}
      renderItem={(hit) => (
        <List.Item>
          <List.Item.Meta
            title={<Link to={`/helpCenter?article=${hit.slug}`}>{hit.title}</Link>}
            description={
              <>
                <Typography.Text type="secondary">{hit.category_name} </Typography.Text>
                {hit.snippet}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
