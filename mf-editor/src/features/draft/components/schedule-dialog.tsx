import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker, Modal, Typography } from 'antd';
import { EDITOR_LIMITS, formatChinaTime, scheduleTimeIssue } from 'shared-sdk/contract';

interface Props {
  open: boolean;
  /** Injected so the window of 10 minutes to 7 days is testable. */
  now: () => number;
  onCancel: () => void;
  onConfirm: (publishTime: string) => void;
}

/** 定时发布: a time from 10 minutes to 7 days ahead, sent as China time like every product time. */
export function ScheduleDialog({ open, now, onCancel, onConfirm }: Props) {
  const [value, setValue] = useState<Dayjs | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const min = dayjs(now() + EDITOR_LIMITS.SCHEDULE_MIN_MS);
  const max = dayjs(now() + EDITOR_LIMITS.SCHEDULE_MAX_MS);
  const confirm = () => {
    const text = value ? formatChinaTime(value.valueOf()) : '';
    const issue = scheduleTimeIssue(text, now());
    if (issue) return setProblem(issue);
    onConfirm(text);
  };
  return (
    <Modal open={open} title="定时发布" okText="确定" onOk={confirm} onCancel={onCancel} destroyOnHidden>
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        aria-label="发布时间"
        placeholder="选择发布时间"
        style={{ width: '100%' }}
        value={value}
        disabledDate={(day) => day.isBefore(min, 'day') || day.isAfter(max, 'day')}
        onChange={(day) => (setValue(day), setProblem(null))}
      />
      <Typography.Paragraph type={problem ? 'danger' : 'secondary'} style={{ marginTop: 8 }}>
        {problem ?? `可选择 ${min.format('MM-DD HH:mm')} 至 ${max.format('MM-DD HH:mm')} 之间的时间`}
      </Typography.Paragraph>
    </Modal>
  );
}
