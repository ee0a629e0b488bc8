import { Button, Result } from 'antd';

/** Without the runtime config no call can be signed: say so and offer a reload. */
export function StartupError() {
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle="无法获取运行配置，请检查网络后重试"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          重试
        </Button>
      }
    />
  );
}
