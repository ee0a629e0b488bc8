import { DRAMA_LIMITS, LIMITS } from 'shared-sdk/contract';
import {
  LABEL_NAME_MAX,
  MATERIAL_FILES_MAX,
  charCount,
  charLimit,
  dramaIntroProblem,
  dramaTitleProblem,
  episodeNoProblem,
  episodeTitleProblem,
  fieldRule,
  firstChars,
  labelNameProblem,
  materialDescribeProblem,
  materialFilesProblem,
  materialInputProblem,
  materialTitleProblem,
} from './index';

// One emoji (two UTF-16 code units) and one CJK Extension B character (two code units), each one character.
const EMOJI = '😀';
const RARE = '𠀀';
const mixed = (n: number) => Array.from({ length: n }, (_, i) => [EMOJI, '字', RARE, 'a'][i % 4]).join('');

describe('charCount, firstChars, charLimit', () => {
  it('counts code points, as the server does', () => {
    expect(EMOJI.length).toBe(2);
    expect(charCount(EMOJI)).toBe(1);
    expect(charCount(`${RARE}字a`)).toBe(3);
    expect(charCount(EMOJI.repeat(LIMITS.MATERIAL_TITLE_MAX))).toBe(LIMITS.MATERIAL_TITLE_MAX);
  });
  it('cuts at a character, never inside an emoji', () => {
    expect(firstChars(EMOJI.repeat(3), 2)).toBe(EMOJI.repeat(2));
    expect(firstChars('字字', 5)).toBe('字字');
  });
  it('gives antd a count that counts and stops at code points', () => {
    const count = charLimit(LIMITS.MATERIAL_TITLE_MAX);
    expect(count.strategy(EMOJI.repeat(LIMITS.MATERIAL_TITLE_MAX))).toBe(LIMITS.MATERIAL_TITLE_MAX);
    expect(count.exceedFormatter?.(EMOJI.repeat(LIMITS.MATERIAL_TITLE_MAX + 1), { max: LIMITS.MATERIAL_TITLE_MAX })).toBe(
      EMOJI.repeat(LIMITS.MATERIAL_TITLE_MAX),
    );
    expect(charLimit().exceedFormatter).toBeUndefined();
  });
  it('turns a rule function into a Form rule with its message', async () => {
    const rule = fieldRule(materialTitleProblem);
    await expect(rule.validator({}, '')).rejects.toThrow('素材名称不能为空');
    await expect(rule.validator({}, undefined)).rejects.toThrow('素材名称不能为空');
    await expect(rule.validator({}, EMOJI)).resolves.toBeUndefined();
  });
});

describe('material rules', () => {
  const TITLE = LIMITS.MATERIAL_TITLE_MAX;
  const DESCRIBE = LIMITS.MATERIAL_DESCRIBE_MAX;
  it.each([
    ['', '素材名称不能为空'],
    ['   ', '素材名称不能为空'],
    ['风景', null],
    [EMOJI.repeat(TITLE), null],
    [RARE.repeat(TITLE), null],
    [mixed(TITLE), null],
    [` ${EMOJI.repeat(TITLE)} `, null],
    ['字'.repeat(TITLE), null],
    [EMOJI.repeat(TITLE + 1), `素材名称不能超过${TITLE}个字`],
    ['字'.repeat(TITLE + 1), `素材名称不能超过${TITLE}个字`],
  ])('title %j → %j', (title, message) => {
    expect(materialTitleProblem(title)).toBe(message);
  });

  it.each([
    ['', '素材描述不能为空'],
    ['\n ', '素材描述不能为空'],
    [EMOJI.repeat(DESCRIBE), null],
    [mixed(DESCRIBE), null],
    [EMOJI.repeat(DESCRIBE + 1), `素材描述不能超过${DESCRIBE}个字`],
    ['述'.repeat(DESCRIBE + 1), `素材描述不能超过${DESCRIBE}个字`],
  ])('describe %j → %j', (describe, message) => {
    expect(materialDescribeProblem(describe)).toBe(message);
  });

  const file = '/oss/bucket/image/20260101/u1/a.png';
  const good = { title: '风景', describe: '一张风景照', files: [file] };
  it.each([
    [{ ...good, title: '' }, '素材名称不能为空'],
    [{ ...good, title: '', describe: '' }, '素材名称不能为空'],
    [{ ...good, describe: '' }, '素材描述不能为空'],
    [{ ...good, describe: '', files: [] }, '素材描述不能为空'],
    [{ ...good, files: [] }, '请上传图片素材'],
    [{ ...good, files: Array<string>(MATERIAL_FILES_MAX).fill(file) }, null],
    [{ ...good, files: Array<string>(MATERIAL_FILES_MAX + 1).fill(file) }, `一次最多上传${MATERIAL_FILES_MAX}张图片`],
    [{ ...good, covers: [file] }, null],
    [{ ...good, covers: [file, file] }, '参数错误：covers 与 files 数量不一致'],
    [{ ...good, title: EMOJI.repeat(LIMITS.MATERIAL_TITLE_MAX) }, null],
    [good, null],
  ])('save %j → %j', (input, message) => {
    expect(materialInputProblem(input)).toBe(message);
  });

  it('checks the pictures alone for the add screen, which leaves the description’s length to the server (docs/product.md §5)', () => {
    expect(materialFilesProblem([])).toBe('请上传图片素材');
    expect(materialFilesProblem([file], [file])).toBeNull();
    expect(materialFilesProblem(Array<string>(MATERIAL_FILES_MAX + 1).fill(file))).toBe(`一次最多上传${MATERIAL_FILES_MAX}张图片`);
  });
});

describe('label rules', () => {
  it.each([
    ['', null],
    ['风景', null],
    [EMOJI.repeat(LABEL_NAME_MAX), null],
    [mixed(LABEL_NAME_MAX), null],
    [` ${RARE.repeat(LABEL_NAME_MAX)} `, null],
    [EMOJI.repeat(LABEL_NAME_MAX + 1), `标签不能超过${LABEL_NAME_MAX}个字`],
    ['签'.repeat(LABEL_NAME_MAX + 1), `标签不能超过${LABEL_NAME_MAX}个字`],
  ])('name %j → %j', (name, message) => {
    expect(labelNameProblem(name)).toBe(message);
  });
});

describe('short-drama rules', () => {
  const TITLE = `请输入1-${DRAMA_LIMITS.titleMax}个字的短剧名称`;
  const EPISODE = `请输入1-${DRAMA_LIMITS.episodeTitleMax}个字的剧集标题`;
  it.each([
    ['', TITLE],
    ['  ', TITLE],
    [EMOJI.repeat(DRAMA_LIMITS.titleMax), null],
    [mixed(DRAMA_LIMITS.titleMax), null],
    [EMOJI.repeat(DRAMA_LIMITS.titleMax + 1), TITLE],
    ['剧'.repeat(DRAMA_LIMITS.titleMax + 1), TITLE],
  ])('series title %j → %j', (title, message) => {
    expect(dramaTitleProblem(title)).toBe(message);
  });

  it.each([
    ['', null],
    [EMOJI.repeat(DRAMA_LIMITS.introMax), null],
    [EMOJI.repeat(DRAMA_LIMITS.introMax + 1), `简介不能超过${DRAMA_LIMITS.introMax}个字`],
  ])('introduction %j → %j', (intro, message) => {
    expect(dramaIntroProblem(intro)).toBe(message);
  });

  it.each([
    ['', EPISODE],
    [RARE.repeat(DRAMA_LIMITS.episodeTitleMax), null],
    [RARE.repeat(DRAMA_LIMITS.episodeTitleMax + 1), EPISODE],
  ])('episode title %j → %j', (title, message) => {
    expect(episodeTitleProblem(title)).toBe(message);
  });

  it.each([
    [0, `集数需为1-${DRAMA_LIMITS.episodeNoMax}的整数`],
    [1, null],
    [1.5, `集数需为1-${DRAMA_LIMITS.episodeNoMax}的整数`],
    [DRAMA_LIMITS.episodeNoMax, null],
    [DRAMA_LIMITS.episodeNoMax + 1, `集数需为1-${DRAMA_LIMITS.episodeNoMax}的整数`],
  ])('episode number %j → %j', (no, message) => {
    expect(episodeNoProblem(no)).toBe(message);
  });
});
