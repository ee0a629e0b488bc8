import '../../testing/quill-dom';
import { act, waitFor } from '@testing-library/react';
import { REHOSTING_PLACEHOLDER, pasteCleanHtml } from './use-paste-cleaning';
import { renderRichEditor } from '../../testing/rich-editor';

jest.setTimeout(60_000);

const WORD =
  '<h1 class=MsoTitle>标题</h1><p class=MsoNormal style="mso-line-height:1"><span style="color:#C00000">正文<o:p></o:p></span></p><p><o:p>&nbsp;</o:p></p><p><img src="https://mmbiz.qpic.cn/a/640?wx_fmt=png" width=300></p><p><a href="https://news.example/a?id=1&utm_source=wx">原文</a></p>';

async function mount() {
  const { ref, quill } = await renderRichEditor();
  return { ref, quill };
}

describe('pasting HTML', () => {
  it('cleans it, shows the placeholder at once, then swaps in the re-hosted picture', async () => {
    const { ref, quill } = await mount();
    let finish: (url: string) => void = () => undefined;
    const rehost = jest.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    act(() => pasteCleanHtml(quill, WORD, rehost, jest.fn()));
    const during = ref.current?.getHtml() ?? '';
    expect(during).toContain('<p>标题</p>');
    expect(during).toContain('color: rgb(192, 0, 0)');
    expect(during).not.toMatch(/Mso|mso-|o:p|utm_source|mmbiz/);
    expect(during).toContain(REHOSTING_PLACEHOLDER.slice(0, 40));
    expect(rehost).toHaveBeenCalledWith('https://mmbiz.qpic.cn/a/640?wx_fmt=png');
    act(() => finish('/oss/creator/image/20261123/u1/0123456789abcdef0123456789abcdef.png'));
    await waitFor(() => expect(ref.current?.getHtml()).toContain('<img src="/oss/creator/image/20261123/u1/0123456789abcdef0123456789abcdef.png"'));
    expect(ref.current?.getHtml()).not.toContain('data:image');
    // Pasted pictures are full width with automatic height (docs/product.md §5), in the saved body too.
    expect(ref.current?.getHtml()).toMatch(
      /<img src="\/oss\/creator\/image\/20261123\/u1\/0123456789abcdef0123456789abcdef\.png"[^>]* style="height: auto; width: 100%;"/,
    );
    expect(ref.current?.getHtml()).toContain('href="https://news.example/a?id=1"');
  });

  it("keeps the picture's own address and says why when re-hosting fails", async () => {
    const { ref, quill } = await mount();
    const warn = jest.fn();
    act(() =>
      pasteCleanHtml(quill, '<p><img src="https://img.example/x.png"></p>', () => Promise.reject(new Error('该地址的内容不是 jpg、png 或 gif 图片')), warn),
    );
    await waitFor(() => expect(ref.current?.getHtml()).toContain('<img src="https://img.example/x.png"'));
    expect(warn).toHaveBeenCalledWith('图片转存失败：该地址的内容不是 jpg、png 或 gif 图片');
  });

  it('takes over the paste event for HTML and leaves our own pictures as they are', async () => {
    const { ref, quill } = await mount();
    const event = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(event, 'clipboardData', {
      value: { getData: (type: string) => (type === 'text/html' ? '<h2>小标题</h2><p><img src="/oss/creator/image/20261123/u1/a.png"></p>' : '小标题') },
    });
    act(() => {
      quill.root.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    await waitFor(() => expect(ref.current?.getHtml()).toContain('<p>小标题</p>'));
    expect(ref.current?.getHtml()).toContain('<img src="/oss/creator/image/20261123/u1/a.png"');
  });
});
