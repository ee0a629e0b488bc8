import { createRef } from 'react';
import { waitFor } from '@testing-library/react';
import { renderWithProviders } from 'shared-sdk/testing';
import { RichEditor, type RichEditorHandle, type RichEditorProps } from '../components/editor/rich-editor';

/**
 * The shared editor rendered alone, resolved once Quill has started (it starts in a task after the
 * editor's first render: components/editor/rich-editor.tsx).
 */
export async function renderRichEditor(props: RichEditorProps = {}) {
  const ref = createRef<RichEditorHandle>();
  const view = renderWithProviders(<RichEditor ref={ref} {...props} />);
  const quill = await waitFor(() => {
    const started = ref.current?.getQuill();
    if (!started) throw new Error('the editor has not started');
    return started;
  });
  return { ref, quill, view };
}
