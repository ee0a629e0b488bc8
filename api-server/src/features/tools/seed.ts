/**
 * Demo data of the creator tools, for the accounts created by this seed run (never touching an
 * existing one): every certification status, job posts in each status, and short-drama series.
 *   13800000001  3 job posts (招聘中, 已暂停, 已关闭); 2 series (连载中 with 3 episodes, 已完结 with 2)
 *   13800000003  enterprise application submitted (2)        13800000004  government affairs reviewing (3)
 *   13800000006  enterprise and government affairs passed (1) 13800000007  enterprise failed (4, with a reason)
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CertAuditStatus, EnterpriseStatus, JobStatus } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import type { ObjectStore } from '../../storage/object-store';

interface DemoCert {
  phone: string;
  kind: 'enterprise' | 'gov';
  org: string;
  code: string;
  status: number;
  reason?: string;
}

// Credit codes with valid GB 32100-2015 check characters.
const CERTS: readonly DemoCert[] = [
  { phone: '13800000006', kind: 'enterprise', org: '河南日报传媒有限公司', code: '91350100M000100Y43', status: CertAuditStatus.PASSED },
  { phone: '13800000006', kind: 'gov', org: '河南省新闻出版局', code: '12410000415800316F', status: CertAuditStatus.PASSED },
  { phone: '13800000003', kind: 'enterprise', org: '郑州晨光文化有限公司', code: '91110000600037341L', status: CertAuditStatus.SUBMITTED },
  { phone: '13800000004', kind: 'gov', org: '开封市融媒体中心', code: '12100000000000001J', status: CertAuditStatus.REVIEWING },
  { phone: '13800000007', kind: 'enterprise', org: '洛阳小陈工作室', code: '91410100MA4411111N', status: CertAuditStatus.FAILED, reason: '营业执照照片模糊，请上传清晰完整的照片' },
];

const LICENCE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="280"><rect width="400" height="280" fill="#fff7e6" stroke="#d4380d" stroke-width="8"/>' +
  '<text x="200" y="150" font-size="40" text-anchor="middle" fill="#d4380d">营业执照（演示）</text></svg>';

const cover = (title: string, color: string): string =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="${color}"/><text x="150" y="210" font-size="32" text-anchor="middle" fill="#fff">${title}</text></svg>`,
  )}`;

const DAY = 86_400_000;

export async function seedCreatorTools(db: Kysely<Database>, phones: readonly string[], storage?: ObjectStore, now = new Date()): Promise<void> {
  if (!phones.length) return;
  const users = await db.selectFrom('users').select(['id', 'phone']).where('phone', 'in', [...phones]).execute();
  const idOf = new Map(users.map((u) => [u.phone, u.id]));
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  for (const cert of CERTS) {
    const userId = idOf.get(cert.phone);
    if (!userId) continue;
    const key = `image/20261101/u${userId}/${randomBytes(16).toString('hex')}.svg`;
    if (storage) await storage.put(key, Buffer.from(LICENCE_SVG), 'image/svg+xml');
    const reviewed = cert.status === CertAuditStatus.PASSED || cert.status === CertAuditStatus.FAILED;
    await db
      .insertInto('certifications')
      .values({
        user_id: userId,
        kind: cert.kind,
        org_name: cert.org,
        credit_code: cert.code,
        licence_key: key,
        contact_name: '王经理',
        contact_phone: '13912345678',
        audit_status: cert.status,
        reason: cert.reason ?? '',
        submitted_at: ago(10),
        reviewed_at: reviewed ? ago(8) : null,
      })
      .execute();
    if (cert.kind === 'enterprise' && cert.status !== CertAuditStatus.PASSED) {
      const status = cert.status === CertAuditStatus.FAILED ? EnterpriseStatus.NONE : EnterpriseStatus.APPLIED;
      await db.updateTable('users').set({ enterprise_status: status, enterprise_cert_audit_status: cert.status }).where('id', '=', userId).execute();
    }
  }

  const owner = idOf.get('13800000001');
  if (!owner) return;
  const job = (title: string, status: number, days: number, salary: [number, number], city: string) => ({
    owner_id: owner,
    title,
    salary_min: salary[0],
    salary_max: salary[1],
    city,
    headcount: 2,
    description: `负责${title}相关工作，要求责任心强、有相关经验者优先，待遇面议。`,
    contact_name: '王经理',
    contact_phone: '0371-65795000',
    status,
    created_at: ago(days),
    updated_at: ago(days),
  });
  await db
    .insertInto('job_posts')
    .values([
      job('视频剪辑师', JobStatus.CLOSED, 20, [6000, 9000], '郑州'),
      job('新媒体运营', JobStatus.PAUSED, 10, [5000, 8000], '洛阳'),
      job('短视频编导', JobStatus.OPEN, 2, [8000, 12000], '郑州'),
    ])
    .execute();

  const series = [
    { title: '黄河人家', color: '#d46b08', status: 1, episodes: 3, days: 6 },
    { title: '老城新事', color: '#1d39c4', status: 2, episodes: 2, days: 12 },
  ];
  for (const s of series) {
    const drama = await db
      .insertInto('dramas')
      .values({ owner_id: owner, title: s.title, cover_url: cover(s.title, s.color), intro: `《${s.title}》演示短剧简介。`, status: s.status, created_at: ago(s.days), updated_at: ago(s.days) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('drama_episodes')
      .values(
        Array.from({ length: s.episodes }, (_, i) => ({
          drama_id: drama.id,
          episode_no: i + 1,
          title: `第${i + 1}集`,
          video_url: 'https://example.com/demo-episode.mp4',
          created_at: ago(s.days - i * 0.5),
          updated_at: ago(s.days - i * 0.5),
        })),
      )
      .execute();
  }
}
