import { Button, Result } from 'antd';
import { Link } from 'shared-sdk/router';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，你访问的页面不存在"
      extra={
        <Link to="/index">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
