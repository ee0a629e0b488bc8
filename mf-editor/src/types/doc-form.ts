import type { ForwardRefExoticComponent, RefAttributes } from 'react';
import type { EditorDocument, EditorIssue } from 'shared-sdk/contract';

/** What a writing screen's form gives the frame: the document as it stands. */
export interface DocFormHandle {
  getDoc(): EditorDocument;
}

export interface DocFormProps {
  /** Mounted afresh (a new key) whenever another copy is loaded: a draft, a local copy, a version. */
  initialDoc: EditorDocument;
  onChange: () => void;
  /** The last validation's findings, shown beside their fields. */
  issues: readonly EditorIssue[];
}

export type DocForm = ForwardRefExoticComponent<DocFormProps & RefAttributes<DocFormHandle>>;

/** The message of the first issue of a field, for a Form.Item's help. */
export function issueOf(issues: readonly EditorIssue[], field: EditorIssue['field']): string | undefined {
  return issues.find((issue) => issue.field === field)?.message;
}
