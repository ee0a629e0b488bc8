/** The remotes of the workspace: folder, Module Federation name, dev-server port. */
export interface RemoteDefinition {
  folder: string;
  name: string;
  devPort: number;
}

export const REMOTES: readonly RemoteDefinition[] = [
  { folder: 'mf-materials', name: 'mf_materials', devPort: 3001 },
  { folder: 'mf-drafts', name: 'mf_drafts', devPort: 3002 },
  { folder: 'mf-editor', name: 'mf_editor', devPort: 3003 },
  { folder: 'mf-newspaper', name: 'mf_newspaper', devPort: 3004 },
  { folder: 'mf-tools', name: 'mf_tools', devPort: 3005 },
  { folder: 'mf-console', name: 'mf_console', devPort: 3006 },
];
