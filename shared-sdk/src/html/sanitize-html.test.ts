import { EDITOR_OUTPUT, POLICY_CASES } from './policy-cases';
import { filterStyle, sanitizeHelpHtml, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('removes script elements', () => {
    const out = sanitizeHtml('<p>正文</p><script>alert(1)</script>');
    expect(out).toBe('<p>正文</p>');
  });

  it('removes event handler attributes such as onerror and onclick', () => {
    const out = sanitizeHtml('<img src="https://a.example/x.png" onerror="alert(1)"><p onclick="alert(2)">点我</p>');
    expect(out).not.toMatch(/onerror|onclick|alert/);
    expect(out).toContain('<img src="https://a.example/x.png">');
  });

  it('removes javascript: URLs from links and images', () => {
    const out = sanitizeHtml('<a href="javascript:alert(1)">链接</a><a href=" JaVaScRiPt:alert(2)">二</a><img src="javascript:alert(3)">');
    expect(out).not.toMatch(/javascript/i);
    expect(out).toContain('链接');
  });

  it('removes svg script, frames, forms, inline styles and data: images, and keeps ordinary formatting (headings as paragraphs)', () => {
    const out = sanitizeHtml(
      '<svg><script>alert(1)</script></svg><iframe src="https://x"></iframe><form><input></form><p style="position:fixed">样式</p><h2>标题</h2><strong>粗体</strong><img src="data:image/png;base64,AAAA">',
    );
    expect(out).not.toMatch(/script|iframe|form|input|style=/);
    expect(out).toContain('<p>标题</p>');
    expect(out).toContain('<strong>粗体</strong>');
    expect(out).not.toContain('data:');
  });
});

describe('sanitizeHtml and the editor formats', () => {
  it('keeps the editor inline styles and drops every other declaration', () => {
    const out = sanitizeHtml(
      '<p style="text-align: center; text-indent: 2em; position: fixed">段</p><span style="color: rgb(230, 0, 0); background-color: #ffff00; font-size: 24px; background-image: url(x)">字</span>',
    );
    expect(out).toBe(
      '<p style="text-align: center; text-indent: 2em;">段</p><span style="color: rgb(230, 0, 0); background-color: #ffff00; font-size: 24px;">字</span>',
    );
  });

  it('keeps rules, audio and video with their controls', () => {
    const out = sanitizeHtml('<hr><video src="https://a/v.mp4" poster="https://a/p.png" controls=""></video><audio src="https://a/a.mp3" controls=""></audio>');
    expect(out).toBe('<hr><video src="https://a/v.mp4" poster="https://a/p.png" controls=""></video><audio src="https://a/a.mp3" controls=""></audio>');
  });

  it('drops style values that could carry script or URLs', () => {
    expect(filterStyle('color: expression(alert(1)); font-size: 12px; color: red')).toBe('font-size: 12px; color: red;');
  });

  it('keeps a video player of an allow-listed site, in the sandbox, and drops every other frame', () => {
    const out = sanitizeHtml(
      '<iframe src="https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7" width="560" height="314" allowfullscreen="" sandbox="allow-top-navigation allow-scripts" onload="alert(1)"></iframe>' +
        '<iframe src="https://evil.example/x"></iframe><iframe srcdoc="<script>alert(1)</script>" src="https://player.bilibili.com/p"></iframe><iframe src="javascript:alert(1)"></iframe>',
    );
    expect(out).toContain('src="https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7"');
    expect(out).toContain('sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"');
    expect(out).not.toMatch(/evil|srcdoc|javascript|onload|allow-top-navigation/);
    expect(out.match(/<iframe/g)).toHaveLength(1);
  });

  it('keeps pasted pictures at full width with automatic height', () => {
    expect(sanitizeHtml('<img src="https://a.example/1.png" style="width: 100%; height: auto; position: fixed">')).toBe(
      '<img src="https://a.example/1.png" style="width: 100%; height: auto;">',
    );
  });
});

describe('sanitizeHtml and the one policy (policy-cases.ts, which the server runs too)', () => {
  it.each(POLICY_CASES.map((c) => [c.rule, c] as const))('%s', (_rule, c) => {
    expect(sanitizeHtml(c.input)).toBe(c.out);
  });

  it('gives back everything the editor writes unchanged, one by one and as one body', () => {
    for (const html of EDITOR_OUTPUT) expect(sanitizeHtml(html)).toBe(html);
    expect(sanitizeHtml(EDITOR_OUTPUT.join(''))).toBe(EDITOR_OUTPUT.join(''));
  });

  it('is idempotent on its own output', () => {
    for (const c of POLICY_CASES) expect(sanitizeHtml(c.out)).toBe(c.out);
  });
});

describe('sanitizeHelpHtml', () => {
  it('keeps headings, tables and links inside the product, and drops script, handlers and javascript: links', () => {
    const out = sanitizeHelpHtml(
      '<h1>标题</h1><table><tbody><tr><td align="left">格</td></tr></tbody></table><a href="/helpCenter?article=x">内</a><a href="javascript:alert(1)">坏</a><img src=x onerror="alert(1)"><script>alert(1)</script>',
    );
    expect(out).toBe('<h1>标题</h1><table><tbody><tr><td align="left">格</td></tr></tbody></table><a href="/helpCenter?article=x">内</a><a>坏</a>');
  });
});
