import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { errorMessage } from '../lib/error-message';

export interface DecisionDialogProps {
  open: boolean;
  title: string;
  /** What is about to happen, and to what. */
  description?: ReactNode;
  okText: string;
  danger?: boolean;
  /** The reason the audit trail (and, for rejections and replies, the creator) reads; absent: no field. */
  reason?: { label: string; required: boolean; max: number; placeholder?: string };
  /** Extra fields (a ban's type and end); their values come with the reason. */
  children?: ReactNode;
  /** The extra fields' values as the dialog opens (a creator's current tools). */
  initialValues?: Record<string, unknown>;
  /** Resolves when done (the dialog closes); a refusal keeps the dialog and what was typed, and shows why. */
  onSubmit: (values: { reason: string } & Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}

/**
 * Every decision that changes something goes through here: it names what will happen, asks for the
 * reason where the audit trail records one, and never loses what was typed to a failed call.
 */
export function DecisionDialog({ open, title, description, okText, danger, reason, children, initialValues, onSubmit, onClose }: DecisionDialogProps) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // A new dialog at every opening. One dialog serves one decision after another: closing as its call
  // ends hid the OK button in the middle of its loading icon's leave motion, which then never ended,
  // and the next opening carried that icon spinning, unseen, for good (found by the console e2e).
  // Field ids of this dialog's own (a screen holds several dialogs, each with a 原因 field): a label
  // names its own field, never another dialog's.
  const formName = `decision${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [openings, setOpenings] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpenings((n) => n + 1);
  }
  // The starting values go in once per opening, as it opens: after the fields have mounted and before
  // the browser paints, so before the operator can choose or type anything, and never again (applied
  // when the opening motion ended, they overwrote what was chosen during it).
  const applied = useRef(-1);
  useLayoutEffect(() => {
    if (!open || applied.current === openings) return;
    applied.current = openings;
    if (initialValues) form.setFieldsValue(initialValues);
  });
  const close = () => {
    setError('');
    onClose();
  };

  const submit = async () => {
    const values = (await form.validateFields()) as { reason?: string } & Record<string, unknown>;
    setBusy(true);
    setError('');
    try {
      await onSubmit({ ...values, reason: (values.reason ?? '').trim() });
      form.resetFields();
      close();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      key={openings}
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger, loading: busy }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      forceRender
      destroyOnHidden={false}
    >
      {description && <div style={{ marginBottom: 16 }}>{description}</div>}
      {error && <Alert type="error" role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} name={formName} layout="vertical" requiredMark={false} initialValues={initialValues}>
        {children}
        {reason && (
          <Form.Item
            label={reason.label}
            name="reason"
            rules={[
              { required: reason.required, whitespace: true, message: `请填写${reason.label}` },
              { max: reason.max, message: `最多 ${reason.max} 个字` },
            ]}
          >
            <Input.TextArea rows={3} placeholder={reason.placeholder} showCount maxLength={reason.max} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
