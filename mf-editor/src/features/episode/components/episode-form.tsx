import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'shared-sdk/router';
import { App, Button, Form, Input, InputNumber, Result, Select, Spin } from 'antd';
import { guardCreation } from 'shared-sdk';
import { BanRange, DRAMA_LIMITS, type DramaSeries, type EditorVideo } from 'shared-sdk/contract';
import { charCount, charLimit } from 'shared-sdk/rules';
import { ImageSlots } from '../../../components/materials/image-slots';
import { VideoField } from '../../../components/video-field';
import { episodeCalls } from '../api/episode-calls';

interface Values {
  drama_id?: number;
  episode_no?: number;
  title: string;
}

type Loaded = { kind: 'loading' } | { kind: 'refused'; text: string } | { kind: 'ready'; series: DramaSeries[] };

/** /episode: one episode of one of my short dramas (needs the short-drama authority). */
export function EpisodeForm() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const episodeId = Number(search.get('episodeId')) || 0;
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [video, setVideo] = useState<EditorVideo>({ url: '', poster: '', vid: '' });
  const [cover, setCover] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      if (!guardCreation(BanRange.CONTENT)) return { kind: 'refused', text: '暂时无法创作：请完成实名认证，或在解除限制后再试' } as const;
      if (!(await episodeCalls.hasAuth()).check) return { kind: 'refused', text: '暂无短剧权限' } as const;
      const series = (await episodeCalls.mySeries()).list;
      if (episodeId) {
        const episode = await episodeCalls.episode(episodeId);
        form.setFieldsValue({ drama_id: episode.drama_id, episode_no: episode.episode_no, title: episode.title });
        setVideo({ url: episode.video_url, poster: episode.cover_url, vid: '' });
        setCover(episode.cover_url ? [episode.cover_url] : []);
      } else {
        const dramaId = Number(search.get('dramaId')) || undefined;
        const current = series.find((item) => item.id === dramaId);
        form.setFieldsValue({ drama_id: dramaId, episode_no: current ? current.episode_count + 1 : undefined });
      }
      return { kind: 'ready', series } as const;
    })().then(
      (state) => live && setLoaded(state),
      (error: { message?: string }) => live && setLoaded({ kind: 'refused', text: error.message ?? '加载失败' }),
    );
    return () => {
      live = false;
    };
  }, [episodeId, search, form]);

  const submit = async (values: Values) => {
    if (!guardCreation(BanRange.CONTENT)) return;
    if (!video.url) return void message.error('请选择视频');
    setSaving(true);
    try {
      const saved = await episodeCalls.save({
        ...(episodeId ? { id: episodeId } : {}),
        drama_id: values.drama_id ?? 0,
        episode_no: values.episode_no ?? 0,
        title: values.title.trim(),
        video_url: video.url,
        cover_url: cover[0] ?? video.poster,
      });
      void message.success('保存成功');
      navigate(`/shortPlay/detail?id=${saved.drama_id}`);
    } catch (error) {
      void message.error((error as { message?: string }).message ?? '保存失败');
    } finally {
      setSaving(false);
    }
  };

  // Padding, not margin: the margin collapsed through the bare screen to the body and moved the page.
  if (loaded.kind === 'loading')
    return (
      <div style={{ paddingTop: 120 }}>
        <Spin style={{ display: 'block', margin: '0 auto' }} />
      </div>
    );
  if (loaded.kind === 'refused') return <Result status="warning" title="剧集" subTitle={loaded.text} />;
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} style={{ maxWidth: 720, margin: '0 auto', padding: 24 }}>
      <Form.Item name="drama_id" label="所属短剧" rules={[{ required: true, message: '请选择短剧' }]}>
        <Select
          aria-label="所属短剧"
          placeholder="选择我的短剧"
          disabled={episodeId > 0}
          options={loaded.series.map((item) => ({ value: item.id, label: item.title }))}
        />
      </Form.Item>
      <Form.Item name="episode_no" label="集数" rules={[{ required: true, message: '请输入集数' }]}>
        <InputNumber aria-label="集数" min={1} max={DRAMA_LIMITS.episodeNoMax} precision={0} addonBefore="第" addonAfter="集" />
      </Form.Item>
      <Form.Item
        name="title"
        label="标题"
        rules={[
          { required: true, whitespace: true, message: '请输入标题' },
          // Counted as the server counts (shared-sdk/rules: code points, an emoji is one character).
          {
            validator: (_, title?: string) =>
              charCount((title ?? '').trim()) > DRAMA_LIMITS.episodeTitleMax
                ? Promise.reject(new Error(`标题最多${DRAMA_LIMITS.episodeTitleMax}个字`))
                : Promise.resolve(),
          },
        ]}
      >
        <Input aria-label="标题" count={charLimit(DRAMA_LIMITS.episodeTitleMax)} />
      </Form.Item>
      <Form.Item label="视频" required>
        <VideoField video={video} onChange={setVideo} />
      </Form.Item>
      <Form.Item label="封面">
        <ImageSlots label="封面" urls={cover} count={1} onChange={setCover} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}
