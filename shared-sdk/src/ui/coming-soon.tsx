import { Result } from 'antd';

export const COMING_SOON_NOTICE = '该功能正在建设中，敬请期待';

export interface ComingSoonProps {
  /** The screen's Chinese name. */
  title: string;
}

/** The page every screen shows until its feature is built; one look across host and remotes. */
export function ComingSoon({ title }: ComingSoonProps) {
  return <Result status="info" title={title} subTitle={COMING_SOON_NOTICE} />;
}
