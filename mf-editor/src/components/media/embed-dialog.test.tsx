import '../../testing/quill-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { EMBED_MESSAGES } from '../../lib/media/embed-url';
import { renderRichEditor } from '../../testing/rich-editor';

jest.setTimeout(60_000);

const named = (label: string) => ({ name: new RegExp(`^${[...label].join('\\s?')}$`) });

async function mount() {
  return (await renderRichEditor()).ref;
}

describe('media embed dialog', () => {
  it('embeds a Bilibili page as its sandboxed player at the default size, and keeps it through save and reload', async () => {
    const ref = await mount();
    act(() => ref.current?.getQuill()?.setSelection(0, 0, 'user'));
    fireEvent.click(screen.getByRole('button', { name: '嵌入视频' }));
    fireEvent.change(await screen.findByLabelText('视频地址或嵌入代码'), { target: { value: 'https://www.bilibili.com/video/BV1GJ411x7h7' } });
    fireEvent.click(screen.getByRole('button', named('插入')));
    await waitFor(() => expect(ref.current?.getHtml()).toContain('<iframe'));
    const html = ref.current?.getHtml() ?? '';
    expect(html).toContain('src="https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7&amp;autoplay=0"');
    expect(html).toContain('width="300" height="150"');
    expect(html).toContain('sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"');
    const frame = /<iframe[^>]*><\/iframe>/.exec(html)?.[0] ?? '';
    act(() => ref.current?.setHtml(html));
    expect(ref.current?.getHtml()).toContain(frame);
  });

  it('refuses an address of another site with an error notification and inserts nothing', async () => {
    const ref = await mount();
    fireEvent.click(screen.getByRole('button', { name: '嵌入视频' }));
    fireEvent.change(await screen.findByLabelText('视频地址或嵌入代码'), {
      target: { value: '<iframe src="https://evil.example/x" onload="alert(1)"></iframe>' },
    });
    fireEvent.click(screen.getByRole('button', named('插入')));
    expect(await screen.findByText(EMBED_MESSAGES.UNSUPPORTED)).toBeInTheDocument();
    expect(ref.current?.getHtml()).not.toContain('iframe');
  });

  it('turns a stored frame from any other host into a blank one on load', async () => {
    const ref = await mount();
    act(() => ref.current?.setHtml('<iframe src="https://evil.example/x" width="300" height="150"></iframe>'));
    expect(ref.current?.getHtml()).toContain('src="about:blank"');
  });
});
