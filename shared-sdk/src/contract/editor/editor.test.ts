import {
  EditorKind,
  SaveType,
  editorUrlFor,
  emptyDocument,
  formatChinaTime,
  htmlToText,
  parseChinaTime,
  scheduleTimeIssue,
  textLength,
  toArticleAddRequest,
  topicsOf,
  validateEditorDocument,
} from '.';

const NOW = Date.UTC(2026, 0, 10, 2, 0, 0); // 2026-01-10 10:00:00 China time

function article(patch: Partial<ReturnType<typeof emptyDocument>> = {}) {
  return { ...emptyDocument(EditorKind.ARTICLE), title: '一篇五个字以上的标题', content: '<p>正文</p>', covers: ['https://img.example.com/a.png'], ...patch };
}

describe('validateEditorDocument', () => {
  it('accepts a complete article for publishing and an empty one as a draft', () => {
    expect(validateEditorDocument(article(), true)).toEqual([]);
    expect(validateEditorDocument(emptyDocument(EditorKind.ARTICLE), false)).toEqual([]);
  });

  it('applies the title range 5–64 on publish and the maximum always', () => {
    expect(validateEditorDocument(article({ title: '四个字啊' }), true)[0]?.message).toBe('标题需要5到64个字');
    expect(validateEditorDocument(article({ title: '四个字啊' }), false)).toEqual([]);
    expect(validateEditorDocument(article({ title: '字'.repeat(65) }), false)[0]?.message).toBe('标题最多64个字');
  });

  it('checks summary, cover mode and covers', () => {
    expect(validateEditorDocument(article({ summary: '摘'.repeat(129) }), false)[0]?.field).toBe('summary');
    expect(validateEditorDocument(article({ cover_mode: 3 }), true)[0]?.message).toBe('请选择3张封面');
    expect(validateEditorDocument(article({ cover_mode: 0, covers: [] }), true)).toEqual([]);
    expect(validateEditorDocument(article({ covers: ['javascript:alert(1)'] }), false)[0]?.message).toBe('封面地址不正确');
  });

  it('limits galleries to 3–50 images with captions of at most 200 characters', () => {
    const image = { url: 'https://img.example.com/1.png', caption: '' };
    const gallery = { ...emptyDocument(EditorKind.GALLERY), title: '五个字的图集', images: [image, image] };
    expect(validateEditorDocument(gallery, true)[0]?.message).toBe('图集至少需要3张图片');
    expect(validateEditorDocument({ ...gallery, images: Array(51).fill(image) }, false)[0]?.message).toBe('图集最多50张图片');
    expect(validateEditorDocument({ ...gallery, images: [image, image, { ...image, caption: '说'.repeat(201) }] }, true)[0]?.field).toBe('images');
    expect(validateEditorDocument({ ...gallery, images: [image, image, image], cover_index: 3 }, true)[0]?.field).toBe('cover_index');
  });

  it('limits posts to 2,000 characters and 9 images, without a title', () => {
    const post = { ...emptyDocument(EditorKind.POST), content: `<p>${'字'.repeat(2000)}</p>` };
    expect(validateEditorDocument(post, true)).toEqual([]);
    expect(validateEditorDocument({ ...post, content: `<p>${'字'.repeat(2001)}</p>` }, false)[0]?.message).toBe('动态内容最多2000个字');
    const images = Array(10).fill({ url: 'https://img.example.com/1.png', caption: '' });
    expect(validateEditorDocument({ ...post, images }, false)[0]?.message).toBe('动态最多9张图片');
  });

  it('needs a video to publish a video and at least two distinct works in a collection', () => {
    const video = { ...emptyDocument(EditorKind.VIDEO), title: '五个字的视频', covers: ['https://img.example.com/c.png'] };
    expect(validateEditorDocument(video, true)[0]?.message).toBe('请上传视频');
    const collection = { ...emptyDocument(EditorKind.COLLECTION), title: '五个字的合集', covers: ['https://img.example.com/c.png'], item_ids: [3] };
    expect(validateEditorDocument(collection, true)[0]?.message).toBe('合集至少需要2个作品');
    expect(validateEditorDocument({ ...collection, item_ids: [3, 3] }, false)[0]?.message).toBe('合集中有重复的作品');
  });
});

describe('text helpers', () => {
  it('counts visible characters of HTML, entities decoded', () => {
    expect(htmlToText('<p>a&amp;b</p><p>中&#25991;</p>')).toBe('a&b\n中文');
    expect(textLength(htmlToText('<p>a&amp;b</p><p>中&#25991;</p>'))).toBe(5);
  });
  it('finds topics', () => {
    expect(topicsOf('今天#河南# 天气 #河南# #天气#')).toEqual(['河南', '天气']);
  });
});

describe('schedule time', () => {
  it('round-trips China time and refuses impossible dates', () => {
    expect(formatChinaTime(NOW)).toBe('2026-01-10 10:00:00');
    expect(parseChinaTime('2026-01-10 10:00:00')).toBe(NOW);
    expect(parseChinaTime('2026-02-30 10:00:00')).toBeNull();
  });
  it('takes 10 minutes to 7 days ahead', () => {
    expect(scheduleTimeIssue('2026-01-10 10:09:59', NOW)).toBe('定时发布时间需晚于当前时间10分钟');
    expect(scheduleTimeIssue('2026-01-10 10:10:00', NOW)).toBeNull();
    expect(scheduleTimeIssue('2026-01-17 10:00:00', NOW)).toBeNull();
    expect(scheduleTimeIssue('2026-01-17 10:00:01', NOW)).toBe('定时发布时间不能超过7天');
    expect(scheduleTimeIssue('tomorrow', NOW)).toBe('请选择定时发布时间');
  });
});

describe('wire helpers', () => {
  it('encodes structured fields as JSON text and comma lists', () => {
    const doc = { ...emptyDocument(EditorKind.COLLECTION), covers: ['https://a/b.png'], item_ids: [3, 1] };
    const request = toArticleAddRequest(doc, { save_type: SaveType.DRAFT, draft_id: 7, base_version: 2 });
    expect(request).toMatchObject({
      type: 4,
      save_type: 1,
      draft_id: 7,
      base_version: 2,
      covers: '["https://a/b.png"]',
      item_ids: '3,1',
      images: '[]',
      original: 0,
    });
  });
  it('builds editor URLs, collections on the video screen', () => {
    expect(editorUrlFor(4, { draftId: 9 })).toBe('/videoWrite?isPack=1&draftId=9');
    expect(editorUrlFor(5, { materialId: 2 })).toBe('/post?materialId=2');
    expect(editorUrlFor(9)).toBeNull();
  });
});
