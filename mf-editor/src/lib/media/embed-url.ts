/**
 * The media embed dialog (docs/product.md §2): a creator pastes a video page's address, or a site's share
 * "embed code"; we turn it into a player address on an allow-listed host, or refuse. Only the
 * iframe's address survives from pasted HTML: its scripts and event handlers never reach the editor
 * (and the server's sanitizer drops any iframe from another host anyway).
 */
import { EMBED_HOSTS } from 'shared-sdk/contract';

/** docs/product.md §9: default 300×150; known sizes 560×314, 425×350, 480×270. */
export const EMBED_DEFAULT_SIZE = { width: 300, height: 150 } as const;
export const EMBED_PRESET_SIZES = [
  { width: 560, height: 314 },
  { width: 425, height: 350 },
  { width: 480, height: 270 },
] as const;

/** docs/product.md §2: what the dialog produces. */
export interface EmbedData {
  source1: string;
  source2: string;
  poster: string;
  width: number;
  height: number;
  embed: string;
}

export const EMBED_MESSAGES = {
  EMPTY: '请输入视频地址或嵌入代码',
  UNSUPPORTED: '暂不支持该视频地址，请使用哔哩哔哩、腾讯视频、优酷、爱奇艺、YouTube 等网站的视频页地址或分享的嵌入代码',
  SHORT_LINK: '请打开短链接后复制视频页的完整地址',
} as const;

type Rewrite = (url: URL) => string | null;

const bvid = /^\/video\/(BV[0-9A-Za-z]{10})\/?$/;
const aid = /^\/video\/av(\d+)\/?$/i;

const REWRITES: ReadonlyArray<[hosts: readonly string[], rewrite: Rewrite]> = [
  [
    ['www.bilibili.com', 'bilibili.com', 'm.bilibili.com'],
    (url) => {
      const page = Number(url.searchParams.get('p')) > 1 ? `&page=${Number(url.searchParams.get('p'))}` : '';
      const bv = bvid.exec(url.pathname)?.[1];
      if (bv) return `https://player.bilibili.com/player.html?bvid=${bv}${page}&autoplay=0`;
      const av = aid.exec(url.pathname)?.[1];
      return av ? `https://player.bilibili.com/player.html?aid=${av}${page}&autoplay=0` : null;
    },
  ],
  [
    ['v.qq.com', 'm.v.qq.com'],
    (url) => {
      const vid = /^\/x\/(?:cover\/[0-9a-z]+|page)\/([0-9a-z]{11})\.html$/i.exec(url.pathname)?.[1] ?? url.searchParams.get('vid');
      return vid && /^[0-9a-z]{11}$/i.test(vid) ? `https://v.qq.com/txp/iframe/player.html?vid=${vid}` : null;
    },
  ],
  [
    ['v.youku.com'],
    (url) => {
      const id = /^\/v_show\/id_([0-9A-Za-z=]+)\.html$/.exec(url.pathname)?.[1];
      return id ? `https://player.youku.com/embed/${id}` : null;
    },
  ],
  [
    ['www.youtube.com', 'youtube.com', 'm.youtube.com', 'youtu.be'],
    (url) => {
      const id =
        url.hostname === 'youtu.be'
          ? url.pathname.slice(1)
          : url.pathname === '/watch'
            ? url.searchParams.get('v')
            : /^\/(?:shorts|embed|live)\/([^/]+)/.exec(url.pathname)?.[1];
      return id && /^[\w-]{11}$/.test(id) ? `https://www.youtube.com/embed/${id}` : null;
    },
  ],
  [
    ['www.ixigua.com', 'ixigua.com'],
    (url) => {
      const id = /^\/(?:iframe\/)?(\d{6,})/.exec(url.pathname)?.[1];
      return id ? `https://www.ixigua.com/iframe/${id}?autoplay=0` : null;
    },
  ],
  [
    ['vimeo.com', 'www.vimeo.com'],
    (url) => {
      const id = /^\/(\d+)/.exec(url.pathname)?.[1];
      return id ? `https://player.vimeo.com/video/${id}` : null;
    },
  ],
];

const SHORT_LINK_HOSTS = ['b23.tv', 'url.cn', 'v.douyin.com'];

/**
 * Hosts that serve nothing but players: an address there is used as it is. (v.qq.com, youtube.com
 * and ixigua.com also serve pages, so their addresses always go through a rewrite above.)
 */
const PLAYER_ONLY_HOSTS = EMBED_HOSTS.filter((host) => /^(player\.|open\.)/.test(host) || host === 'www.youtube-nocookie.com');

function playerAddress(url: URL): string | null {
  return PLAYER_ONLY_HOSTS.includes(url.hostname) && !url.username && !url.password ? url.href : null;
}

/** The iframe (or embed) address inside pasted share code, read by the parser: nothing of it runs. */
function addressInEmbedCode(html: string): string | null {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const frame = doc.querySelector('iframe[src], embed[src]');
  const src = frame?.getAttribute('src')?.trim() ?? '';
  return src ? (src.startsWith('//') ? `https:${src}` : src) : null;
}

function sizeInEmbedCode(html: string): { width: number; height: number } | null {
  const frame = new DOMParser().parseFromString(html, 'text/html').querySelector('iframe, embed');
  const width = Number(frame?.getAttribute('width'));
  const height = Number(frame?.getAttribute('height'));
  return width > 0 && height > 0 && width <= 1920 && height <= 1080 ? { width: Math.round(width), height: Math.round(height) } : null;
}

export type EmbedResult = { ok: true; data: EmbedData } | { ok: false; message: string };

/** Turns what the creator pasted into embed data (docs/product.md §2), or says why not. */
export function toEmbed(input: string, size?: { width: number; height: number }): EmbedResult {
  const text = input.trim();
  if (!text) return { ok: false, message: EMBED_MESSAGES.EMPTY };
  const isCode = text.startsWith('<');
  const raw = isCode ? addressInEmbedCode(text) : text;
  if (!raw) return { ok: false, message: EMBED_MESSAGES.UNSUPPORTED };
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return { ok: false, message: EMBED_MESSAGES.UNSUPPORTED };
  }
  if (SHORT_LINK_HOSTS.includes(url.hostname)) return { ok: false, message: EMBED_MESSAGES.SHORT_LINK };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: EMBED_MESSAGES.UNSUPPORTED };
  const rewrite = REWRITES.find(([hosts]) => hosts.includes(url.hostname))?.[1];
  const https = new URL(url.href.replace(/^http:/i, 'https:'));
  const embed = rewrite ? rewrite(https) : playerAddress(https);
  if (!embed) return { ok: false, message: EMBED_MESSAGES.UNSUPPORTED };
  const chosen = size ?? (isCode ? sizeInEmbedCode(text) : null) ?? EMBED_DEFAULT_SIZE;
  return { ok: true, data: { source1: isCode ? '' : text, source2: '', poster: '', width: chosen.width, height: chosen.height, embed } };
}
