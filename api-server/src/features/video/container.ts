/**
 * Which container a video file is, by its first bytes. The transcoder is told the container
 * explicitly (`-f`), so ffmpeg never probes a hostile file into a demuxer that follows references
 * (playlists, external data references) to other files or URLs.
 */
export type VideoContainer = 'mov' | 'matroska';

export function sniffContainer(head: Buffer): VideoContainer | null {
  // ISO base media (mp4, mov, m4v): a box size, then 'ftyp' (or an old QuickTime 'moov'/'mdat'/'wide').
  const box = head.subarray(4, 8).toString('latin1');
  if (['ftyp', 'moov', 'mdat', 'wide', 'free'].includes(box)) return 'mov';
  // EBML (webm, mkv).
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'matroska';
  return null;
}
