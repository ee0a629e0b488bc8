/**
 * The 发布 screen's per-user steps (QA users, pins) and the upload of a built remote, over the real
 * store and the contract's calls: the JSON calls answered at fetch, the upload (XMLHttpRequest, for
 * its progress) by a real local server, as the browser sends it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperatorRole } from 'shared-sdk/contract';
import { type Answer, fetchStandIn, localApiServer, type ServerHandler } from '../../testing/api-stand-in';
import { remoteOf } from '../../testing/releases';
import { renderAs } from '../../testing/render-as';
import type { ReleaseHealth, ReleaseRemote } from '../../api/releases';
import { ReleasesPage } from './releases-page';

// antd forms and popovers in jsdom are slow on a loaded machine.
jest.setTimeout(180_000);

const TOOLS = remoteOf('mf-tools', { previous: ['0.9.0'], versions: ['0.9.0', '1.0.0', '1.1.0'], qa_users: ['7'], pins: { '42': '0.9.0' } });
const HEALTH: ReleaseHealth = { env: 'production', remote: 'mf-tools', versions: [] };

// --- the server: JSON calls at fetch; the upload at a real local server (jsdom's XMLHttpRequest) ---

/** Answers of the steps, by path, taken in order; none left: the step lands (the remote as `remote` says). */
const refusals = new Map<string, Answer[]>();
let remote: ReleaseRemote = TOOLS;

const LANDS: Record<string, (body: Record<string, string | boolean>) => ReleaseRemote> = {
  '/api/operator/releases/qa': (body) => ({
    ...remote,
    qa_users: body.allowed ? [...remote.qa_users, String(body.user)] : remote.qa_users.filter((user) => user !== body.user),
  }),
  '/api/operator/releases/pin': (body) => ({ ...remote, pins: { ...remote.pins, [String(body.user)]: String(body.version) } }),
  '/api/operator/releases/unpin': (body) => ({
    ...remote,
    pins: Object.fromEntries(Object.entries(remote.pins).filter(([user]) => user !== body.user)),
  }),
};

const api = fetchStandIn((call) => {
  if (call.path === '/api/operator/releases/health') return { code: 0, msg: 'ok', data: HEALTH };
  if (call.path === '/api/operator/releases') return { code: 0, msg: 'ok', data: { env: 'production', remotes: [remote] } };
  const lands = LANDS[call.path];
  if (lands) {
    const refused = refusals.get(call.path)?.shift();
    if (refused) return refused;
    remote = lands(call.body as Record<string, string | boolean>);
    return { code: 0, msg: 'ok', data: remote };
  }
  return { code: 1004, msg: '没有这个接口', data: null };
});
const uploads = localApiServer();
/** Everything sent: the JSON calls, then what reached the local server. */
const sentCalls = () => [...api.calls, ...uploads.calls];
const uploadHandler = (handler: ServerHandler) => uploads.handle(handler);

beforeEach(() => {
  refusals.clear();
  remote = TOOLS;
});

const renderPage = (role: OperatorRole = 'release_manager') => renderAs(role, <ReleasesPage />);

const bodiesOf = (path: string) => api.calls.filter((call) => call.path === path).map((call) => call.body);
const listReads = () => api.calls.filter((call) => call.path === '/api/operator/releases').length;

/** The open dropdown's option of this version (the 调整灰度比例 dialog, rendered hidden, has a Select of versions too). */
async function chooseVersion(version: string) {
  await screen.findAllByRole('option');
  const option = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${version}"]`);
  if (!option) throw new Error(`no option ${version}`);
  fireEvent.click(option);
}

/** The confirmation a step's button opens (its own 原因 field inside). */
async function openConfirmation(button: string) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

describe('the 发布 screen’s QA users', () => {
  it('lists them; adds a user by id with the reason, refusing what is no user id, and shows the server’s refusal', async () => {
    refusals.set('/api/operator/releases/qa', [{ code: 1009, msg: '发布被拒绝：user 12 is already a QA user of mf-tools', data: null }]);
    renderPage();
    const qa = await screen.findByRole('region', { name: '测试用户 mf-tools' });
    expect(within(qa).getByRole('list', { name: 'mf-tools 的测试用户' })).toHaveTextContent('用户 7');

    // Not a user id: told, and nothing sent.
    fireEvent.change(within(qa).getByLabelText('用户编号'), { target: { value: 'qa-12' } });
    fireEvent.change(within(qa).getByLabelText('原因'), { target: { value: '验收新版工具页' } });
    fireEvent.click(within(qa).getByRole('button', { name: '添加测试用户' }));
    expect(await within(qa).findByText('用户编号须为正整数')).toBeInTheDocument();
    fireEvent.change(within(qa).getByLabelText('用户编号'), { target: { value: '0' } });
    fireEvent.click(within(qa).getByRole('button', { name: '添加测试用户' }));
    expect(await within(qa).findByText('用户编号须为正整数')).toBeInTheDocument();
    expect(bodiesOf('/api/operator/releases/qa')).toEqual([]);

    // Refused by the server: its reason shown, what was typed kept.
    fireEvent.change(within(qa).getByLabelText('用户编号'), { target: { value: ' 12 ' } });
    fireEvent.click(within(qa).getByRole('button', { name: '添加测试用户' }));
    expect(await within(qa).findByRole('alert')).toHaveTextContent('发布被拒绝：user 12 is already a QA user of mf-tools');
    expect(within(qa).getByLabelText('用户编号')).toHaveValue('12');
    expect(within(qa).getByLabelText('原因')).toHaveValue('验收新版工具页');

    // Then it lands, and the list is read again.
    const reads = listReads();
    fireEvent.click(within(qa).getByRole('button', { name: '添加测试用户' }));
    expect(await screen.findByRole('status')).toHaveTextContent('用户 12 已加入 mf-tools 的测试用户');
    expect(bodiesOf('/api/operator/releases/qa')).toEqual([
      { remote: 'mf-tools', user: '12', allowed: true, reason: '验收新版工具页' },
      { remote: 'mf-tools', user: '12', allowed: true, reason: '验收新版工具页' },
    ]);
    await waitFor(() => expect(listReads()).toBeGreaterThan(reads));
    expect(await within(qa).findByText('用户 12')).toBeInTheDocument();
    expect(within(qa).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('removes one after a confirmation that asks for the removal’s own reason', async () => {
    renderPage();
    const qa = await screen.findByRole('region', { name: '测试用户 mf-tools' });
    // The adding form's reason is the adding's: never sent with a removal.
    fireEvent.change(within(qa).getByLabelText('原因'), { target: { value: '验收新版工具页' } });
    // No reason yet: asked for, nothing sent.
    const box = await openConfirmation('移除测试用户 7');
    expect(box).toHaveTextContent('移除测试用户：用户 7');
    expect(within(box).getByLabelText('原因')).toHaveValue('');
    fireEvent.click(within(box).getByRole('button', { name: /移\s*除/ }));
    expect(await within(box).findByText('请填写原因')).toBeInTheDocument();
    expect(bodiesOf('/api/operator/releases/qa')).toEqual([]);

    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '验收结束' } });
    fireEvent.click(within(box).getByRole('button', { name: /移\s*除/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('用户 7 已不再是 mf-tools 的测试用户');
    expect(bodiesOf('/api/operator/releases/qa')).toEqual([{ remote: 'mf-tools', user: '7', allowed: false, reason: '验收结束' }]);
    expect(await within(qa).findByText('还没有测试用户')).toBeInTheDocument();
    expect(within(qa).getByLabelText('原因')).toHaveValue('验收新版工具页');
  });

  it('keeps the removal’s confirmation and its typed reason when the server refuses it, and shows why', async () => {
    refusals.set('/api/operator/releases/qa', [{ code: 1003, msg: '没有 mf-tools 的发布权限', data: null }]);
    renderPage();
    const qa = await screen.findByRole('region', { name: '测试用户 mf-tools' });
    const box = await openConfirmation('移除测试用户 7');
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '验收结束' } });
    fireEvent.click(within(box).getByRole('button', { name: /移\s*除/ }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('没有 mf-tools 的发布权限');
    expect(within(box).getByLabelText('原因')).toHaveValue('验收结束');
    expect(within(qa).getByRole('list', { name: 'mf-tools 的测试用户' })).toHaveTextContent('用户 7');

    // Sent again as it stands, it lands.
    fireEvent.click(within(box).getByRole('button', { name: /移\s*除/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('用户 7 已不再是 mf-tools 的测试用户');
    expect(bodiesOf('/api/operator/releases/qa')).toEqual([
      { remote: 'mf-tools', user: '7', allowed: false, reason: '验收结束' },
      { remote: 'mf-tools', user: '7', allowed: false, reason: '验收结束' },
    ]);
  });
});

describe('the 发布 screen’s pins', () => {
  it('lists them, pins a user to a published version chosen from the list and unpins after a confirmation', async () => {
    renderPage();
    const pins = await screen.findByRole('region', { name: '固定版本 mf-tools' });
    expect(within(pins).getByRole('row', { name: /42\s*0\.9\.0/ })).toBeInTheDocument();

    fireEvent.change(within(pins).getByLabelText('用户编号'), { target: { value: '1024' } });
    // The published versions, newest first.
    fireEvent.mouseDown(within(pins).getByLabelText('版本'));
    await screen.findAllByRole('option');
    expect([...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent)).toEqual(['1.1.0', '1.0.0', '0.9.0']);
    await chooseVersion('1.1.0');
    fireEvent.change(within(pins).getByLabelText('原因'), { target: { value: '客户复现问题' } });
    fireEvent.click(within(pins).getByRole('button', { name: '固定版本' }));
    expect(await screen.findByRole('status')).toHaveTextContent('用户 1024 已固定到 mf-tools 1.1.0');
    expect(bodiesOf('/api/operator/releases/pin')).toEqual([{ remote: 'mf-tools', user: '1024', version: '1.1.0', reason: '客户复现问题' }]);
    expect(await within(pins).findByRole('row', { name: /1024\s*1\.1\.0/ })).toBeInTheDocument();

    // The pin's reason went with the pin; the unpin asks for its own.
    expect(within(pins).getByLabelText('原因')).toHaveValue('');
    const box = await openConfirmation('取消固定用户 42');
    expect(box).toHaveTextContent('用户 42 当前固定在 mf-tools 0.9.0');
    fireEvent.click(within(box).getByRole('button', { name: '取消固定' }));
    expect(await within(box).findByText('请填写原因')).toBeInTheDocument();
    expect(bodiesOf('/api/operator/releases/unpin')).toEqual([]);
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '客户复现问题' } });
    fireEvent.click(within(box).getByRole('button', { name: '取消固定' }));
    await waitFor(() => expect(bodiesOf('/api/operator/releases/unpin')).toEqual([{ remote: 'mf-tools', user: '42', reason: '客户复现问题' }]));
    await waitFor(() => expect(within(pins).queryByRole('row', { name: /42\s*0\.9\.0/ })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('已取消用户 42 在 mf-tools 的固定版本');
  });

  it('shows the server’s refusal of a pin', async () => {
    refusals.set('/api/operator/releases/pin', [{ code: 1009, msg: '发布被拒绝：user 42 is already pinned to mf-tools 0.9.0', data: null }]);
    renderPage();
    const pins = await screen.findByRole('region', { name: '固定版本 mf-tools' });
    fireEvent.change(within(pins).getByLabelText('用户编号'), { target: { value: '42' } });
    fireEvent.mouseDown(within(pins).getByLabelText('版本'));
    await chooseVersion('0.9.0');
    fireEvent.change(within(pins).getByLabelText('原因'), { target: { value: '复现' } });
    fireEvent.click(within(pins).getByRole('button', { name: '固定版本' }));
    expect(await within(pins).findByRole('alert')).toHaveTextContent('user 42 is already pinned to mf-tools 0.9.0');
    expect(bodiesOf('/api/operator/releases/pin')).toEqual([{ remote: 'mf-tools', user: '42', version: '0.9.0', reason: '复现' }]);
  });
});

describe('the 发布 screen’s upload', () => {
  const archive = (name = 'mf-tools-dist.tar.gz') => new File([new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3])], name, { type: 'application/gzip' });
  /** Picks the file, as the operator does: done once the picked file is listed (antd takes it in asynchronously). */
  const pick = async (section: HTMLElement, file: File) => {
    const input = section.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [file] } });
    await within(section).findByText(file.name);
  };

  it('sends the archive as the body with the remote and reason, shows the progress and what was published', async () => {
    let answer: () => void = () => undefined;
    uploadHandler((_call, reply) => {
      answer = () => reply({ code: 0, msg: 'ok', data: { remote: 'mf-tools', version: '1.2.0', files: 12, integrity: {} } });
    });
    renderPage();
    const upload = await screen.findByRole('region', { name: '上传新版本 mf-tools' });
    await pick(upload, archive());
    fireEvent.change(within(upload).getByLabelText('原因'), { target: { value: '修复工具页白屏' } });
    const reads = listReads();
    fireEvent.click(within(upload).getByRole('button', { name: '上传' }));
    expect(await within(upload).findByRole('progressbar', { name: '上传进度' })).toBeInTheDocument();
    await waitFor(() => expect(sentCalls().some((call) => call.path === '/api/operator/releases/upload')).toBe(true));
    answer();
    expect(await within(upload).findByRole('status')).toHaveTextContent('已发布 mf-tools 1.2.0，共 12 个文件');
    const [call] = uploads.calls.filter((c) => c.path === '/api/operator/releases/upload');
    expect(call?.method).toBe('POST');
    expect(call?.contentType).toBe('application/gzip');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ remote: 'mf-tools', reason: '修复工具页白屏' });
    expect(call?.body).toBe(String.fromCharCode(0x1f, 0x8b, 8, 0, 1, 2, 3));
    expect(within(upload).queryByRole('progressbar')).not.toBeInTheDocument();
    // The new version reaches the list.
    await waitFor(() => expect(listReads()).toBeGreaterThan(reads));
  });

  it('shows the server’s verdict on a refused archive, and refuses what is no .tar.gz before sending', async () => {
    uploadHandler((_call, reply) => reply({ code: 1009, msg: '版本已发布，不可覆盖：mf-tools 1.1.0 is already published', data: null }));
    renderPage();
    const upload = await screen.findByRole('region', { name: '上传新版本 mf-tools' });
    await pick(upload, archive('dist.zip'));
    expect(await within(upload).findByText('请选择 dist/ 目录打包的 .tar.gz 归档')).toBeInTheDocument();
    await pick(upload, archive());
    fireEvent.change(within(upload).getByLabelText('原因'), { target: { value: '重新发布' } });
    fireEvent.click(within(upload).getByRole('button', { name: '上传' }));
    const alert = await within(upload).findByRole('alert');
    expect(alert).toHaveTextContent('上传未成功');
    expect(alert).toHaveTextContent('版本已发布，不可覆盖：mf-tools 1.1.0 is already published');
    expect(sentCalls().filter((call) => call.path === '/api/operator/releases/upload')).toHaveLength(1);
  });

  it('is disabled, and the per-user steps absent, for a role that may not release', async () => {
    renderPage('viewer');
    const upload = await screen.findByRole('region', { name: '上传新版本 mf-tools' });
    expect(within(upload).getByRole('button', { name: '上传' })).toBeDisabled();
    expect(within(upload).getByText('你的角色不能上传新版本。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '添加测试用户' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '取消固定用户 42' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: '固定版本 mf-tools' })).toHaveTextContent('0.9.0');
  });
});
