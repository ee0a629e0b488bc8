/**
 * @jest-environment node
 */
import type { operator } from 'shared-sdk/contract/schemas';
import { testServerForFile } from '../testing/test-server';
import { declared, onOperatorSignedOut, operatorCall, OperatorError, operatorFile } from './operator-client';

const server = testServerForFile();
const SESSION = declared<typeof operator.operatorSession>({ method: 'GET', url: '/api/operator/session' });
const DECIDE = declared<typeof operator.materialDecide>({ method: 'POST', url: '/api/operator/materials/decide' });
const MATERIALS = declared<typeof operator.queueMaterials>({ method: 'GET', url: '/api/operator/queues/materials' });
const EXPORT = declared<typeof operator.auditExport>({ method: 'GET', url: '/api/operator/audit/export' });

describe('the operators’ client', () => {
  it('sends a GET’s fields in the query, unsigned and without a creator token, and answers the envelope’s data', async () => {
    server.handle(() => ({ body: { code: 0, msg: 'ok', data: { list: [], total: 0, page: 2, size: 20 } } }));
    await expect(operatorCall(MATERIALS, { cm_check: 4, page: 2 })).resolves.toEqual({ list: [], total: 0, page: 2, size: 20 });
    const [sent] = server.requests;
    expect(sent?.method).toBe('GET');
    expect(sent?.path).toBe('/api/operator/queues/materials');
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({ cm_check: '4', page: '2' });
    expect(sent?.headers.authorization).toBeUndefined();
  });

  it('sends a POST’s fields as JSON', async () => {
    server.handle(() => ({ body: { code: 0, msg: 'ok', data: [{ id: 3, ok: true, message: '' }] } }));
    await operatorCall(DECIDE, { ids: '3,4', decision: 'reject', reason: '画面模糊' });
    const [sent] = server.requests;
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent?.rawBody ?? '')).toEqual({ ids: '3,4', decision: 'reject', reason: '画面模糊' });
  });

  it('rejects a refusal with the server’s message and code', async () => {
    server.handle(() => ({ status: 403, body: { code: 1003, msg: '无权操作', data: null } }));
    const failure = operatorCall(DECIDE, { ids: '3', decision: 'approve' });
    await expect(failure).rejects.toBeInstanceOf(OperatorError);
    await expect(failure).rejects.toMatchObject({ message: '无权操作', code: 1003, status: 403 });
  });

  it('signs the console out on -1, and tells whoever listens', async () => {
    const heard = jest.fn();
    const stop = onOperatorSignedOut(heard);
    server.handle(() => ({ status: 401, body: { code: -1, msg: 'expired', data: null } }));
    await expect(operatorCall(SESSION, {})).rejects.toMatchObject({ signedOut: true, message: '登录已过期，请重新登录' });
    stop();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('says what an answer that is no envelope meant', async () => {
    server.handle(() => ({ status: 502, body: null }));
    await expect(operatorCall(SESSION, {})).rejects.toMatchObject({ status: 502 });
  });

  it('hands back a refused file call as its envelope’s message', async () => {
    server.handle(() => ({ status: 403, body: { code: 1003, msg: '无权操作', data: null } }));
    await expect(operatorFile(EXPORT, { action: 'user.ban' })).rejects.toMatchObject({ code: 1003 });
    expect(Object.fromEntries(server.requests[0]?.query ?? [])).toEqual({ action: 'user.ban' });
  });
});
