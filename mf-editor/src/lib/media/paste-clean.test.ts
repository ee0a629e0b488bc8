import { cleanPastedHtml, stripTracking } from './paste-clean';

const own = (url: string) => url.startsWith('https://cdn.our-news.example/');

describe('paste cleaning', () => {
  it('turns Word/WPS HTML into clean editor content', () => {
    const word = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15"><style>p.MsoNormal{mso-style-parent:"";}</style></head>
      <body lang=ZH-CN><!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]-->
      <div class=WordSection1>
        <h1 class=MsoTitle style="mso-outline-level:1">郑州<span lang=EN-US>2026</span>年城市发展</h1>
        <p class=MsoNormal style="text-indent:21.0pt;mso-char-indent-count:2.0;text-align:center"><span style="font-family:宋体;mso-bidi-font-family:宋体;color:#C00000">第一段<o:p></o:p></span></p>
        <p class=MsoNormal><o:p>&nbsp;</o:p></p>
        <p class=MsoNormal><v:shape id="_x0000_i1025"><v:imagedata src="file:///C:/Users/a/clip_image001.png"/></v:shape><img src="file:///C:/Users/a/clip_image001.png" width=200></p>
        <div>   </div>
      </div></body></html>`;
    const { html, externalImages } = cleanPastedHtml(word, own);
    expect(html).toBe('<p>郑州2026年城市发展</p><p style="text-align:center"><span style="color:#C00000">第一段</span></p>');
    expect(externalImages).toEqual([]);
  });

  it('takes 公众号 lazy images and section wrappers apart, and lists external images for re-hosting', () => {
    const wechat = `<section style="margin: 0 8px; box-sizing: border-box"><section><h2 style="font-size: 20px">小标题</h2>
      <p><img class="rich_pages wxw-img" data-src="https://mmbiz.qpic.cn/mmbiz_jpg/abc/640?wx_fmt=jpeg" data-ratio="0.66" src="data:image/svg+xml,%3Csvg%3E" style="width: 677px !important; height: auto !important; visibility: visible !important;"></p>
      <p><img src="https://cdn.our-news.example/image/20261123/u1/a.png" width="300" onerror="steal()"></p>
      <p><br></p><p>&nbsp;</p></section></section>`;
    const { html, externalImages } = cleanPastedHtml(wechat, own);
    expect(html).toContain('<p>小标题</p>');
    expect(html).toContain('<img src="https://mmbiz.qpic.cn/mmbiz_jpg/abc/640?wx_fmt=jpeg" style="width: 100%; height: auto">');
    expect(html).toContain('<img src="https://cdn.our-news.example/image/20261123/u1/a.png" style="width: 100%; height: auto">');
    expect(html).not.toMatch(/section|data-|onerror|<p>\s*<br>\s*<\/p>|&nbsp;/);
    expect(externalImages).toEqual(['https://mmbiz.qpic.cn/mmbiz_jpg/abc/640?wx_fmt=jpeg']);
  });

  it('strips tracking parameters from links, keeps real ones, and unlinks script URLs', () => {
    const { html } = cleanPastedHtml(
      '<p><a href="https://news.example/a?id=7&utm_source=wx&utm_medium=share&spm=a.b.c&from=timeline" target="_blank" onclick="x()">原文</a> <a href="javascript:alert(1)">坏链接</a> <a href="tel:037112345678">电话</a></p>',
      own,
    );
    expect(html).toBe('<p><a href="https://news.example/a?id=7">原文</a> 坏链接 <a href="tel:037112345678">电话</a></p>');
    expect(stripTracking('https://mp.weixin.qq.com/s?__biz=MzA&mid=1&idx=1&sn=x&chksm=y&scene=21#wechat_redirect')).toBe(
      'https://mp.weixin.qq.com/s?__biz=MzA&mid=1&idx=1&sn=x',
    );
  });

  it('drops scripts, styles and forms, and never runs what it parses', () => {
    const spy = jest.fn();
    (window as unknown as { pasted: () => void }).pasted = spy;
    const { html } = cleanPastedHtml(
      '<script>window.pasted()</script><img src=x onerror="window.pasted()"><form><input value=1></form><p onmouseover="window.pasted()">正文</p>',
      own,
    );
    expect(html).toBe('<p>正文</p>');
    expect(spy).not.toHaveBeenCalled();
  });
});
