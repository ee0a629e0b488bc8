import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  AudioOutlined,
  BgColorsOutlined,
  BoldOutlined,
  ClearOutlined,
  ExpandAltOutlined,
  FileSearchOutlined,
  FontColorsOutlined,
  FormatPainterOutlined,
  HighlightOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  NumberOutlined,
  PhoneOutlined,
  PictureOutlined,
  PlaySquareOutlined,
  RedoOutlined,
  RobotOutlined,
  SoundOutlined,
  UndoOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Divider, Select } from 'antd';
import { memo } from 'react';
import type Quill from 'quill';
import { AI_ACTION_LABELS } from '../../lib/editor/ai-helper';
import * as cmd from '../../lib/editor/commands';
import { FONT_SIZES } from '../../lib/editor/quill-setup';
import { ColorSwatches } from './color-swatches';
import { MediaMenu } from './media-menu';
import { ToolButton } from './tool-button';
import type { ToolbarActions } from './toolbar-actions';
import * as styles from './rich-editor.module.css';

/**
 * The toolbar of docs/product.md §2, in its order; it sticks to the top while the page scrolls. Memoised: it
 * renders again only when the editor, the formats at the caret or the actions change, not per key.
 */
export const EditorToolbar = memo(function EditorToolbar({
  quill,
  formats,
  actions,
}: {
  quill: Quill | null;
  formats: Record<string, unknown>;
  actions: ToolbarActions;
}) {
  const run = (fn: (q: Quill) => void) => () => {
    if (quill) fn(quill);
  };
  const align = (formats.align as string | undefined) ?? '';
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="编辑工具栏">
      <ToolButton label="撤销" icon={<UndoOutlined />} onClick={run(cmd.undo)} />
      <ToolButton label="重做" icon={<RedoOutlined />} onClick={run(cmd.redo)} />
      <ToolButton label="清除格式" icon={<ClearOutlined />} onClick={run(cmd.clearFormat)} />
      <ToolButton label="格式刷" icon={<FormatPainterOutlined />} active={actions.painterActive} onClick={actions.onPainter} />
      <Divider orientation="vertical" />
      <Select
        size="small"
        aria-label="字号"
        placeholder="字号"
        style={{ width: 84 }}
        value={(formats.size as string | undefined) ?? null}
        allowClear
        options={FONT_SIZES.map((size) => ({ value: size, label: size }))}
        onChange={(value: string | undefined) => quill && cmd.setInline(quill, 'size', value ?? false)}
      />
      <ToolButton label="加粗" icon={<BoldOutlined />} active={Boolean(formats.bold)} onClick={run((q) => cmd.toggleInline(q, 'bold'))} />
      <ToolButton label="斜体" icon={<ItalicOutlined />} active={Boolean(formats.italic)} onClick={run((q) => cmd.toggleInline(q, 'italic'))} />
      <ColorSwatches label="文字颜色" icon={<FontColorsOutlined />} onPick={(color) => quill && cmd.setInline(quill, 'color', color)} />
      <ColorSwatches label="背景颜色" icon={<BgColorsOutlined />} onPick={(color) => quill && cmd.setInline(quill, 'background', color)} />
      <ToolButton label="分割线" icon={<LineOutlined />} onClick={run((q) => cmd.insertEmbed(q, 'rule', true))} />
      <ToolButton label="首行缩进" icon={<MenuUnfoldOutlined />} active={Boolean(formats.indent2em)} onClick={run(cmd.toggleFirstLineIndent)} />
      <Divider orientation="vertical" />
      <ToolButton label="左对齐" icon={<AlignLeftOutlined />} active={align === ''} onClick={run((q) => cmd.setAlign(q, ''))} />
      <ToolButton label="居中对齐" icon={<AlignCenterOutlined />} active={align === 'center'} onClick={run((q) => cmd.setAlign(q, 'center'))} />
      <ToolButton label="右对齐" icon={<AlignRightOutlined />} active={align === 'right'} onClick={run((q) => cmd.setAlign(q, 'right'))} />
      <ToolButton label="两端对齐" icon={<MenuOutlined />} active={align === 'justify'} onClick={run((q) => cmd.setAlign(q, 'justify'))} />
      <Divider orientation="vertical" />
      <MediaMenu kind="image" label="插入图片" icon={<PictureOutlined />} onUpload={actions.onUpload} onLibrary={actions.onMedia} />
      <MediaMenu kind="video" label="插入视频" icon={<VideoCameraOutlined />} onUpload={actions.onUpload} onLibrary={actions.onMedia} />
      <ToolButton label="话题" icon={<NumberOutlined />} onClick={run(cmd.insertTopic)} />
      <span role="group" aria-label="多媒体" className={styles.group}>
        <MediaMenu kind="audio" label="插入音频" icon={<AudioOutlined />} onUpload={actions.onUpload} onLibrary={actions.onMedia} />
        <ToolButton label="嵌入视频" icon={<PlaySquareOutlined />} onClick={actions.onEmbed} />
        <ToolButton label="插入链接" icon={<LinkOutlined />} onClick={() => actions.onLink('link')} />
        <ToolButton label="电话链接" icon={<PhoneOutlined />} onClick={() => actions.onLink('tel')} />
        <ToolButton label="查找替换" icon={<FileSearchOutlined />} onClick={actions.onSearchReplace} />
      </span>
      <Divider orientation="vertical" />
      <span role="group" aria-label="AI 助手" className={styles.group}>
        <ToolButton label={AI_ACTION_LABELS.expand} icon={<ExpandAltOutlined />} onClick={() => actions.onAi('expand')} />
        <ToolButton label={AI_ACTION_LABELS.polish} icon={<HighlightOutlined />} onClick={() => actions.onAi('polish')} />
        <ToolButton label={AI_ACTION_LABELS.tone} icon={<SoundOutlined />} onClick={() => actions.onAi('tone')} />
        <ToolButton label={AI_ACTION_LABELS.openAi} icon={<RobotOutlined />} onClick={() => actions.onAi('openAi')} />
      </span>
    </div>
  );
});
