/**
 * The storage's refusals of an upload that retrying cannot fix, in words the creator can act on. The
 * embedded storage answers them as OSS errors (ali-oss puts the XML `Code` on the error): the
 * creator's quota used up, too many uploads left unfinished, a file beyond what its kind may hold (a
 * part over the limit, or a request body over 20 MB, whose 413 carries the server's envelope).
 */
import { STORAGE_REFUSAL_MESSAGES } from 'shared-sdk/contract';

export { STORAGE_REFUSAL_MESSAGES };

/** An upload the storage refused for good; its message is the one to show. */
export class StorageRefusal extends Error {
  constructor(
    readonly code: keyof typeof STORAGE_REFUSAL_MESSAGES,
    cause: unknown,
  ) {
    super(STORAGE_REFUSAL_MESSAGES[code], { cause });
    this.name = 'StorageRefusal';
  }
}

/**
 * Whether an upload failed with one of these refusals. By name, not class: the `ui` and `upload`
 * entries are bundled into each remote, so the class the check sees may be another copy.
 */
export function isStorageRefusal(error: unknown): error is StorageRefusal {
  return error instanceof Error && error.name === 'StorageRefusal';
}

/** The refusal an ali-oss error stands for, or null (a network failure or anything worth retrying). */
export function storageRefusalOf(error: unknown): StorageRefusal | null {
  if (error instanceof StorageRefusal) return error;
  const { code, status } = (error ?? {}) as { code?: unknown; status?: unknown };
  if (typeof code === 'string' && Object.hasOwn(STORAGE_REFUSAL_MESSAGES, code))
    return new StorageRefusal(code as keyof typeof STORAGE_REFUSAL_MESSAGES, error);
  if (status === 413) return new StorageRefusal('EntityTooLarge', error);
  return null;
}

/**
 * The refusal a server answer (1002 with one of these messages: the token call with the file's kind
 * and size) stands for, or null. Same words, so the screens show them as they show the storage's.
 */
export function storageRefusalOfAnswer(error: unknown): StorageRefusal | null {
  const message = error instanceof Error ? error.message : '';
  const code = (Object.keys(STORAGE_REFUSAL_MESSAGES) as Array<keyof typeof STORAGE_REFUSAL_MESSAGES>).find(
    (name) => STORAGE_REFUSAL_MESSAGES[name] === message,
  );
  return code ? new StorageRefusal(code, error) : null;
}
