import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BgColorsOutlined,
  BoldOutlined,
  ExpandAltOutlined,
  FontColorsOutlined,
  HighlightOutlined,
  ItalicOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import type Quill from 'quill';
import { AI_ACTION_LABELS, type AiAction } from '../../lib/editor/ai-helper';
import * as cmd from '../../lib/editor/commands';
import { ColorSwatches } from './color-swatches';
import { ToolButton } from './tool-button';
import * as styles from './rich-editor.module.css';

interface Props {
  quill: Quill;
  position: { top: number; left: number };
  onAi: (action: AiAction) => void;
}

/** Floats above a selection: expand, polish, tone, bold, italic, colours, alignment (docs/product.md §2). */
export function SelectionToolbar({ quill, position, onAi }: Props) {
  return (
    <div className={styles.selectionToolbar} role="toolbar" aria-label="选中文字工具栏" style={{ top: position.top, left: position.left }}>
      <ToolButton label={AI_ACTION_LABELS.expand} icon={<ExpandAltOutlined />} onClick={() => onAi('expand')} />
      <ToolButton label={AI_ACTION_LABELS.polish} icon={<HighlightOutlined />} onClick={() => onAi('polish')} />
      <ToolButton label={AI_ACTION_LABELS.tone} icon={<SoundOutlined />} onClick={() => onAi('tone')} />
      <ToolButton label="加粗" icon={<BoldOutlined />} onClick={() => cmd.toggleInline(quill, 'bold')} />
      <ToolButton label="斜体" icon={<ItalicOutlined />} onClick={() => cmd.toggleInline(quill, 'italic')} />
      <ColorSwatches label="文字颜色" icon={<FontColorsOutlined />} onPick={(color) => cmd.setInline(quill, 'color', color)} />
      <ColorSwatches label="背景颜色" icon={<BgColorsOutlined />} onPick={(color) => cmd.setInline(quill, 'background', color)} />
      <ToolButton label="左对齐" icon={<AlignLeftOutlined />} onClick={() => cmd.setAlign(quill, '')} />
      <ToolButton label="居中对齐" icon={<AlignCenterOutlined />} onClick={() => cmd.setAlign(quill, 'center')} />
      <ToolButton label="右对齐" icon={<AlignRightOutlined />} onClick={() => cmd.setAlign(quill, 'right')} />
    </div>
  );
}
