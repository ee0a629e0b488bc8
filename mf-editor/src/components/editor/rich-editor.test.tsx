import '../../testing/quill-dom';
import { createRef } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Delta } from 'quill';
import { sanitizeHtml } from 'shared-sdk/html';
import { EDITOR_BODY } from 'shared-sdk/html/policy-cases';
import { renderRichEditor } from '../../testing/rich-editor';
import { renderWithProviders } from 'shared-sdk/testing';
import { RichEditor, type RichEditorHandle } from './rich-editor';

jest.mock('../../api/picker-api', () => ({
  usePickerMaterialsQuery: () => ({
    data: {
      data: {
        total: 2,
        data: [
          {
            cm_id: 5,
            cm_title: '黄河晚霞',
            cm_type: 2,
            cm_icon_url: 'https://img.example/5.png',
            cm_url: 'https://img.example/5.png',
            cm_create_time: '',
            cm_check: 2,
            is_my: true,
          },
        ],
      },
    },
    isFetching: false,
  }),
}));

jest.setTimeout(120_000);

/** A body with every format the toolbar writes, as the editor stores it. */
const EVERY_FORMAT =
  '<p style="text-align: center; text-indent: 2em;"><strong>粗</strong><em>斜</em><span style="color: rgb(230, 0, 0); background-color: rgb(255, 255, 0); font-size: 24px;">色</span>' +
  '<a href="https://news.example/a" rel="noopener noreferrer" target="_blank">链</a><a href="tel:0371-12345678" rel="noopener noreferrer" target="_blank">电话</a>#话题#</p>' +
  '<hr><p style="text-align: right;"><span style="font-size: 12px;">小</span></p><p style="text-align: justify;"><img src="https://img.example/1.png"></p>' +
  '<p><img src="https://img.example/2.png" style="width: 100%; height: auto"></p>' +
  '<video src="https://v.example/1.mp4" poster="https://v.example/1.png" controls=""></video><audio src="https://a.example/1.mp3" controls=""></audio><p><br></p>';

async function mount() {
  const onChange = jest.fn();
  const { ref, view } = await renderRichEditor({ onChange });
  return { ref, onChange, view };
}

function editorRoot(): HTMLElement {
  return document.querySelector('.ql-editor') as HTMLElement;
}

describe('RichEditor', () => {
  it("opens a body with Quill at once, and starts a new piece's Quill a task after its first render", async () => {
    const withBody = createRef<RichEditorHandle>();
    const first = renderWithProviders(<RichEditor ref={withBody} defaultHtml="<p>黄河之水天上来</p>" />);
    expect(withBody.current?.getQuill()).toBeTruthy();
    expect(withBody.current?.getHtml()).toBe('<p>黄河之水天上来</p>');
    first.unmount();
    const blank = createRef<RichEditorHandle>();
    renderWithProviders(<RichEditor ref={blank} />);
    expect(blank.current?.getQuill()).toBeNull();
    expect(document.querySelector('.ql-editor')).toBeNull();
    await waitFor(() => expect(blank.current?.getQuill()).toBeTruthy());
    expect(document.querySelector('.ql-editor')).toHaveAttribute('data-placeholder', '请输入正文');
  });

  it('shows the placeholder and every toolbar button of docs/product.md §2', async () => {
    await mount();
    expect(editorRoot()).toHaveAttribute('data-placeholder', '请输入正文');
    for (const label of [
      '撤销',
      '重做',
      '清除格式',
      '格式刷',
      '加粗',
      '斜体',
      '文字颜色',
      '背景颜色',
      '分割线',
      '首行缩进',
      '左对齐',
      '居中对齐',
      '右对齐',
      '两端对齐',
      '插入图片',
      '插入视频',
      '话题',
      '插入音频',
      '插入链接',
      '电话链接',
      '查找替换',
      '扩写',
      '润色',
      '改写语气',
      'AI 写作',
    ]) {
      expect(screen.getAllByRole('button', { name: label }).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('group', { name: '多媒体' })).toBeInTheDocument();
    expect(screen.getByText('字数：0')).toBeInTheDocument();
  });

  it('keeps every format unchanged through save and reload', async () => {
    const first = await mount();
    act(() => first.ref.current?.setHtml(EVERY_FORMAT));
    const saved = first.ref.current?.getHtml() ?? '';
    for (const kept of [
      'text-align: center',
      'text-indent: 2em',
      '<strong>粗</strong>',
      '<em>斜</em>',
      'color: rgb(230, 0, 0)',
      'background-color: rgb(255, 255, 0)',
      'font-size: 24px',
      'href="https://news.example/a"',
      'href="tel:0371-12345678"',
      '#话题#',
      '<hr>',
      'text-align: right',
      'font-size: 12px',
      'text-align: justify',
      '<img src="https://img.example/1.png">',
      '<img src="https://img.example/2.png" style="height: auto; width: 100%;">',
      '<video src="https://v.example/1.mp4" poster="https://v.example/1.png" controls="">',
      '<audio src="https://a.example/1.mp3" controls="">',
    ]) {
      expect(saved).toContain(kept);
    }
    expect(saved).not.toContain('\t');
    first.view.unmount();
    const reloaded = await mount();
    act(() => reloaded.ref.current?.setHtml(saved));
    expect(reloaded.ref.current?.getHtml()).toBe(saved);
    act(() => reloaded.ref.current?.setHtml(reloaded.ref.current.getHtml()));
    expect(reloaded.ref.current?.getHtml()).toBe(saved);
  });

  it('writes the body of the shared policy table, which the render sanitizer gives back unchanged (the server test runs it too)', async () => {
    const { ref } = await mount();
    act(() => ref.current?.setHtml(EDITOR_BODY));
    const saved = ref.current?.getHtml() ?? '';
    expect(saved).toBe(EDITOR_BODY);
    expect(sanitizeHtml(saved)).toBe(saved);
  });

  it('offers only the six font sizes: other sizes are dropped on load', async () => {
    const { ref } = await mount();
    act(() => ref.current?.setHtml('<p><span style="font-size: 36px;">大</span><span style="font-size: 13px;">怪</span></p>'));
    expect(ref.current?.getHtml()).toBe('<p><span style="font-size: 36px;">大</span>怪</p>');
  });

  it('bold, first-line indent, alignment and the rule act on the selection', async () => {
    const { ref, onChange } = await mount();
    const quill = ref.current?.getQuill();
    act(() => {
      quill?.setText('第一段文字\n');
      quill?.setSelection(0, 3, 'user');
    });
    fireEvent.click(screen.getAllByRole('button', { name: '加粗' })[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: '首行缩进' }));
    fireEvent.click(screen.getAllByRole('button', { name: '居中对齐' })[0] as HTMLElement);
    act(() => quill?.setSelection(5, 0, 'user'));
    fireEvent.click(screen.getByRole('button', { name: '分割线' }));
    expect(ref.current?.getHtml()).toBe(
      '<p style="text-align: center; text-indent: 2em;"><strong>第一段</strong>文字</p><hr><p style="text-align: center; text-indent: 2em;"><br></p>',
    );
    expect(onChange).toHaveBeenCalledWith('user');
    fireEvent.click(screen.getByRole('button', { name: '撤销' }));
    expect(ref.current?.getHtml()).not.toContain('<hr>');
  });

  it('counts the characters written', async () => {
    const { ref } = await mount();
    act(() => {
      ref.current?.getQuill()?.insertText(0, '黄河 之水\n天上来', 'user');
    });
    await screen.findByText('字数：7');
  });

  it('inserts a topic #话题# with the word selected', async () => {
    const { ref } = await mount();
    act(() => ref.current?.getQuill()?.setSelection(0, 0, 'user'));
    fireEvent.click(screen.getByRole('button', { name: '话题' }));
    expect(ref.current?.getText()).toBe('#话题#\n');
    expect(ref.current?.getQuill()?.getSelection()).toEqual({ index: 1, length: 2 });
  });

  it('replaces every occurrence and keeps its formats', async () => {
    const { ref } = await mount();
    act(() => ref.current?.setHtml('<p><strong>郑州</strong>和郑州</p>'));
    fireEvent.click(screen.getByRole('button', { name: '查找替换' }));
    fireEvent.change(await screen.findByLabelText('查找内容'), { target: { value: '郑州' } });
    fireEvent.change(screen.getByLabelText('替换为'), { target: { value: '洛阳' } });
    expect(screen.getByText('共找到 2 处')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '全部替换' }));
    expect(ref.current?.getHtml()).toBe('<p><strong>洛阳</strong>和洛阳</p>');
    expect(screen.getByText('已替换 2 处')).toBeInTheDocument();
  });

  it('opens the AI panel on the text, and leaves the article alone until the creator chooses', async () => {
    const { ref } = await mount();
    act(() => ref.current?.setHtml('<p>原文</p>'));
    fireEvent.click(screen.getByRole('button', { name: '润色' }));
    expect(await screen.findByText('AI 写作助手 · 润色')).toBeInTheDocument();
    expect(screen.getByLabelText('原文')).toHaveTextContent('原文');
    expect(ref.current?.getHtml()).toBe('<p>原文</p>');
  });

  it('inserts an image chosen from my material library, and only one audio', async () => {
    const { ref } = await mount();
    act(() => ref.current?.getQuill()?.setSelection(0, 0, 'user'));
    fireEvent.click(screen.getByRole('button', { name: '插入图片' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /从素材库选择/ }));
    fireEvent.click(await screen.findByRole('button', { name: /黄河晚霞/ }));
    await waitFor(() => expect(ref.current?.getHtml()).toBe('<p><img src="https://img.example/5.png"></p>'));
    act(() => ref.current?.setHtml('<audio src="https://a.example/1.mp3" controls=""></audio><p><br></p>'));
    fireEvent.click(screen.getByRole('button', { name: '插入音频' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /从素材库选择/ }));
    expect(await screen.findByText('音频只能添加一次，请删除后再添加')).toBeInTheDocument();
  });

  it('makes a tel: link for a phone number', async () => {
    const { ref } = await mount();
    act(() => ref.current?.getQuill()?.setSelection(0, 0, 'user'));
    fireEvent.click(screen.getByRole('button', { name: '电话链接' }));
    fireEvent.change(await screen.findByLabelText('显示文字'), { target: { value: '热线' } });
    fireEvent.change(screen.getByLabelText('电话号码'), { target: { value: '0371-65795555' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(ref.current?.getHtml()).toContain('<a href="tel:0371-65795555" rel="noopener noreferrer" target="_blank">热线</a>'));
  });

  it('takes a character typed in Chinese in the middle of a long formatted article as a full rebuild would, and undoes it', async () => {
    const paragraph = '<p style="text-align: center;"><strong>黄河</strong>之水<em>天上</em>来<span style="color: rgb(230, 0, 0);">奔流</span>到海不复回</p>';
    const body = paragraph.repeat(400);
    const { ref, onChange } = await mount();
    const quill = ref.current?.getQuill();
    if (!quill) throw new Error('no editor');
    act(() => ref.current?.setHtml(body));
    const saved = ref.current?.getHtml() ?? '';
    await act(async () => undefined); // Quill's own page updates are observed, as between two keys
    const changes: Delta[] = [];
    quill.on('text-change', (change: Delta) => changes.push(change));
    const rebuilds = jest.spyOn(quill.editor, 'getDelta');

    // The browser types 中 into the 200th coloured run, as a key press or an IME does.
    const run = quill.root.querySelectorAll('span')[199]?.firstChild as Text;
    const at = quill.getIndex(quill.scroll.find(run) as never) + 1;
    act(() => {
      run.data = '奔中流';
      quill.update('user');
    });

    expect(rebuilds).not.toHaveBeenCalled();
    rebuilds.mockRestore();
    expect(changes).toEqual([new Delta().retain(at).insert('中', { color: '#e60000' })]);
    expect(onChange).toHaveBeenLastCalledWith('user');
    // The Delta kept is the one rebuilt from the page, and the HTML reloads to the same Delta.
    expect(quill.getContents()).toEqual(quill.editor.getDelta());
    const html = ref.current?.getHtml() ?? '';
    expect(html).toBe(saved.replace(new RegExp(`^((?:${escape(paragraph)}){199}${escape(paragraph.slice(0, paragraph.indexOf('奔流')))})奔流`), '$1奔中流'));
    const contents = quill.getContents();
    act(() => ref.current?.setHtml(html));
    expect(quill.getContents()).toEqual(contents);

    // Undo and redo of typed text, after a reload from the saved body.
    act(() => quill.setSelection(at, 0, 'user'));
    await act(async () => undefined);
    const word = quill.root.querySelectorAll('strong')[10]?.firstChild as Text;
    act(() => {
      word.data = '黄河水';
      quill.update('user');
    });
    expect(ref.current?.getHtml()).toContain('<strong>黄河水</strong>');
    fireEvent.click(screen.getByRole('button', { name: '撤销' }));
    expect(ref.current?.getHtml()).toBe(html);
    fireEvent.click(screen.getByRole('button', { name: '重做' }));
    expect(ref.current?.getHtml()).toContain('<strong>黄河水</strong>');

    // An emoji (a surrogate pair) goes the full way and ends the same.
    act(() => {
      word.data = '黄河😀';
      quill.update('user');
    });
    expect(quill.getContents()).toEqual(quill.editor.getDelta());
    expect(ref.current?.getHtml()).toContain('<strong>黄河😀</strong>');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
