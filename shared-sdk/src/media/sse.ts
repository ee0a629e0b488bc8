/** Reads server-sent events out of a text that grows as it arrives; each complete event once. */
export interface SseEvent {
  name: string;
  data: string;
}

export function sseReader(onEvent: (event: SseEvent) => void): (textSoFar: string) => void {
  let consumed = 0;
  return (textSoFar) => {
    for (;;) {
      const end = textSoFar.indexOf('\n\n', consumed);
      if (end < 0) return;
      const block = textSoFar.slice(consumed, end);
      consumed = end + 2;
      let name = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length) onEvent({ name, data: data.join('\n') });
    }
  };
}
