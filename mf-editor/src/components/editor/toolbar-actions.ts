import type { AiAction } from '../../lib/editor/ai-helper';

// The toolbar's names that its menus and dialogs share, apart from the toolbar so they need not import it.
export type MediaKind = 'image' | 'video' | 'audio';
export type LinkKind = 'link' | 'tel';

export interface ToolbarActions {
  /** 上传: a local file of the kind. */
  onUpload: (kind: MediaKind) => void;
  /** 从素材库选择: one of my materials. */
  onMedia: (kind: MediaKind) => void;
  onLink: (kind: LinkKind) => void;
  onSearchReplace: () => void;
  onEmbed: () => void;
  onAi: (action: AiAction) => void;
  painterActive: boolean;
  onPainter: () => void;
}
