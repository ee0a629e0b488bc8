import { useSearchParams } from 'react-router-dom';
import { ComingSoon } from 'shared-sdk';

/** With ?isPack=1 this screen is the collection editor (spec §2). */
export function VideoWritePage() {
  const [search] = useSearchParams();
  return <ComingSoon title={search.get('isPack') === '1' ? '发合集' : '发视频'} />;
}
