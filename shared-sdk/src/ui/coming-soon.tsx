import { Result } from 'antd';

export interface ComingSoonProps {
  /** The screen's Chinese name. */
  title: string;
}

/** The page every screen shows until its feature is built; one look across host and remotes. */
export function ComingSoon({ title }: ComingSoonProps) {
  return <Result status="info" title={title} subTitle="该功能正在建设中，敬请期待" />;
}
