import { useCallback, useState } from 'react';

/**
 * A form field's state that tells the frame about every edit, after React applied it, so the
 * frame's getDoc() (journal, autosave) already reads the new value.
 */
export function useField<T>(initial: T, onChange: () => void): [T, (value: T) => void] {
  const [value, setValue] = useState(initial);
  const set = useCallback(
    (next: T) => {
      setValue(next);
      setTimeout(onChange);
    },
    [onChange],
  );
  return [value, set];
}
