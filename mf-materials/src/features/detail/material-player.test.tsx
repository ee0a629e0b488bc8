import { act, fireEvent, render, screen } from '@testing-library/react';
import { PLAYER } from 'shared-sdk';
import { MaterialPlayer } from './components/material-player';

describe('MaterialPlayer', () => {
  it('plays the material in the browser’s own player at the product’s speeds, and follows the browser’s speed menu', () => {
    render(<MaterialPlayer url="/oss/creator/video/u1/a.mp4" poster="/oss/creator/image/u1/a.jpg" title="黄河日出" />);
    const video = screen.getByLabelText<HTMLVideoElement>('黄河日出');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('poster', '/oss/creator/image/u1/a.jpg');
    const speeds = screen.getByLabelText('倍速');
    expect(Array.from(speeds.querySelectorAll('.ant-segmented-item-label'), (item) => item.textContent)).toEqual(PLAYER.speeds.map((speed) => `${speed}x`));

    fireEvent.click(screen.getByText('1.5x'));
    expect(video.playbackRate).toBe(1.5);
    expect(video.defaultPlaybackRate).toBe(1.5);

    // The browser's own speed menu sets the rate and fires ratechange.
    act(() => {
      video.playbackRate = 2;
    });
    expect(screen.getByText('2x').closest('.ant-segmented-item')).toHaveClass('ant-segmented-item-selected');
  });
});
