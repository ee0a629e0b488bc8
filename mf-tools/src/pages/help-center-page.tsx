import { Card, Col, Input, List, Menu, Row, Typography } from 'antd';
import { Link, useSearchParams } from 'shared-sdk/router';
import { useHelpCategoriesQuery } from '../features/help/api';
import { HelpArticleView } from '../features/help/components/help-article';
import { HelpSearchResults } from '../features/help/components/help-search-results';

/** /helpCenter: categories, an article (?article=), a search (?q=); the shell's 客服 for the rest. */
export function HelpCenterPage() {
  const [params, setParams] = useSearchParams();
  const article = params.get('article') ?? '';
  const query = (params.get('q') ?? '').trim();
  const category = params.get('category') ?? '';
  const { data: categories = [] } = useHelpCategoriesQuery();
  const current = categories.find((c) => c.code === category) ?? categories[0];

  const content = query ? (
    <HelpSearchResults query={query} />
  ) : article ? (
    <HelpArticleView slug={article} />
  ) : current ? (
    <List
      header={<Typography.Title level={4}>{current.name}</Typography.Title>}
      dataSource={current.articles}
      renderItem={(a) => (
        <List.Item>
          <List.Item.Meta title={<Link to={`/helpCenter?article=${a.slug}`}>{a.title}</Link>} description={a.summary} />
        </List.Item>
      )}
    />
  ) : null;

  return (
    <Card title="帮助中心">
      <Input.Search
        placeholder="搜索帮助文章，例如：实名认证"
        allowClear
        enterButton="搜索"
        defaultValue={query}
        maxLength={50}
        onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {})}
        style={{ maxWidth: 480, marginBottom: 16 }}
      />
      <Row gutter={24}>
        <Col xs={24} md={6}>
          <Menu
            mode="inline"
            selectedKeys={query || article ? [] : [current?.code ?? '']}
            items={categories.map((c) => ({ key: c.code, label: c.name }))}
            onClick={({ key }) => setParams({ category: key })}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }} data-testid="customer-service-hint">
            没有找到答案？点击页面顶部的“客服”联系我们。
          </Typography.Paragraph>
        </Col>
        <Col xs={24} md={18}>
          {content}
        </Col>
      </Row>
    </Card>
  );
}
