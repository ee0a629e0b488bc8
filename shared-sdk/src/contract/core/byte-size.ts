const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/**
 * Bytes as operators read them, in binary units with one decimal: 500 B, 1.5 KiB, 3.0 MiB. The same
 * in the command line's storage report and in the console's 存储 screen.
 */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
