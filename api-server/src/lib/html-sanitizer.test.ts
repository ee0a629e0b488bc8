import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EDITOR_OUTPUT, POLICY_CASES } from 'shared-sdk/html/policy-cases';
import { sanitizeEditorHtml } from './html-sanitizer';

/** What the editor (Quill 2 with the product's formats) writes: each must survive byte for byte. */
const EDITOR_FORMATS = [
  '<p>普通段落 with text &amp; entities &lt;tag&gt;</p>',
  '<p><br></p>',
  '<p><strong>粗体</strong><b>b</b><em>斜体</em><i>i</i><u>下划线</u><s>删除线</s></p>',
  '<p><span style="color: rgb(230, 0, 0);">红色</span><span style="background-color: #ffff00;">高亮</span></p>',
  '<p><span style="font-size: 12px;">12</span><span style="font-size: 36px;">36</span></p>',
  '<p style="text-align: center;">居中</p>',
  '<p style="text-indent: 2em;">首行缩进两个字</p>',
  '<p class="ql-align-right ql-indent-1">右对齐</p>',
  '<hr>',
  '<p><a href="https://www.example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">链接</a></p>',
  '<p><a href="tel:13800000000" rel="noopener noreferrer">电话</a></p>',
  '<p><img src="https://cdn.example.com/img/2026/a.png" alt="" style="width: 100%; height: auto;"></p>',
  '<p><img src="/oss/creator/image/2026-11-23/ab12.png"></p>',
  '<p><video src="https://cdn.example.com/v.mp4" poster="https://cdn.example.com/p.jpg" controls=""></video></p>',
  '<p><audio src="https://cdn.example.com/a.mp3" controls=""></audio></p>',
  '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://player.bilibili.com/player.html?bvid=BV1xx" sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"></iframe>',
  '<p>今天聊聊 #河南# 的 #天气# 话题</p>',
  '<ol><li data-list="bullet">一</li><li data-list="ordered">二</li></ol>',
  '<p>不换行&nbsp;空格</p>',
];

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://a.com/x.png" onerror="alert(1)">',
  '<p onclick="alert(1)">x</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="//evil.example.com/x.png">',
  '<img src="/oss/../api/evil">',
  '<img src="/api/evil">',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<p style="background-image: url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  '<span style="color: red; background: url(https://evil/x)">x</span>',
  '<span style="color:red;/*;*/behavior:url(x.htc)">x</span>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="https://evil.example.com/"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://www.youtube.com/watch?v=x"></iframe>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="https://evil/x.css">',
  '<style>*{background:url(javascript:alert(1))}</style>',
  '<video poster="javascript:alert(1)" src="https://a/v.mp4"></video>',
  '<video><source src="javascript:alert(1)"></video>',
  '<audio src="https://a/a.mp3" onplay="alert(1)"></audio>',
  '<scr\u0000ipt>alert(1)</scr\u0000ipt>',
  '<<script>alert(1)//<</script>',
  '<img """><script>alert(1)</script>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<a href="https://ok.example.com" target="_top" rel="opener">x</a>',
  '<div id="x" data-x="1" contenteditable>div</div>',
  '<template><script>alert(1)</script></template>',
  '<p><span class="evil ql-size-large">x</span></p>',
];

/** Nothing that could run script, load a foreign document or style, or navigate, may remain. */
function assertHarmless(output: string, input: string): void {
  const lower = output.toLowerCase();
  for (const bad of [
    '<script',
    'javascript:',
    'data:',
    ' on',
    '<svg',
    '<math',
    '<style',
    '<meta',
    '<object',
    '<embed',
    '<form',
    '<base',
    '<link',
    'srcdoc',
    'expression(',
    'url(',
    'evil',
    '<template',
    'xlink',
    'behavior',
  ]) {
    assert.ok(!lower.includes(bad), `"${bad}" survived in ${JSON.stringify(output)} from ${JSON.stringify(input)}`);
  }
  const iframes = lower.match(/<iframe[^>]*>/g) ?? [];
  for (const iframe of iframes) assert.match(iframe, /sandbox="/);
}

describe('html sanitizer', () => {
  it('keeps every format the editor writes unchanged', () => {
    for (const html of EDITOR_FORMATS) assert.equal(sanitizeEditorHtml(html), html);
    const all = EDITOR_FORMATS.join('');
    assert.equal(sanitizeEditorHtml(all), all);
  });

  it('strips every payload of the battery', () => {
    for (const payload of XSS) assertHarmless(sanitizeEditorHtml(payload), payload);
  });

  it('is idempotent, so a draft saved again is not changed again', () => {
    for (const html of [...XSS, ...EDITOR_FORMATS]) {
      const once = sanitizeEditorHtml(html);
      assert.equal(sanitizeEditorHtml(once), once, html);
    }
  });

  it('turns headings and divs into paragraphs and keeps the text of unknown tags', () => {
    assert.equal(
      sanitizeEditorHtml('<h1>标题</h1><h4 style="text-align: center;">小</h4><div>块</div>'),
      '<p>标题</p><p style="text-align: center;">小</p><p>块</p>',
    );
    assert.equal(sanitizeEditorHtml('<article><font color="red">文字</font></article>'), '文字');
  });

  it('keeps the allowed declarations of a mixed style and the allowed classes', () => {
    assert.equal(
      sanitizeEditorHtml('<span style="color: red; position: fixed; font-size: 18px">x</span>'),
      '<span style="color: red; font-size: 18px;">x</span>',
    );
    assert.equal(sanitizeEditorHtml('<span style="font-size: 13px">x</span>'), '<span>x</span>');
    assert.equal(sanitizeEditorHtml('<p><span class="evil ql-size-large">x</span></p>'), '<p><span class="ql-size-large">x</span></p>');
  });

  it('forces rel on links and a sandbox on embeds, and drops media without a usable source', () => {
    assert.equal(sanitizeEditorHtml('<a href="https://a.example.com/">x</a>'), '<a href="https://a.example.com/" rel="noopener noreferrer">x</a>');
    assert.equal(
      sanitizeEditorHtml('<iframe src="https://www.youtube.com/embed/abc"></iframe>'),
      '<iframe src="https://www.youtube.com/embed/abc" sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"></iframe>',
    );
    assert.equal(sanitizeEditorHtml('<p><img src="javascript:alert(1)">x<iframe src="https://evil.example.com/"></iframe></p>'), '<p>x</p>');
  });

  it('copes with hostile sizes and bytes without throwing', () => {
    const deep = '<span>'.repeat(5000) + 'x' + '</span>'.repeat(5000);
    assert.ok(sanitizeEditorHtml(deep).includes('x'));
    assert.equal(sanitizeEditorHtml('<p>a\u0000b</p>'), '<p>ab</p>');
    assert.equal(sanitizeEditorHtml('<p>a\ud800b\udc00</p>'), '<p>a\ufffdb\ufffd</p>');
    assert.equal(sanitizeEditorHtml('<p>'.repeat(1) + '字'.repeat(200_000) + '</p>').length, 200_007);
  });
});

/** The one policy (shared-sdk/src/html/policy.ts): the same table the browser's layer runs, the same answers. */
describe('html sanitizer and the shared policy table', () => {
  for (const c of POLICY_CASES) {
    it(c.rule, () => assert.equal(sanitizeEditorHtml(c.input), c.out));
  }

  it('gives back everything the editor writes unchanged, one by one and as one body', () => {
    for (const html of EDITOR_OUTPUT) assert.equal(sanitizeEditorHtml(html), html);
    assert.equal(sanitizeEditorHtml(EDITOR_OUTPUT.join('')), EDITOR_OUTPUT.join(''));
  });
});
