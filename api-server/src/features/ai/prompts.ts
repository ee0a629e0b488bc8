/** What each helper asks the model: one system message per action, the creator's text as the user message. */
import type { AiWriteParams } from 'shared-sdk/contract';

const HOUSE =
  '你是一名新闻客户端的资深编辑，帮助创作者修改稿件。只输出修改后的正文，不要解释、不要加标题或引号，' + '保持原文的事实、数字、人名和地名不变，使用简体中文。';

export function chatMessages(params: AiWriteParams): Array<{ role: 'system' | 'user'; content: string }> {
  const text = (params.text ?? '').trim();
  switch (params.action) {
    case 'expand':
      return [
        { role: 'system', content: `${HOUSE}任务：扩写。在不编造事实的前提下补充细节、背景和过渡，使内容更充实，篇幅约为原文的两倍。` },
        { role: 'user', content: text },
      ];
    case 'polish':
      return [
        { role: 'system', content: `${HOUSE}任务：润色。修正错别字和病句，使语句通顺、用词准确，篇幅与原文相近。` },
        { role: 'user', content: text },
      ];
    case 'tone':
      return [
        { role: 'system', content: `${HOUSE}任务：改写语气。把原文改写成「${params.tone ?? '正式'}」的语气，意思不变。` },
        { role: 'user', content: text },
      ];
    case 'openAi':
      return [
        { role: 'system', content: `${HOUSE}任务：按创作者的要求写作。${text ? '可参考创作者提供的上下文。' : ''}` },
        { role: 'user', content: text ? `要求：${(params.prompt ?? '').trim()}\n\n上下文：${text}` : (params.prompt ?? '').trim() },
      ];
  }
}
