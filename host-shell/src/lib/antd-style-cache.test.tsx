import { render } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { Button, ConfigProvider, Input, Pagination, Radio, Select, Tabs } from 'antd';
import { AntdLocale } from './antd-locale';
import GENERATED_CSS_VAR_BLOCKS from './antd-css-var-blocks.json';
import { createAntdStyleCache, cssVarBlockOf } from './antd-style-cache';
import { ANTD_CSS_VAR_KEY, ANTD_THEME } from './antd-theme';

/** What a screen of the product renders: components with variable blocks of their own (the e2e run checks every screen's). */
function Screen() {
  return (
    <>
      <Button type="primary">保存</Button>
      <Input placeholder="标题" />
      <Radio.Group options={['单图', '三图']} value="单图" />
      <Select options={[{ value: 1, label: '文章' }]} value={1} />
      <Tabs items={[{ key: 'a', label: '全部', children: '内容' }]} />
      <Pagination total={50} />
    </>
  );
}

/** The CSS-variable `<style>`s antd inserted, by their selectors. */
function insertedBlocks(): string[] {
  return Array.from(document.querySelectorAll('style[data-token-hash]')).map((style) =>
    (style.textContent ?? '').slice(0, (style.textContent ?? '').indexOf('{')),
  );
}

/** The style elements antd inserts stay in the head across tests: each test starts without them. */
afterEach(() => {
  for (const style of Array.from(document.querySelectorAll('style[data-token-hash]'))) style.remove();
});

describe("antd's style cache for the product's providers", () => {
  it("inserts none of the components' variable blocks, only the theme's global tokens", () => {
    render(
      <AntdLocale>
        <Screen />
      </AntdLocale>,
    );
    expect(document.querySelector('.ant-btn')).toHaveClass(ANTD_CSS_VAR_KEY);
    expect(insertedBlocks()).toEqual([`.${ANTD_CSS_VAR_KEY}`]);
  });

  it('inserts none when the components mount again after all of them unmounted', () => {
    const first = render(
      <AntdLocale>
        <Screen />
      </AntdLocale>,
    );
    first.unmount();
    render(
      <AntdLocale>
        <Screen />
      </AntdLocale>,
    );
    expect(insertedBlocks().filter((selector) => selector.includes('.ant-'))).toEqual([]);
  });

  it('without the generated list, antd computes and inserts every block itself (what the list saves)', () => {
    render(
      <StyleProvider cache={createAntdStyleCache([])}>
        <ConfigProvider theme={ANTD_THEME}>
          <Screen />
        </ConfigProvider>
      </StyleProvider>,
    );
    const selectors = insertedBlocks();
    for (const scope of ['ant-btn', 'ant-input', 'ant-radio-css-var', 'ant-select-css-var', 'ant-tabs-css-var', 'ant-pagination'])
      expect(selectors).toContain(`.${ANTD_CSS_VAR_KEY}.${scope}`);
  });

  it("computes a block under another key as before: a nested provider's own theme", () => {
    render(
      <AntdLocale>
        <ConfigProvider theme={{ token: { colorPrimary: '#c00' } }}>
          <Button type="primary">删除</Button>
        </ConfigProvider>
      </AntdLocale>,
    );
    const nested = insertedBlocks().filter((selector) => selector.endsWith('.ant-btn'));
    expect(nested).toHaveLength(1);
    expect(nested[0]).not.toContain(ANTD_CSS_VAR_KEY);
  });

  it("reads a block's component and scope from antd's cache path, under the product's key only", () => {
    expect(cssVarBlockOf(`cssVar%Button%${ANTD_CSS_VAR_KEY}%ant-btn%1abc`)).toBe('Button%ant-btn');
    expect(cssVarBlockOf(`cssVar%List%${ANTD_CSS_VAR_KEY}%ant-list@@ant-list-container%1abc`)).toBe('List%ant-list@@ant-list-container');
    expect(cssVarBlockOf('cssVar%Button%css-var-_r_1_%ant-btn%1abc')).toBeUndefined();
    expect(cssVarBlockOf(`style%Button%${ANTD_CSS_VAR_KEY}%ant-btn`)).toBeUndefined();
    expect(GENERATED_CSS_VAR_BLOCKS).toContain('Button%ant-btn');
  });
});
