/**
 * A refusal's data is read as the call's contract declares it (`refusal`): the save's 1020 answer
 * carries the server's current version, typed from the declaration; any other failure reads null.
 */
import { ApiError } from '../http/api-error';
import { OperatorError } from '../operator/operator-client';
import { editor, refusalData, releases } from './calls';
import { EditorCode } from './editor';
import type { VersionConflictData } from './editor';
import type { PromoteGateRefusal } from './releases/schemas';

const current = { draft_id: 9, version: 5, update_time: '2026-01-10 10:00:00' };
const conflict = new ApiError({ kind: 'business', code: EditorCode.VERSION_CONFLICT, message: '草稿已在其他页面更新，请选择保留哪个版本', data: current });

describe('refusalData', () => {
  it("reads the save's 1020 refusal as the server's current version, typed from the contract", () => {
    const data: VersionConflictData | null = refusalData(editor.articleAdd, conflict, EditorCode.VERSION_CONFLICT);
    expect(data).toEqual(current);
    expect(refusalData(editor.draftRestoreVersion, conflict, EditorCode.VERSION_CONFLICT)?.version).toBe(5);
    // The type is the declaration's: a field it does not declare is not there.
    // @ts-expect-error VersionConflict has no `status`
    expect(data?.status).toBeUndefined();
  });

  it('reads null for any other failure: another code, no data, an HTTP error, the network, not an error', () => {
    const other = new ApiError({ kind: 'business', code: 1009, message: '稿件审核中', data: current });
    const noData = new ApiError({ kind: 'business', code: EditorCode.VERSION_CONFLICT, message: '草稿已在其他页面更新', data: null });
    const http = new ApiError({ kind: 'http', status: 413, code: EditorCode.VERSION_CONFLICT, message: '请求过大', data: { code: 1020, msg: '', data: null } });
    const network = new ApiError({ kind: 'network', message: '网络错误' });
    for (const failure of [other, noData, http, network, new Error('x'), null, undefined, 'refused'])
      expect(refusalData(editor.articleAdd, failure, EditorCode.VERSION_CONFLICT)).toBeNull();
  });

  it("reads the console's refusals too (the promote gate), and only for a call that declares one", () => {
    const gate = { gate: 'too-few-loads', remote: 'mf-tools', version: '1.2.0', loads: 3, min_loads: 50 } as const;
    const data: PromoteGateRefusal | null = refusalData(releases.releasePromote, new OperatorError('发布被拒绝', 1009, 200, gate), 1009);
    expect(data).toEqual(gate);
    // @ts-expect-error draftVersions declares no refusal's data
    expect(refusalData(editor.draftVersions, conflict, EditorCode.VERSION_CONFLICT)).toEqual(current);
  });
});
