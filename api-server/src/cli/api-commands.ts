/**
 * The admin commands through the operator API (cli/operator-api.ts): each command becomes the call
 * the console makes for the same task, with the operator's personal token, so the server checks the
 * role and writes the audit row under the operator's name. The command line keeps its options
 * (a creator named by --phone is looked up first); the server's answer is printed.
 */
import type { Static } from 'typebox';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { type ApiTarget, callApi } from './operator-api';
import { CliRefusal } from './commands';
import { storageReportText } from '../features/storage-sweep/report';

type StorageReport = contract.StorageReport;
type UserSummary = contract.UserSummary;
type UserDetail = contract.UserDetail;
type RightApplication = Static<typeof contract.RightApplication>;
type List<T> = { list: T[]; total: number; page: number; size: number };

export interface ApiCommandOptions {
  phone: string;
  password: string;
  nickname: string;
  verified: boolean;
  type: string;
  range: string;
  reason: string;
  status: string;
  id: string;
  date: string;
  kind: string;
  decision: string;
  tool: string;
  top: string;
}

const ID = /^[1-9]\d{0,9}$/;

function idOf(value: string, option = '--id'): number {
  if (!ID.test(value) || Number(value) > 2_147_483_647) throw new CliRefusal(`${option} must be an id, got "${value}".`);
  return Number(value);
}

const reasonOf = (reason: string) => (reason.trim() ? { reason: reason.trim() } : {});

function userLine(user: UserSummary): string {
  const ban = user.ban;
  const banned = ban ? `banned type ${ban.ban_type}${ban.range ? ` range ${ban.range}` : ''}` : '';
  return [String(user.id).padStart(4), user.phone.padEnd(13), (user.verified ? 'verified' : 'unverified').padEnd(10), banned.padEnd(22), user.nickname].join(
    '  ',
  );
}

/** Runs one admin command through the operator API; answers the line to print. */
export async function runApiCommand(target: ApiTarget, command: string, o: ApiCommandOptions): Promise<string> {
  const call = <T>(url: string, body?: unknown, query?: Record<string, string | number | undefined>) =>
    callApi<T>(target.server, target.token, { url, body, query });

  /** The creator with exactly this phone. */
  const creator = async (): Promise<UserSummary> => {
    if (!/^\d{5,20}$/.test(o.phone)) throw new CliRefusal(`"${o.phone}" is not a phone number (digits only).`);
    const found = await call<List<UserSummary>>(contract.userSearch.url, undefined, { q: o.phone, size: 100 });
    const user = found.list.find((candidate) => candidate.phone === o.phone);
    if (!user) throw new CliRefusal(`No account with phone ${o.phone}.`);
    return user;
  };
  const decided = (results: contract.DecisionResult[]): string => {
    const failed = results.filter((result) => !result.ok);
    if (failed.length) throw new CliRefusal(failed.map((result) => `${result.id}: ${result.message}`).join('\n'));
    return results.map((result) => `${result.id}: ${result.message}`).join('\n');
  };

  switch (command) {
    case 'create-user': {
      const user = await call<UserDetail>(contract.userCreate.url, { phone: o.phone, password: o.password, nickname: o.nickname, verified: o.verified });
      return `Created account ${user.phone} (id ${user.id})${user.verified ? ', real-name verified' : ''}.`;
    }
    case 'verify':
    case 'unverify': {
      const user = await creator();
      const after = await call<UserDetail>(contract.userVerify.url, { id: user.id, verified: command === 'verify', ...reasonOf(o.reason) });
      return `${after.phone} is now ${after.verified ? 'real-name verified' : 'not verified'}.`;
    }
    case 'ban': {
      if (o.type !== '1' && o.type !== '2') throw new CliRefusal('--type must be 1 (blocks creation in --range) or 2 (forced logout).');
      const range = o.range
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .join(',');
      const user = await creator();
      await call<UserDetail>(contract.userBan.url, { id: user.id, ban_type: Number(o.type), range: o.type === '1' ? range : '', reason: o.reason.trim() });
      return o.type === '2' ? `${o.phone} is banned and logged out everywhere.` : `${o.phone} is banned from range ${range}.`;
    }
    case 'unban': {
      const user = await creator();
      await call<UserDetail>(contract.userUnban.url, { id: user.id, ...reasonOf(o.reason) });
      return `${o.phone} is no longer banned.`;
    }
    case 'list-users': {
      const lines: string[] = [];
      for (let page = 1; ; page += 1) {
        const found = await call<List<UserSummary>>(contract.userSearch.url, undefined, { page, size: 100 });
        lines.push(...found.list.map(userLine));
        if (!found.list.length || page * found.size >= found.total) break;
      }
      if (!lines.length) return 'No accounts.';
      return ['  id  phone          real-name   ban                     nickname', ...lines].join('\n');
    }
    case 'reset-password': {
      if (o.password) throw new CliRefusal('Through the operator API the server makes the new password (a one-time code): leave out --password.');
      const user = await creator();
      const { code } = await call<{ code: string }>(contract.userResetPassword.url, { id: user.id, ...reasonOf(o.reason) });
      return `Password of ${o.phone} reset; existing sessions were logged out. One-time password (shown once, give it to the creator): ${code}`;
    }
    case 'material-audit': {
      const decision = { '4': 'review', '2': 'approve', '3': 'reject' }[o.status];
      if (!decision) throw new CliRefusal('--status must be 4 (in review), 2 (approved) or 3 (failed).');
      return decided(await call(contract.materialDecide.url, { ids: [idOf(o.id)], decision, reason: o.reason }));
    }
    case 'manuscript-review':
      return decided(await call(contract.manuscriptDecide.url, { ids: [idOf(o.id)], decision: o.decision, reason: o.reason }));
    case 'restore-draft':
      return (await call<{ message: string }>(contract.draftRestore.url, { id: idOf(o.id) })).message;
    case 'certification-queue': {
      const queue = await call<List<contract.QueuedCertification>>(contract.queueCertifications.url, undefined, { size: 100 });
      if (!queue.list.length) return 'No applications waiting.';
      return queue.list
        .map((a) => `${a.kind.padEnd(10)} ${a.creator.phone.padEnd(13)} status ${a.audit_status}  ${a.org_name}  ${a.submitted_at}  ${a.licence_url}`)
        .join('\n');
    }
    case 'certification-review': {
      const user = await creator();
      const decision = await call<contract.QueuedCertification>(contract.certificationDecide.url, {
        user_id: user.id,
        kind: o.kind,
        decision: o.decision,
        reason: o.reason,
      });
      return `${o.phone}'s ${decision.kind} application is now audit status ${decision.audit_status}.`;
    }
    case 'grant-tool':
    case 'revoke-tool':
    case 'grant-short-drama':
    case 'revoke-short-drama': {
      const user = await creator();
      const detail = await call<UserDetail>(contract.userDetail.url, undefined, { id: user.id });
      const tools = new Set(detail.tools);
      let shortDrama = detail.short_drama;
      if (command === 'grant-tool') tools.add(o.tool);
      if (command === 'revoke-tool') tools.delete(o.tool);
      if (command === 'grant-short-drama') shortDrama = true;
      if (command === 'revoke-short-drama') shortDrama = false;
      const after = await call<UserDetail>(contract.userTools.url, { id: user.id, tools: [...tools], short_drama: shortDrama });
      return `${o.phone}: tools [${after.tools.join(', ')}], short drama ${after.short_drama ? 'on' : 'off'}.`;
    }
    case 'score-daily':
      return (await call<{ message: string }>(contract.scoreDailyBuild.url, o.date ? { date: o.date } : {})).message;
    case 'right-list': {
      const found = await call<List<RightApplication>>(contract.rightList.url, undefined, { status: o.status || undefined, size: 100 });
      if (!found.list.length) return 'No applications.';
      return found.list
        .map((a) => `${String(a.id).padStart(4)}  ${a.status.padEnd(8)}  ${a.creator.phone.padEnd(13)}  ${a.right_name}  ${a.reason}`)
        .join('\n');
    }
    case 'right-review': {
      const decided = await call<RightApplication>(contract.rightDecide.url, { id: idOf(o.id), decision: o.status, reason: o.reason });
      return `Right application ${decided.id} is now ${decided.status}.`;
    }
    case 'storage-report': {
      const top = Number(o.top || '10');
      if (!Number.isInteger(top) || top < 1 || top > 1000) throw new CliRefusal('--top must be a whole number from 1 to 1000.');
      return storageReportText(await call<StorageReport>(contract.storageReport.url, undefined, { top }), top);
    }
    default:
      throw new CliRefusal(`"${command}" has no operator-API counterpart: it runs on a server host with the database settings.`);
  }
}
