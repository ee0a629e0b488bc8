import { Segmented } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { PLAYER } from 'shared-sdk';

/**
 * A video or audio material's player (docs/product.md §9 player settings: speeds 0.7, 1, 1.5 and 2,
 * aspect 2:1, width 600): the browser's own `<video>`, as every other screen plays media, with the
 * product's speeds offered beside it. The browser's own speed menu stays usable; the two agree.
 */
export function MaterialPlayer({ url, poster, title }: { url: string; poster: string; title: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [speed, setSpeed] = useState<number>(1);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // A new source starts at the default rate: both follow the chosen speed.
    element.defaultPlaybackRate = speed;
    element.playbackRate = speed;
  }, [speed, url]);
  return (
    <div data-testid="material-player" style={{ width: PLAYER.width, maxWidth: '100%' }}>
      <video
        ref={video}
        src={url}
        poster={poster || undefined}
        controls
        preload="metadata"
        aria-label={title}
        onRateChange={(event) => setSpeed(event.currentTarget.playbackRate)}
        style={{ display: 'block', width: '100%', aspectRatio: String(PLAYER.aspect), background: '#000' }}
      />
      <Segmented
        size="small"
        aria-label="倍速"
        style={{ marginTop: 8 }}
        value={speed}
        onChange={(value) => setSpeed(Number(value))}
        options={PLAYER.speeds.map((value) => ({ value, label: `${value}x` }))}
      />
    </div>
  );
}
