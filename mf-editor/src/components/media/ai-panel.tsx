/**
 * The AI helpers' panel (docs/product.md §2: expand, polish, tone, openAi): the answer streams in as the
 * provider writes it; the creator can stop it, try again, and then replace the selection with it or
 * insert it below. Nothing reaches the article until they choose.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Input, Modal, Select, Space, Typography } from 'antd';
import { AI_ACTION_LABELS, AI_TONES, type AiAction, type AiTone, aiWriteProblem, isApiError, streamAiWrite } from 'shared-sdk';

export interface AiPanelProps {
  action: AiAction | null;
  /** The selected text (or the whole body when nothing is selected). */
  text: string;
  /** True when `text` is a selection that "replace" may overwrite. */
  hasSelection: boolean;
  onClose: () => void;
  onReplace: (answer: string) => void;
  onInsertBelow: (answer: string) => void;
  /** The streaming call; the SDK's by default. */
  stream?: typeof streamAiWrite;
}

type Phase = 'ready' | 'writing' | 'done' | 'failed';

export function AiPanel({ action, text, hasSelection, onClose, onReplace, onInsertBelow, stream = streamAiWrite }: AiPanelProps) {
  const [tone, setTone] = useState<AiTone>('正式');
  const [prompt, setPrompt] = useState('');
  const [answer, setAnswer] = useState('');
  const [phase, setPhase] = useState<Phase>('ready');
  const [problem, setProblem] = useState('');
  const running = useRef<AbortController | null>(null);

  // A running answer stops when the panel goes away. (Give the panel a `key` per request, so a new
  // request starts from an empty panel.)
  useEffect(() => () => running.current?.abort(), []);

  if (!action) return null;
  const params = { action, text, ...(action === 'tone' ? { tone } : {}), ...(action === 'openAi' ? { prompt } : {}) };

  const start = async () => {
    const invalid = aiWriteProblem(params);
    if (invalid) return setProblem(invalid);
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setAnswer('');
    setProblem('');
    setPhase('writing');
    try {
      await stream(params, (piece) => setAnswer((so) => so + piece), controller.signal);
      setPhase('done');
    } catch (error) {
      if (controller.signal.aborted) return setPhase('done');
      setProblem(isApiError(error) || error instanceof Error ? error.message : '请求错误');
      setPhase('failed');
    }
  };
  const stop = () => running.current?.abort();
  const close = () => {
    stop();
    onClose();
  };
  const choose = (apply: (answer: string) => void) => {
    apply(answer);
    close();
  };

  const canStart = phase !== 'writing';
  const hasAnswer = answer.trim().length > 0 && phase !== 'writing';
  return (
    <Modal
      open
      title={`AI 写作助手 · ${AI_ACTION_LABELS[action]}`}
      onCancel={close}
      width={640}
      footer={
        <Space wrap>
          {phase === 'writing' ? (
            <Button onClick={stop}>停止</Button>
          ) : (
            <Button type={hasAnswer ? 'default' : 'primary'} disabled={!canStart} onClick={() => void start()}>
              {phase === 'ready' ? '开始' : '重新生成'}
            </Button>
          )}
          <Button type="primary" disabled={!hasAnswer || !hasSelection} onClick={() => choose(onReplace)}>
            替换选中内容
          </Button>
          <Button disabled={!hasAnswer} onClick={() => choose(onInsertBelow)}>
            插入到下方
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {action === 'tone' && (
          <Select aria-label="目标语气" value={tone} onChange={setTone} options={AI_TONES.map((t) => ({ value: t, label: t }))} style={{ width: 160 }} />
        )}
        {action === 'openAi' && (
          <Input.TextArea
            aria-label="写作要求"
            placeholder="例如：为这篇稿件写一段导语"
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            maxLength={500}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        )}
        {text.trim() && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} aria-label="原文">
            {text}
          </Typography.Paragraph>
        )}
        {problem && <Alert type="error" showIcon message={problem} />}
        <div
          aria-label="AI 生成内容"
          aria-live="polite"
          style={{ minHeight: 120, whiteSpace: 'pre-wrap', border: '1px solid #f0f0f0', borderRadius: 6, padding: 12 }}
        >
          {answer || (phase === 'writing' ? '正在生成…' : '')}
        </div>
      </Space>
    </Modal>
  );
}
