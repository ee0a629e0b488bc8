/**
 * `shared-sdk/html/policy-cases`: the one table of cases for the stored-HTML policy (./policy.ts).
 * Both layers run it and must give the same answer: the server's sanitize-html layer
 * (api-server/src/lib/html-sanitizer.test.ts) and the browser's DOMPurify layer
 * (./sanitize-html.test.ts). Each case names the rule it pins; loosening that rule changes `out`.
 */
import { EDITOR_LIMITS, IFRAME_SANDBOX } from 'shared-sdk/contract';

export interface PolicyCase {
  /** The rule the case pins. */
  rule: string;
  input: string;
  /** What both layers give. */
  out: string;
}

const SANDBOX = `sandbox="${IFRAME_SANDBOX}"`;

export const POLICY_CASES: readonly PolicyCase[] = [
  // Elements
  { rule: 'script goes with its content', input: '<p>a<script>alert(1)</script>b</p>', out: '<p>ab</p>' },
  { rule: 'style element goes with its content', input: '<style>p{color:red}</style><p>x</p>', out: '<p>x</p>' },
  { rule: 'svg goes with its content', input: '<svg><text>t</text></svg><p>x</p>', out: '<p>x</p>' },
  { rule: 'unknown element: text kept', input: '<p><font color="red">文字</font></p>', out: '<p>文字</p>' },
  { rule: 'form and input go', input: '<form action="https://a.example.com/"><input value="v">字</form>', out: '字' },
  { rule: 'headings become paragraphs', input: '<h2 style="text-align: center;">标题</h2>', out: '<p style="text-align: center;">标题</p>' },
  { rule: 'div becomes a paragraph', input: '<div class="ql-align-right" id="x">块</div>', out: '<p class="ql-align-right">块</p>' },
  { rule: 'a table is not editor content', input: '<table><tbody><tr><td>格</td></tr></tbody></table>', out: '格' },
  // Attributes
  { rule: 'on* handler goes', input: '<p onclick="alert(1)">x</p>', out: '<p>x</p>' },
  { rule: 'on* handler on media goes', input: '<img src="https://a.example.com/x.png" onerror="alert(1)">', out: '<img src="https://a.example.com/x.png">' },
  { rule: 'id and data-* go', input: '<p id="x" data-x="1">x</p>', out: '<p>x</p>' },
  { rule: 'data-list only on li', input: '<ol><li data-list="bullet" data-x="1">一</li></ol>', out: '<ol><li data-list="bullet">一</li></ol>' },
  { rule: 'only ql-* classes', input: '<span class="evil ql-size-large">x</span>', out: '<span class="ql-size-large">x</span>' },
  { rule: 'an empty width goes', input: '<img src="https://a.example.com/x.png" width="">', out: '<img src="https://a.example.com/x.png">' },
  // Styles
  { rule: 'style url() goes', input: '<p style="background-image: url(https://a.example.com/x.png)">x</p>', out: '<p>x</p>' },
  { rule: 'style expression() goes', input: '<p style="width: expression(alert(1))">x</p>', out: '<p>x</p>' },
  {
    rule: 'position: fixed goes, colour stays',
    input: '<span style="position: fixed; color: #e60000;">x</span>',
    out: '<span style="color: #e60000;">x</span>',
  },
  {
    rule: 'a comment in a style takes its declaration',
    input: '<span style="color: red;/**/position: fixed">x</span>',
    out: '<span style="color: red;">x</span>',
  },
  { rule: 'named colour (a paste keeps it)', input: '<span style="color: red;">x</span>', out: '<span style="color: red;">x</span>' },
  {
    rule: 'rgb colour',
    input: '<span style="background-color: rgb(255, 255, 0);">x</span>',
    out: '<span style="background-color: rgb(255, 255, 0);">x</span>',
  },
  { rule: 'colour is a colour, not any word', input: '<span style="color: var(--x);">x</span>', out: '<span>x</span>' },
  ...EDITOR_LIMITS.FONT_SIZES.map((size) => ({
    rule: `editor font size ${size}px`,
    input: `<span style="font-size: ${size}px;">x</span>`,
    out: `<span style="font-size: ${size}px;">x</span>`,
  })),
  { rule: 'a size the editor does not offer', input: '<span style="font-size: 13px;">x</span>', out: '<span>x</span>' },
  { rule: 'a huge size', input: '<span style="font-size: 99px;">x</span>', out: '<span>x</span>' },
  { rule: 'first-line indent 2em', input: '<p style="text-indent: 2em;">x</p>', out: '<p style="text-indent: 2em;">x</p>' },
  { rule: 'another indent', input: '<p style="text-indent: 5em;">x</p>', out: '<p>x</p>' },
  { rule: 'text-align values', input: '<p style="text-align: start;">x</p>', out: '<p>x</p>' },
  {
    rule: 'picture size',
    input: '<img src="https://a.example.com/x.png" style="width: 100%; height: auto;">',
    out: '<img src="https://a.example.com/x.png" style="width: 100%; height: auto;">',
  },
  // URLs
  { rule: 'javascript: link', input: '<a href="javascript:alert(1)">x</a>', out: '<a rel="noopener noreferrer">x</a>' },
  { rule: 'javascript: link behind entities', input: '<a href="&#106;avascript:alert(1)">x</a>', out: '<a rel="noopener noreferrer">x</a>' },
  { rule: 'data: link', input: '<a href="data:text/html,x">x</a>', out: '<a rel="noopener noreferrer">x</a>' },
  { rule: 'relative link', input: '<a href="/api/x">x</a>', out: '<a rel="noopener noreferrer">x</a>' },
  { rule: 'mailto: link', input: '<a href="mailto:a@example.com">x</a>', out: '<a rel="noopener noreferrer">x</a>' },
  {
    rule: 'http(s) link, rel forced, target _blank kept',
    input: '<a href="https://a.example.com/" target="_blank" rel="opener">x</a>',
    out: '<a href="https://a.example.com/" target="_blank" rel="noopener noreferrer">x</a>',
  },
  {
    rule: 'target other than _blank',
    input: '<a href="https://a.example.com/" target="_top">x</a>',
    out: '<a href="https://a.example.com/" rel="noopener noreferrer">x</a>',
  },
  { rule: 'tel: link', input: '<a href="tel:13800000000">电话</a>', out: '<a href="tel:13800000000" rel="noopener noreferrer">电话</a>' },
  { rule: 'tel: with more than a number', input: '<a href="tel:1380;x=javascript">x</a>', out: '<a rel="noopener noreferrer">x</a>' },
  { rule: 'data: image', input: '<p><img src="data:image/png;base64,AAAA">x</p>', out: '<p>x</p>' },
  { rule: 'javascript: image', input: '<p><img src="javascript:alert(1)">x</p>', out: '<p>x</p>' },
  { rule: 'relative image outside storage', input: '<p><img src="/api/evil">x</p>', out: '<p>x</p>' },
  { rule: 'storage path climbing out', input: '<p><img src="/oss/../api/evil">x</p>', out: '<p>x</p>' },
  { rule: 'protocol-relative image', input: '<p><img src="//evil.example.com/x.png">x</p>', out: '<p>x</p>' },
  { rule: '/oss/ image', input: '<p><img src="/oss/creator/image/2026-11-23/ab12.png"></p>', out: '<p><img src="/oss/creator/image/2026-11-23/ab12.png"></p>' },
  {
    rule: 'javascript: poster',
    input: '<video src="https://a.example.com/v.mp4" poster="javascript:alert(1)"></video>',
    out: '<video src="https://a.example.com/v.mp4"></video>',
  },
  { rule: 'source without a usable src goes', input: '<video><source src="javascript:alert(1)"></video>', out: '<video></video>' },
  // Embeds
  {
    rule: 'a known player, in our sandbox',
    input: '<iframe src="https://player.bilibili.com/player.html?bvid=BV1xx" sandbox="allow-top-navigation"></iframe>',
    out: `<iframe src="https://player.bilibili.com/player.html?bvid=BV1xx" ${SANDBOX}></iframe>`,
  },
  { rule: 'iframe from an unknown host', input: '<p>x<iframe src="https://evil.example.com/"></iframe></p>', out: '<p>x</p>' },
  { rule: 'iframe over http', input: '<p>x<iframe src="http://player.bilibili.com/player.html"></iframe></p>', out: '<p>x</p>' },
  { rule: 'YouTube outside /embed/', input: '<p>x<iframe src="https://www.youtube.com/watch?v=abcdefghijk"></iframe></p>', out: '<p>x</p>' },
  {
    rule: 'YouTube /embed/',
    input: '<iframe src="https://www.youtube.com/embed/abcdefghijk"></iframe>',
    out: `<iframe src="https://www.youtube.com/embed/abcdefghijk" ${SANDBOX}></iframe>`,
  },
  { rule: 'user:pass in an embed', input: '<p>x<iframe src="https://u:p@player.bilibili.com/player.html"></iframe></p>', out: '<p>x</p>' },
  { rule: 'iframe with srcdoc', input: '<p>x<iframe src="https://player.bilibili.com/p" srcdoc="<b>x</b>"></iframe></p>', out: '<p>x</p>' },
  { rule: 'javascript: iframe', input: '<p>x<iframe src="javascript:alert(1)"></iframe></p>', out: '<p>x</p>' },
  { rule: 'object and embed', input: '<p>x<object data="https://a.example.com/x"></object><embed src="https://a.example.com/x"></p>', out: '<p>x</p>' },
];

/**
 * A body as mf-editor's RichEditor saves it (every toolbar format, a pasted named colour, every
 * font size, a /oss/ picture, media and two players): rich-editor.test.tsx checks that the editor
 * gives exactly this back, so the layers' round trip below runs on the editor's real output.
 */
export const EDITOR_BODY =
  '<p style="text-align: center; text-indent: 2em;"><strong>粗</strong><em>斜</em><span style="background-color: rgb(255, 255, 0); color: rgb(230, 0, 0); font-size: 24px;">色</span><span style="color: red;">名</span>' +
  '<a href="https://news.example/a" rel="noopener noreferrer" target="_blank">链</a><a href="tel:0371-12345678" rel="noopener noreferrer" target="_blank">电话</a>#话题#</p><hr>' +
  `<p style="text-align: right;">${EDITOR_LIMITS.FONT_SIZES.filter((size) => size !== 24)
    .map((size) => `<span style="font-size: ${size}px;">${size}</span>`)
    .join('')}</p>` +
  '<p style="text-align: justify;"><img src="https://img.example/1.png"></p><p><img src="/oss/creator/image/2026-11-23/ab12.png" style="height: auto; width: 100%;"></p>' +
  '<video src="https://v.example/1.mp4" poster="https://v.example/1.png" controls=""></video><audio src="https://a.example/1.mp3" controls=""></audio>' +
  `<iframe src="https://player.bilibili.com/player.html?bvid=BV1xx" width="560" height="314" frameborder="0" allowfullscreen="" ${SANDBOX}></iframe>` +
  `<iframe src="https://www.youtube.com/embed/abcdefghijk" width="560" height="314" frameborder="0" allowfullscreen="" ${SANDBOX}></iframe>`;

/**
 * HTML the editor writes (mf-editor's quill-setup.ts formats, after canonicalHtml and
 * withoutUploadState; pastes through paste-clean.ts): both layers must give each back byte for byte.
 */
export const EDITOR_OUTPUT: readonly string[] = [
  EDITOR_BODY,
  '<p>普通段落 with text &amp; entities &lt;tag&gt;</p>',
  '<p><br></p>',
  '<p><strong>粗体</strong><b>b</b><em>斜体</em><i>i</i><u>下划线</u><s>删除线</s></p>',
  '<p><span style="color: rgb(230, 0, 0);">红色</span><span style="background-color: #ffff00;">高亮</span></p>',
  '<p><span style="color: red;">粘贴的颜色</span></p>',
  `<p>${EDITOR_LIMITS.FONT_SIZES.map((size) => `<span style="font-size: ${size}px;">${size}</span>`).join('')}</p>`,
  '<p style="text-align: center;">居中</p>',
  '<p style="text-align: justify; text-indent: 2em;">首行缩进两个字</p>',
  '<p class="ql-align-right ql-indent-1">右对齐</p>',
  '<hr>',
  '<p><a href="https://www.example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">链接</a></p>',
  '<p><a href="tel:13800000000" rel="noopener noreferrer">电话</a></p>',
  '<p><img src="https://cdn.example.com/img/2026/a.png" alt="" style="width: 100%; height: auto;"></p>',
  '<p><img src="/oss/creator/image/2026-11-23/ab12.png"></p>',
  '<p><video src="https://cdn.example.com/v.mp4" poster="https://cdn.example.com/p.jpg" controls=""></video></p>',
  '<p><video class="ql-vid-0123456789abcdef0123456789abcdef" src="/oss/creator/video/2026-11-23/v.mp4" controls=""></video></p>',
  '<p><audio src="https://cdn.example.com/a.mp3" controls=""></audio></p>',
  `<iframe src="https://player.bilibili.com/player.html?bvid=BV1xx" width="560" height="314" frameborder="0" allowfullscreen="" ${SANDBOX}></iframe>`,
  `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/abcdefghijk" ${SANDBOX}></iframe>`,
  '<p>今天聊聊 #河南# 的 #天气# 话题</p>',
  '<ol><li data-list="bullet">一</li><li data-list="ordered">二</li></ol>',
  '<p>不换行&nbsp;空格</p>',
];
