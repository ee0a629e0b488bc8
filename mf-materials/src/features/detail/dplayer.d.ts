// dplayer 1.27 ships no types: the part the detail screen uses.
declare module 'dplayer' {
  export interface DPlayerOptions {
    container: HTMLElement;
    lang?: 'zh-cn' | 'zh-tw' | 'en';
    playbackSpeed?: number[];
    video: { url: string; pic?: string; type?: string };
  }
  export default class DPlayer {
    constructor(options: DPlayerOptions);
    destroy(): void;
  }
}
