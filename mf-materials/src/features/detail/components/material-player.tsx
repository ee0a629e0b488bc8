import { useEffect, useRef } from 'react';
import { PLAYER } from 'shared-sdk';

/** DPlayer for video materials (docs/product.md §9 player settings), loaded only when a video is shown. */
export function MaterialPlayer({ url, poster }: { url: string; poster: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let player: { destroy(): void } | null = null;
    let cancelled = false;
    void import(/* webpackChunkName: "dplayer" */ 'dplayer').then(({ default: DPlayer }) => {
      if (cancelled || !container.current) return;
      player = new DPlayer({
        container: container.current,
        lang: 'zh-cn',
        playbackSpeed: [...PLAYER.speeds],
        video: { url, pic: poster },
      });
    });
    return () => {
      cancelled = true;
      player?.destroy();
    };
  }, [url, poster]);
  // Width 600, aspect 2:1.
  return <div ref={container} style={{ width: PLAYER.width, height: PLAYER.width / PLAYER.aspect }} data-testid="material-player" />;
}
