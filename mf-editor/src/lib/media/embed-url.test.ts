import { EMBED_DEFAULT_SIZE, EMBED_MESSAGES, toEmbed } from './embed-url';

const embedOf = (input: string) => {
  const result = toEmbed(input);
  if (!result.ok) throw new Error(result.message);
  return result.data.embed;
};

describe('media embed addresses', () => {
  it('rewrites video pages of the common sites to their players', () => {
    expect(embedOf('https://www.bilibili.com/video/BV1GJ411x7h7')).toBe('https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7&autoplay=0');
    expect(embedOf('https://www.bilibili.com/video/BV1GJ411x7h7/?p=3&spm_id_from=333')).toBe(
      'https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7&page=3&autoplay=0',
    );
    expect(embedOf('www.bilibili.com/video/av170001')).toBe('https://player.bilibili.com/player.html?aid=170001&autoplay=0');
    expect(embedOf('https://v.qq.com/x/cover/mzc00200abcdefg/x0045abcdef.html')).toBe('https://v.qq.com/txp/iframe/player.html?vid=x0045abcdef');
    expect(embedOf('https://v.qq.com/x/page/x0045abcdef.html')).toBe('https://v.qq.com/txp/iframe/player.html?vid=x0045abcdef');
    expect(embedOf('https://v.youku.com/v_show/id_XNTk2NzM4MDQ0OA==.html?spm=a2hja')).toBe('https://player.youku.com/embed/XNTk2NzM4MDQ0OA==');
    expect(embedOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(embedOf('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(embedOf('http://www.ixigua.com/7123456789012345678')).toBe('https://www.ixigua.com/iframe/7123456789012345678?autoplay=0');
  });

  it('keeps the default size of docs/product.md §9 unless a preset is chosen', () => {
    const result = toEmbed('https://youtu.be/dQw4w9WgXcQ');
    expect(result.ok && { width: result.data.width, height: result.data.height }).toEqual(EMBED_DEFAULT_SIZE);
    const sized = toEmbed('https://youtu.be/dQw4w9WgXcQ', { width: 560, height: 314 });
    expect(sized.ok && sized.data).toMatchObject({ width: 560, height: 314, source1: 'https://youtu.be/dQw4w9WgXcQ', source2: '', poster: '' });
  });

  it('takes only the player address from pasted embed code: scripts and handlers are dropped', () => {
    const code =
      '<script>steal()</script><iframe src="//player.bilibili.com/player.html?bvid=BV1GJ411x7h7&page=1" onload="steal()" width="640" height="360" scrolling="no" allowfullscreen></iframe>';
    const result = toEmbed(code);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.embed).toBe('https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7&page=1');
    expect({ width: result.data.width, height: result.data.height }).toEqual({ width: 640, height: 360 });
    expect(JSON.stringify(result.data)).not.toMatch(/steal|onload|script/);
    expect(embedOf('<iframe src="https://open.iqiyi.com/developer/player_js/coopPlayerIndex.html?vid=abc&tvId=123"></iframe>')).toMatch(
      /^https:\/\/open\.iqiyi\.com\//,
    );
  });

  it('refuses other hosts, other schemes, page addresses it cannot map, and short links with a hint', () => {
    for (const bad of [
      'https://evil.example/player.html',
      'javascript:alert(1)',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="https://evil.example/x"></iframe>',
      'https://www.youtube.com/feed/trending',
      'https://v.qq.com/channel/movie',
      'https://user:pw@player.bilibili.com/player.html',
      'data:text/html,<script>1</script>',
    ]) {
      expect(toEmbed(bad)).toEqual({ ok: false, message: EMBED_MESSAGES.UNSUPPORTED });
    }
    expect(toEmbed('https://b23.tv/abc123')).toEqual({ ok: false, message: EMBED_MESSAGES.SHORT_LINK });
    expect(toEmbed('   ')).toEqual({ ok: false, message: EMBED_MESSAGES.EMPTY });
  });
});
