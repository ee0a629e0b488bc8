import { Children, isValidElement, type CSSProperties, type ReactNode } from 'react';
import { Button } from 'antd';
import { Link } from 'shared-sdk/router';
import { selectUser, useAppSelector } from 'shared-sdk';
import { CREATOR_LEVELS, SCORE_DIMENSIONS, type UserScoreAnswer, type UserScoreDetailAnswer } from 'shared-sdk/contract';
import { useRecentDraftsQuery, useUnreadTotalQuery, useUserScoreQuery } from '../features/shell/api';
import { CREATION_ITEMS, openCreation } from '../features/shell/creation';
import './home-page.css';

const hasBreakdown = (score: UserScoreAnswer | undefined): score is UserScoreDetailAnswer => score !== undefined && 'dimensions' in score;

// This page is in the first-load budget: its cards, list, statistics and headings are plain elements
// drawn as antd draws Card, List, Spin, Statistic, Row/Col, Space, Progress and Typography (home-page.css).

function HomeCard({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className="home-card">
      {title ? (
        <div className="home-card-head">
          <div className="home-card-head-wrapper">
            <div className="home-card-title">{title}</div>
            {extra ? <div className="home-card-extra">{extra}</div> : null}
          </div>
        </div>
      ) : null}
      <div className="home-card-body">{children}</div>
    </div>
  );
}

function Statistic({ title, value, suffix }: { title: ReactNode; value: number; suffix?: string }) {
  return (
    <div>
      <div className="home-statistic-title">{title}</div>
      <div className="home-statistic-content">
        <span className="home-statistic-value">{value}</span>
        {suffix ? <span className="home-statistic-suffix">{suffix}</span> : null}
      </div>
    </div>
  );
}

/** antd's Space: each child in an item, 16 px apart in a column or 8 px apart in a wrapping row. */
function Space({ vertical, children }: { vertical?: boolean; children: ReactNode }) {
  return (
    <div className={vertical ? 'home-space home-space-vertical' : 'home-space home-space-wrap'}>
      {Children.toArray(children).map((child, index) => (
        // toArray's keys follow each child's place in the JSX, so a card appearing above keeps the others mounted.
        <div key={isValidElement(child) && child.key !== null ? child.key : index} className="home-space-item">
          {child}
        </div>
      ))}
    </div>
  );
}

/** antd's Spin around content: while spinning, the dots over the content faded to half. */
function Spin({ spinning, children }: { spinning: boolean; children: ReactNode }) {
  return (
    <div className={spinning ? 'home-spin home-spin-spinning' : 'home-spin'}>
      {spinning ? (
        // Where antd's Spin puts them: on the indicator, so the content itself is not a live region.
        <div className="home-spin-section" aria-live="polite" aria-busy="true">
          <span className="home-spin-dot-holder">
            <span className="home-spin-dot">
              <i />
              <i />
              <i />
              <i />
            </span>
          </span>
        </div>
      ) : null}
      <div className="home-spin-container">{children}</div>
    </div>
  );
}

/** A row with antd's gutter: half the gutter on each side of every column. */
function Row({ gutter, middle, title, children }: { gutter: number; middle?: boolean; title?: string; children: ReactNode }) {
  return (
    <div className={middle ? 'home-row home-row-middle' : 'home-row'} style={{ marginInline: -gutter / 2 }} title={title}>
      {children}
    </div>
  );
}

function Col({ gutter, auto, style, children }: { gutter: number; auto?: boolean; style?: CSSProperties; children: ReactNode }) {
  return (
    <div className={auto ? 'home-col home-col-auto' : 'home-col'} style={{ paddingInline: gutter / 2, ...style }}>
      {children}
    </div>
  );
}

/** A dimension's bar and value, as antd's Progress draws a small line (green from 100). */
function ScoreBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.min(100, Math.max(0, percent));
  return (
    <div
      className={value >= 100 ? 'home-progress home-progress-success' : 'home-progress'}
      role="progressbar"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label}
    >
      <div className="home-progress-body">
        <div className="home-progress-rail">
          <div className="home-progress-track" style={{ width: `${value}%` }} />
        </div>
        <span className="home-progress-indicator" title={String(value)}>
          {value}
        </span>
      </div>
    </div>
  );
}

/** The creation score's dimensions, compact (no chart here: this page is in the first-load budget); the history is on /rights. */
function ScoreCard({ score }: { score: UserScoreDetailAnswer }) {
  const level = CREATOR_LEVELS.find((l) => l.level === score.level);
  return (
    <HomeCard title="创作分" extra={<Link to="/rights">查看权益与历史</Link>}>
      <div data-testid="score-card">
        <Row gutter={24} middle>
          <Col gutter={24}>
            <Statistic title={`Lv${score.level} ${level?.name ?? ''}`} value={score.user_score} suffix="/ 100" />
          </Col>
          <Col gutter={24} auto>
            {SCORE_DIMENSIONS.map((d) => (
              <Row key={d.code} gutter={8} middle title={d.hint}>
                <Col gutter={8} style={{ width: 48 }}>
                  {d.name}
                </Col>
                <Col gutter={8} auto>
                  <ScoreBar percent={score.dimensions[d.code]} label={`${d.name} ${score.dimensions[d.code]}`} />
                </Col>
              </Row>
            ))}
          </Col>
        </Row>
      </div>
    </HomeCard>
  );
}

/**
 * The score card's place while the score is on its way (the server always answers the breakdown): the
 * same card and height, empty, so the cards below do not move down when it arrives.
 */
function ScoreCardPlaceholder() {
  return (
    <HomeCard title="创作分" extra={<Link to="/rights">查看权益与历史</Link>}>
      <div className="home-score-placeholder" aria-busy="true" />
    </HomeCard>
  );
}

/** /index: greeting, creation score, unread count, quick-create buttons, recent drafts. */
export function HomePage() {
  const user = useAppSelector(selectUser);
  const { data: score, isLoading: scoreLoading } = useUserScoreQuery(undefined);
  const { data: unread = 0 } = useUnreadTotalQuery();
  const { data: drafts, isFetching } = useRecentDraftsQuery(undefined);
  const list = drafts?.returnData ?? [];

  return (
    <Space vertical>
      <HomeCard>
        <h3 className="home-title">你好，{user?.u_nickname ?? '创作者'}</h3>
        <div className="home-secondary home-paragraph">欢迎使用创作者中心。</div>
        <Row gutter={24}>
          <Col gutter={24}>
            <Statistic title="创作分" value={score?.user_score ?? 0} />
          </Col>
          <Col gutter={24}>
            <Link to="/notice">
              <Statistic title="未读通知" value={unread} />
            </Link>
          </Col>
        </Row>
      </HomeCard>
      {hasBreakdown(score) ? <ScoreCard score={score} /> : scoreLoading ? <ScoreCardPlaceholder /> : null}
      <HomeCard title="快速创作">
        <Space>
          {CREATION_ITEMS.map((item) => (
            <Button key={item.key} onClick={() => openCreation(item)}>
              {item.label}
            </Button>
          ))}
        </Space>
      </HomeCard>
      <HomeCard title="最近草稿" extra={<Link to="/draft">全部草稿</Link>}>
        <Spin spinning={isFetching}>
          {list.length > 0 ? (
            <ul className="home-list-items">
              {list.map((draft) => (
                <li key={draft.nd_id} className="home-list-item">
                  <Link to={`/scriptDetail?draftId=${draft.nd_id}`}>{draft.nd_title || '无标题'}</Link>
                  <span className="home-secondary">{draft.nd_create_time}</span>
                </li>
              ))}
            </ul>
          ) : isFetching ? (
            <div style={{ minHeight: 53 }} />
          ) : (
            <div className="home-list-empty">暂无草稿</div>
          )}
        </Spin>
      </HomeCard>
    </Space>
  );
}
